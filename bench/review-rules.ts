// Review rules benchmark (ADR 0110): every Lucide icon, stored as the pipeline stores it, checked
// against all eight rules (the lucide preset with max_elements on) ×ROUNDS: per icon, the markup
// read into the tree and every rule run. Prints one JSON line per measurement.
// Run: node bench/review-rules.ts [rounds]   (default 5)
import { loadavg } from 'node:os'
import { checkSvg, checkTree, PRESET_RULES, withChanges } from '../common/review-rules/index.ts'
import { iconSet } from '../common/review-rules/test-support.ts'
import { importSvg, readSvg } from '../common/svg/index.ts'

const rounds = Number(process.argv[2] ?? 5)
const rules = withChanges(PRESET_RULES.lucide, { max_elements: { enabled: true } })
const icons = iconSet('lucide').map((icon) => {
  const stored = importSvg(icon.svg)
  if ('error' in stored) throw new Error(`${icon.name}: ${stored.error}`)
  return stored.svg
})

function summary(bench: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  const ms = (n: number) => Math.round(n * 1000) / 1000
  console.log(
    JSON.stringify({
      bench,
      icons: icons.length,
      runs: samples.length,
      p50ms: ms(at(0.5)),
      p95ms: ms(at(0.95)),
      maxMs: ms(at(1)),
      load: loadavg().map((l) => Math.round(l * 10) / 10),
    }),
  )
}

for (const svg of icons) checkSvg(svg, rules) // warm-up
const whole: number[] = []
const treeOnly: number[] = []
for (let round = 0; round < rounds; round++) {
  for (const svg of icons) {
    const t0 = performance.now()
    const tree = readSvg(svg)
    const t1 = performance.now()
    checkTree(tree, rules)
    const t2 = performance.now()
    whole.push(t2 - t0)
    treeOnly.push(t2 - t1)
  }
}
summary('review-rules markup → all 8 rules', whole)
summary('review-rules tree → all 8 rules', treeOnly)
