// What each drawing names among the icons the index found, and groups made from near links
// (ADR 0109, 0113): the order rules of the contract, and a project of many thousands of icons and
// links grouped in slices that let the event loop run (counted by a setImmediate chain that can only
// advance when the grouping yields).
import { describe, expect, it } from 'vitest'
import { chooseFlags, groupFromLinks, type Placed } from './drawing-groups.ts'

const placed = (id: string, hash: string, created_ms: number): Placed => ({ id, hash, created_ms })

/** Runs `work` while a setImmediate chain counts the turns of the event loop it lets through. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0
  let finished = false
  const tick = () => {
    turns++
    if (!finished) setImmediate(tick)
  }
  setImmediate(tick)
  const result = await work()
  finished = true
  return { result, turns }
}

describe('flags chosen among the icons found', () => {
  it('names the oldest equal icon and the nearest near one; an earlier item of the request counts, a later one not', () => {
    const a = placed('a', 'h-bar', 1)
    const c = placed('c', 'h-bar', 3)
    const d = placed('d', 'h-nudged', 4)
    const e = placed('e', 'h-new', 9)
    const f = placed('f', 'h-new', 9)
    const flags = chooseFlags(
      [{ id: null, hash: 'h-bar' }, { id: 'e', hash: 'h-new' }, { id: 'f', hash: 'h-new' }, null],
      [[c, a], [e, f], [e, f], []],
      [
        [{ ...d, distance: 1 }],
        [
          { ...d, distance: 1 },
          { ...a, distance: 0 },
        ],
        [],
        [],
      ],
      new Set(),
    )
    expect(flags).toEqual([
      { duplicate_of: 'a', near_duplicate_of: 'd' },
      { duplicate_of: null, near_duplicate_of: 'a' }, // its own id and the later item never count
      { duplicate_of: 'e', near_duplicate_of: null }, // the second of two equal drawings in one request
      { duplicate_of: null, near_duplicate_of: null },
    ])
    // An excluded icon (a drawing being replaced) is never named; at equal distance the oldest wins.
    const b = placed('b', 'h-other', 2)
    expect(
      chooseFlags(
        [{ id: null, hash: 'h-bar' }],
        [[a]],
        [
          [
            { ...d, distance: 1 },
            { ...b, distance: 1 },
          ],
        ],
        new Set(['a']),
      ),
    ).toEqual([{ duplicate_of: null, near_duplicate_of: 'b' }])
  })
})

describe('groups from near links', () => {
  it('groups equal drawings, and near ones through their links and their equal copies, oldest first', async () => {
    const rows = [
      { id: 'a', hash: 'h-bar' },
      { id: 'b', hash: 'h-dot' },
      { id: 'c', hash: 'h-bar' },
      { id: 'd', hash: 'h-nudged' },
      { id: 'e', hash: 'h-far' },
      { id: 'f', hash: 'h-far-near' },
    ]
    const links = [
      { a: 'a', b: 'd' },
      { a: 'e', b: 'f' },
      { a: 'gone', b: 'b' }, // an icon no longer in the project
    ]
    expect(await groupFromLinks(rows, links)).toEqual({
      exact: [['a', 'c']],
      near: [
        ['a', 'c', 'd'],
        ['e', 'f'],
      ],
    })
  })

  it('lets the event loop run while 20,000 icons and their links are grouped, with the same answer', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: `i${i}`, hash: `h${i % 16_000}` }))
    const links = Array.from({ length: 40_000 }, (_, i) => ({
      a: `i${i % 20_000}`,
      b: `i${(i * 7919) % 20_000}`,
    }))
    const sliced = await turnsDuring(() => groupFromLinks(rows, links, 5_000))
    expect(sliced.turns).toBeGreaterThan(10)
    const whole = await turnsDuring(() => groupFromLinks(rows, links, Number.POSITIVE_INFINITY))
    expect(whole.turns).toBeLessThanOrEqual(1) // the peer that never yields holds the loop throughout
    expect(sliced.result).toEqual(whole.result)
    expect(sliced.result.exact).toHaveLength(4_000)
  })
})
