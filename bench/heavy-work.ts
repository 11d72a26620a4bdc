// `node bench/heavy-work.ts [icons] [jobs]`: what one user can take with heavy work (ADR 0310). Builds
// the icon font of N Lucide-style stroked icons (default 3,000) through the heavy-work gate and
// builder as the server does, `jobs` times at once for one user (default 6, each with its own class
// prefix: no two share a build), and reports each build's time, the process's peak RSS growth (the
// worker's heap, the WOFF2 encoder's WebAssembly memory), its CPU time, and the longest the event
// loop waited meanwhile. Then one export with a heap too small for it: refused with 413, the process
// lives on.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { ApiError } from '../server/domain/errors.ts'
import type { StoredIconRow } from '../server/domain/projects/release-set.ts'
import { streamExport } from '../server/heavy-work/export-stream.ts'
import { createHeavyWork, DEFAULT_HEAVY_HEAP_MB } from '../server/heavy-work/heavy-work.ts'

const count = Number(process.argv[2] ?? 3000)
const jobs = Number(process.argv[3] ?? 6)
const lucide = (i: number) =>
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" ' +
  'stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
  `<circle cx="12" cy="12" r="${4 + (i % 6)}"/><path d="m9 12 2 2 4-${i % 7}"/>` +
  '<path d="M3 10a2 2 0 0 1 .709-1.528l7-5.999a2 2 0 0 1 2.582 0l7 5.999A2 2 0 0 1 21 10v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/></svg>'
const icons = Array.from({ length: count }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `icon-${i}`,
  svg: lucide(i),
  code_point: 0xf0000 + i,
}))

const MB = 1024 * 1024
const heavy = createHeavyWork({ concurrency: 1, heapMb: DEFAULT_HEAVY_HEAP_MB })
const before = process.memoryUsage().rss
let peak = before
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss)
}, 50)
const delay = monitorEventLoopDelay({ resolution: 5 })
delay.enable()
const cpu = process.cpuUsage()
const started = performance.now()
const outcomes = await Promise.all(
  Array.from({ length: jobs }, async (_, n) => {
    const request = { projectName: 'Bench', classPrefix: `p${n}-`, icons }
    try {
      const result = await heavy.run('one-user', () => heavy.build({ kind: 'font', request }))
      return { job: n, status: 200, ms: Math.round(performance.now() - started), bytes: result.bytes.length }
    } catch (error) {
      return {
        job: n,
        status: error instanceof ApiError ? error.status : 500,
        ms: Math.round(performance.now() - started),
      }
    }
  }),
)
const used = process.cpuUsage(cpu)
clearInterval(sampler)
delay.disable()
for (const outcome of outcomes) console.log(JSON.stringify(outcome))
console.log(
  JSON.stringify({
    icons: count,
    jobs,
    total_ms: Math.round(performance.now() - started),
    cpu_ms: Math.round((used.user + used.system) / 1000),
    peak_rss_growth_mb: Math.round((peak - before) / MB),
    max_loop_delay_ms: Math.round(delay.max / 1e6),
  }),
)
await heavy.close()

// A heap too small for the build (120 icons of about 1 MB of markup in 64 MB): 413, and this
// process goes on.
const huge = Array.from({ length: 120 }, (_, n) => ({
  name: `big-${n}`,
  svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n} 0${'h1v1'.repeat(250_000)}"/></svg>`,
  aliases: [],
}))
const pagesOf = (icons: object[]) => async (send: (page: StoredIconRow[]) => void) => {
  for (let i = 0; i < icons.length; i += 10) send(icons.slice(i, i + 10) as StoredIconRow[])
}
const small = createHeavyWork({ concurrency: 1, heapMb: 64 })
const refused = await streamExport(
  small,
  {
    kind: 'export',
    request: { kind: 'svg-zip', projectName: 'Huge' },
  },
  pagesOf(huge),
).then(
  () => 'built',
  (error: unknown) => (error instanceof ApiError ? `${error.status} ${error.code}` : String(error)),
)
console.log(JSON.stringify({ heap_mb: 64, markup_mb: 120, outcome: refused, process: 'alive' }))
await small.close()
