// Drawings compared in slices (ADR 0109): the groups and flags are what the rule says, and a project
// of thousands of drawings lets the event loop run between slices instead of holding it until done
// (counted by a setImmediate chain that can only advance when the comparison yields).
import { describe, expect, it } from 'vitest'
import { FINGERPRINT_SIZE } from '../../common/duplicates.ts'
import { flagDrawings, groupDrawings, type Known, known, type StoredDrawing } from './drawing-groups.ts'

/** A fingerprint (hex) whose solid and touched planes are `rows` (one 32-bit word per row). */
const print = (rows: (y: number) => number) => {
  const words = Array.from({ length: FINGERPRINT_SIZE }, (_, y) => rows(y) >>> 0)
  const hex = words.map((w) => w.toString(16).padStart(8, '0')).join('')
  return hex + hex
}
const BAR = print((y) => (y >= 8 && y < 24 ? 0x00ffff00 : 0))
const BAR_NUDGED = print((y) => (y >= 8 && y < 24 ? 0x00ffff00 : y === 24 ? 0x00010000 : 0)) // one pixel more
const DOT = print((y) => (y >= 14 && y < 18 ? 0x0000f000 : 0))
const stored = (id: string, hash: string, fingerprint: string): StoredDrawing => ({
  id,
  drawing_hash: hash,
  fingerprint,
})

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

describe('drawings compared', () => {
  it('groups equal drawings and near ones, oldest first; flags a new drawing by the first equal and the nearest', async () => {
    const rows = [
      stored('a', 'h-bar', BAR),
      stored('b', 'h-dot', DOT),
      stored('c', 'h-bar', BAR),
      stored('d', 'h-bar-nudged', BAR_NUDGED),
    ]
    expect(await groupDrawings(rows)).toEqual({ exact: [['a', 'c']], near: [['a', 'c', 'd']] })
    const among: Known[] = rows.map((r) =>
      known(r.id, { drawing_hash: r.drawing_hash!, fingerprint: r.fingerprint! }),
    )
    const flags = await flagDrawings(
      [
        { id: null, measure: { drawing_hash: 'h-bar', fingerprint: BAR } },
        { id: 'e', measure: { drawing_hash: 'h-new', fingerprint: print((y) => (y < 4 ? 0xf0000000 : 0)) } },
        { id: 'f', measure: { drawing_hash: 'h-new', fingerprint: print((y) => (y < 4 ? 0xf0000000 : 0)) } },
        { id: 'g', measure: null },
      ],
      among,
    )
    expect(flags).toEqual([
      { duplicate_of: 'a', near_duplicate_of: 'd' },
      { duplicate_of: null, near_duplicate_of: null },
      { duplicate_of: 'e', near_duplicate_of: null }, // the second of two equal drawings in one request
      { duplicate_of: null, near_duplicate_of: null },
    ])
  })

  it('lets the event loop run while thousands of drawings are compared, with the same answer', async () => {
    // 2,000 drawings drawn alike (each pair compared in full): ~2 million comparisons.
    const rows = Array.from({ length: 2_000 }, (_, i) => stored(`i${i}`, `h${i}`, BAR))
    const sliced = await turnsDuring(() => groupDrawings(rows, 10_000))
    expect(sliced.turns).toBeGreaterThan(100)
    const whole = await turnsDuring(() => groupDrawings(rows, Number.POSITIVE_INFINITY))
    expect(whole.turns).toBeLessThanOrEqual(1) // the peer that never yields holds the loop throughout
    expect(sliced.result).toEqual(whole.result)
    expect(sliced.result.near).toHaveLength(1)
    expect(sliced.result.near[0]).toHaveLength(2_000)

    const among = rows.map((r) => known(r.id, { drawing_hash: r.drawing_hash!, fingerprint: BAR }))
    const items = Array.from({ length: 200 }, (_, i) => ({
      id: `n${i}`,
      measure: { drawing_hash: `new${i}`, fingerprint: DOT },
    }))
    const flagged = await turnsDuring(() => flagDrawings(items, [...among], 10_000))
    expect(flagged.turns).toBeGreaterThan(20)
    expect(flagged.result[0]).toEqual({ duplicate_of: null, near_duplicate_of: null })
    expect(flagged.result[1]).toEqual({ duplicate_of: null, near_duplicate_of: 'n0' })
  })
})
