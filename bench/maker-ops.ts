// Maker editing-op benchmark: each op (fit, rotate, flip, stroke width, colour, optimise, and the
// preview's sanitize) on every icon of the legit corpus ×ROUNDS; target median < 16 ms (a frame).
// Prints one JSON line per op. Run: node bench/maker-ops.ts [rounds]   (default 20)
import { setColor } from '../client/features/maker/ops/color.ts'
import { fitToGrid } from '../client/features/maker/ops/fit.ts'
import { optimize } from '../client/features/maker/ops/optimize.ts'
import { flip, rotate } from '../client/features/maker/ops/orient.ts'
import { setStrokeWidth, strokeInfo } from '../client/features/maker/ops/stroke.ts'
import { sanitizeSvg } from '../common/svg/index.ts'
import { legitFixtures } from '../common/svg/test-support/fixtures.ts'

const rounds = Number(process.argv[2] ?? 20)
const icons = legitFixtures()
const FRAME_MS = 16

const ops: Record<string, (svg: string) => unknown> = {
  'fit to grid 24 (padding 2)': (svg) => fitToGrid(svg, { size: 24, padding: 2 }),
  'rotate 90': (svg) => rotate(svg, 90),
  'flip horizontal': (svg) => flip(svg, 'horizontal'),
  'stroke width (read + set)': (svg) => strokeInfo(svg).stroked && setStrokeWidth(svg, 1.5),
  'colour currentColor': (svg) => setColor(svg, 'currentColor'),
  'colour #e11d48': (svg) => setColor(svg, '#e11d48'),
  optimise: (svg) => optimize(svg),
  'preview (sanitize)': (svg) => sanitizeSvg(svg),
}

const ms = (n: number) => Math.round(n * 1000) / 1000

await optimize(icons[0]!.svg) // loads svgo once, outside the measurements
for (const [name, op] of Object.entries(ops)) {
  const samples: number[] = []
  for (let r = 0; r < rounds; r++) {
    for (const icon of icons) {
      const t0 = performance.now()
      await op(icon.svg)
      samples.push(performance.now() - t0)
    }
  }
  const sorted = samples.sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  console.log(
    JSON.stringify({
      bench: `maker op: ${name}`,
      runs: samples.length,
      p50ms: ms(at(0.5)),
      p95ms: ms(at(0.95)),
      maxMs: ms(at(1)),
      underFrameAtMedian: at(0.5) < FRAME_MS,
    }),
  )
}
