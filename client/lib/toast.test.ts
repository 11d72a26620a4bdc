import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  ACTION_TOAST_MS,
  commandAction,
  currentToasts,
  defineToastCommand,
  holdToast,
  runToastAction,
  toast,
} from './toast.ts'

const visible = (id: string) => currentToasts().some((t) => t.id === id && t.visible)

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  test('a toast with an action stays 8 s, and as long as it is held', () => {
    const id = toast('Deleted 3 icons', 'success', { action: { label: 'Undo', run: () => {} } })
    vi.advanceTimersByTime(ACTION_TOAST_MS - 100)
    expect(visible(id)).toBe(true)
    holdToast(id, true)
    vi.advanceTimersByTime(60_000)
    expect(visible(id)).toBe(true)
    holdToast(id, false)
    vi.advanceTimersByTime(2100)
    expect(visible(id)).toBe(false)
  })

  test('a plain toast goes after 4 s', () => {
    const id = toast('Copied', 'success')
    vi.advanceTimersByTime(4100)
    expect(visible(id)).toBe(false)
  })

  test('the action runs once and hides the toast', async () => {
    let runs = 0
    const id = toast('Deleted 1 icon', 'success', { action: { label: 'Undo', run: () => void runs++ } })
    runToastAction(id)
    runToastAction(id)
    await vi.runAllTimersAsync()
    expect(runs).toBe(1)
    expect(visible(id)).toBe(false)
  })

  test('a command from another tab becomes an action only where it is defined', () => {
    const command = { label: 'Restore', name: 'test/cmd', args: { id: 'x' } }
    expect(commandAction(command)).toBeUndefined()
    const got: unknown[] = []
    defineToastCommand('test/cmd', (args) => void got.push(args))
    const action = commandAction(command)
    expect(action?.label).toBe('Restore')
    void action?.run()
    expect(got).toEqual([{ id: 'x' }])
  })
})
