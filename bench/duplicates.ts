// Duplicates at 10,000 icons (ADR 0109, server/domain/drawing-groups.ts): a project's icons grouped by
// drawing (GET /api/icons/duplicates) and a create-many of 500 flagged against them, with the
// comparisons in slices that yield to the event loop, against the same comparisons made in one go
// (the peer: the code before slicing), in the same run. Reports each one's time and the longest the
// event loop waited meanwhile (a 1 ms timer's worst lateness). Fingerprints are real: Lucide's icons
// (@iconify-json/lucide, ISC) drawn by resvg, and each again moved by one to four pixels (distinct
// drawings, some near), up to 10,000. `node bench/duplicates.ts [icons]`; prints JSON lines.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg } from 'node:os'
import { FINGERPRINT_SIZE } from '../common/duplicates.ts'
import {
  flagDrawings,
  groupDrawings,
  type StoredDrawing,
  storedDrawings,
} from '../server/domain/drawing-groups.ts'
import { fingerprintOf } from '../server/svg-pool/fingerprint.ts'

const total = Number(process.argv[2] ?? 10_000)
const require = createRequire(import.meta.url)
const lucide = JSON.parse(readFileSync(require.resolve('@iconify-json/lucide/icons.json'), 'utf8')) as {
  icons: Record<string, { body: string }>
}
const base = Object.values(lucide.icons).map((icon) =>
  fingerprintOf(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">${icon.body}</svg>`,
  ),
)

/** A fingerprint moved down by `dy` rows and right by `dx` columns (what leaves the raster is lost). */
function moved(hex: string, dx: number, dy: number): string {
  const words = Array.from({ length: FINGERPRINT_SIZE * 2 }, (_, i) =>
    Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16),
  )
  const out = new Array<number>(words.length).fill(0)
  for (let plane = 0; plane < 2; plane++)
    for (let y = 0; y + dy < FINGERPRINT_SIZE; y++)
      out[plane * FINGERPRINT_SIZE + y + dy] = (words[plane * FINGERPRINT_SIZE + y]! >>> dx) >>> 0
  return out.map((w) => w.toString(16).padStart(8, '0')).join('')
}

const rows: StoredDrawing[] = []
for (let shift = 0; rows.length < total; shift++)
  for (const [i, print] of base.entries()) {
    if (rows.length >= total) break
    rows.push({
      id: `icon-${rows.length}`,
      drawing_hash: `${i}:${shift}`,
      fingerprint: moved(print, shift % 3, Math.floor(shift / 3)),
    })
  }

/** Runs `work`, measuring its time and the worst lateness of a 1 ms timer meanwhile. */
async function measured<T>(work: () => Promise<T>) {
  let worst = 0
  let last = performance.now()
  const probe = setInterval(() => {
    const now = performance.now()
    worst = Math.max(worst, now - last - 1)
    last = now
  }, 1)
  const started = performance.now()
  const result = await work()
  const ms = performance.now() - started
  clearInterval(probe)
  worst = Math.max(worst, performance.now() - last - 1)
  return { result, ms, worstStallMs: worst }
}

const round = (n: number) => Math.round(n * 10) / 10
const batch = Array.from({ length: 500 }, (_, i) => ({
  id: `new-${i}`,
  measure: { drawing_hash: `new:${i}`, fingerprint: moved(base[(i * 7) % base.length]!, 1, 2) },
}))

for (let run = 1; run <= 3; run++) {
  const sliced = await measured(() => groupDrawings(rows))
  const whole = await measured(() => groupDrawings(rows, Number.POSITIVE_INFINITY))
  // As findDuplicates does it: the project's drawings read, then the batch compared with them.
  const flagsSliced = await measured(async () => flagDrawings(batch, await storedDrawings(rows)))
  const flagsWhole = await measured(async () => {
    const all = await storedDrawings(rows, undefined, Number.POSITIVE_INFINITY)
    return flagDrawings(batch, all, Number.POSITIVE_INFINITY)
  })
  console.log(
    JSON.stringify({
      bench: 'duplicates',
      run,
      icons: rows.length,
      nearGroups: sliced.result.near.length,
      groupMs: round(sliced.ms),
      groupStallMs: round(sliced.worstStallMs),
      peerGroupMs: round(whole.ms),
      peerGroupStallMs: round(whole.worstStallMs),
      timeRatio: round(sliced.ms / whole.ms),
      stallRatio: Math.round((sliced.worstStallMs / whole.worstStallMs) * 1000) / 1000,
      flag500Ms: round(flagsSliced.ms),
      flag500StallMs: round(flagsSliced.worstStallMs),
      peerFlag500StallMs: round(flagsWhole.worstStallMs),
      load: loadavg()[0]!.toFixed(2),
    }),
  )
}
