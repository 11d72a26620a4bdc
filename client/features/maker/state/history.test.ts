import { describe, expect, it } from 'vitest'
import { canRedo, canUndo, emptyHistory, HISTORY_LIMIT, push, redo, undo } from './history.ts'

describe('maker history', () => {
  it('undoes and redoes in order; a new change clears what could be redone', () => {
    let h = push(push(push(emptyHistory<string>(), 'a'), 'b'), 'c')
    expect(canUndo(h)).toBe(true)
    h = undo(undo(h))
    expect(h.present).toBe('a')
    expect(canUndo(h)).toBe(false)
    h = redo(h)
    expect(h).toEqual({ past: ['a'], present: 'b', future: ['c'] })
    h = push(h, 'd')
    expect(h).toEqual({ past: ['a', 'b'], present: 'd', future: [] })
    expect(canRedo(h)).toBe(false)
    expect(redo(undo(undo(undo(undo(h)))))).toEqual({ past: ['a'], present: 'b', future: ['d'] })
  })

  it('ignores a change to the same value and keeps at most the limit', () => {
    const h = push(emptyHistory<string>(), 'a')
    expect(push(h, 'a')).toBe(h)
    let long = emptyHistory<number>()
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) long = push(long, i)
    expect(long.past).toHaveLength(HISTORY_LIMIT)
    expect(long.past[0]).toBe(19)
  })
})
