// measureMany (measure-many.ts) on the real SVG pool: a group of drawings whose measure together passes
// the pool's CPU deadline is measured drawing by drawing (the same measures as a pool with room), so a
// write is never failed by its duplicate check (a create answered 500 on a busy machine before).
import { afterAll, describe, expect, it } from 'vitest'
import { createSvgPool } from '../../svg-pool/pool.ts'
import { measureMany } from './measure-many.ts'

/**
 * ~10 ms of the measure's CPU each, warm (16,000 curve segments, 416 KB), so 50 of them take ~0.5 s
 * together: past the deadline and the pool's first check (CPU_CHECK_MS, 100 ms) on a fast machine
 * too. With 4,000 segments a group took ~0.1 s on one and ended before the pool's first check.
 */
const mid = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${`<path d="M${n % 20} 0${' c1.1 2.2 3.3 4.4 5.5 6.6'.repeat(1999)}"/>`.repeat(8)}</svg>`

describe('measureMany on the real pool', () => {
  // A deadline of 200 ms of CPU: above one drawing's ~10 ms warm, and its cold first measure on a
  // worker just replaced, on a busy machine (60 ms was passed once, in a CI run, and that drawing
  // came back null); below the group's ~500 ms, which the pool's checks (every 100 ms) catch.
  const tight = createSvgPool({ size: 1, cpuDeadlineMs: 200 })
  const roomy = createSvgPool({ size: 1 })
  afterAll(async () => {
    await tight.close()
    await roomy.close()
  })

  it('a group past the deadline is measured drawing by drawing, with the same measures', async () => {
    const svgs = Array.from({ length: 50 }, (_, n) => mid(n))
    const expected = await measureMany({ svg: roomy }, svgs, 'roomy')
    expect(expected.every((m) => m !== null)).toBe(true)
    const measured = await measureMany({ svg: tight }, svgs, 'tight')
    expect(tight.stats().replaced).toBeGreaterThanOrEqual(1)
    expect(measured).toEqual(expected)
  })
})
