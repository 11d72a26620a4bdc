// Search by meaning over 10,000 icons in Chromium (a query answers in ≤ 50 ms in the browser).
// The vault's own search module (common/search/icon-search.ts, with the shipped synonym list) is bundled
// by Vite and run in a page, against two peers in the same run: the same library without synonyms, and
// the vault's search before it (a plain Array.filter: every word a substring of the folded name). Each
// query is timed `rounds` times: median and p95 per engine, and the ratios to the peers. Then the
// same queries through a Web Worker as the vault asks them (post the query, receive the ranked hits),
// the time a person waits. Icons: names and tags of @tabler/icons, lucide-static and
// @phosphor-icons/core (a team that tags its icons), topped up with @iconify-json/mdi names, and a
// label for every fifth.
// Run: node bench/search.ts [count] [rounds]   (prints one JSON line per step)
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { icons as phosphor } from '@phosphor-icons/core'
import tabler from '@tabler/icons/icons.json' with { type: 'json' }
import lucide from 'lucide-static/tags.json' with { type: 'json' }
import { build, type Rollup } from 'vite'
import type { SearchDoc } from '../common/search/icon-search.ts'
import { launchBrowser } from '../tests/setup/browser.ts'

const COUNT = Number(process.argv[2] ?? 10_000)
const ROUNDS = Number(process.argv[3] ?? 20)
const QUERIES = [
  'cog',
  'arrow',
  'trash',
  'setings',
  'home',
  'user plus',
  'chevron right',
  'a',
  'heart',
  'mail',
]
const log = (o: object) => console.log(JSON.stringify({ bench: 'search', ...o }))

function docs(count: number): SearchDoc[] {
  const out: SearchDoc[] = []
  const add = (name: string, tags: readonly unknown[]) => {
    if (out.length >= count) return
    const i = out.length
    const label = i % 5 === 0 ? name.replace(/-/g, ' ') : ''
    out.push({ id: `i${i}`, name: `${name}-${i}`, tags: tags.map(String), label, aliases: [] })
  }
  for (const icon of Object.values(tabler as Record<string, { name: string; tags?: unknown[] }>))
    add(icon.name, icon.tags ?? [])
  for (const [name, tags] of Object.entries(lucide as Record<string, string[]>)) add(name, tags)
  for (const icon of phosphor) add(icon.name, icon.tags)
  const mdi = JSON.parse(
    readFileSync(new URL('../node_modules/@iconify-json/mdi/icons.json', import.meta.url), 'utf8'),
  ) as { icons: Record<string, unknown> }
  for (const name of Object.keys(mdi.icons)) add(name, [])
  return out
}

/** The page's (and the worker's) code: the search module, its synonyms, the peers and a timer. */
const ENTRY = `
import { createIconSearch } from ${JSON.stringify(fileURLToPath(new URL('../common/search/icon-search.ts', import.meta.url)))}
import synonyms from ${JSON.stringify(fileURLToPath(new URL('../common/search/synonyms.json', import.meta.url)))}
const fold = (s) => s.normalize('NFKD').replace(/\\p{M}/gu, '').toLowerCase()
const plain = (docs) => (q) => {
  const words = fold(q).split(/[\\s_-]+/).filter(Boolean)
  return docs.filter((d) => { const n = fold(d.name); return words.every((w) => n.includes(w)) })
}
const stats = (samples) => {
  const s = [...samples].sort((a, b) => a - b)
  const at = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))]
  return { median: +at(0.5).toFixed(3), p95: +at(0.95).toFixed(3), max: +s[s.length - 1].toFixed(3) }
}
const time = (fn, queries, rounds) => {
  for (const q of queries) fn(q)
  const samples = []
  for (let r = 0; r < rounds; r++) for (const q of queries) {
    const t = performance.now(); fn(q); samples.push(performance.now() - t)
  }
  return stats(samples)
}
const perQuery = (fn, queries, rounds) => Object.fromEntries(queries.map((q) => {
  const samples = []
  for (let r = 0; r < rounds; r++) { const t = performance.now(); fn(q); samples.push(performance.now() - t) }
  return [q, stats(samples).median]
}))
const built = (make) => { const t = performance.now(); const s = make(); return [s, +(performance.now() - t).toFixed(1)] }
globalThis.runBench = (docs, queries, rounds) => {
  const [meaning, buildMs] = built(() => createIconSearch(docs, synonyms))
  const [noSynonyms, buildNoSynonymsMs] = built(() => createIconSearch(docs, {}))
  const scan = plain(docs)
  return {
    buildMs, buildNoSynonymsMs,
    hits: Object.fromEntries(queries.map((q) => [q, [meaning.search(q).length, noSynonyms.search(q).length, scan(q).length]])),
    meaning: time((q) => meaning.search(q), queries, rounds),
    noSynonyms: time((q) => noSynonyms.search(q), queries, rounds),
    plainScan: time(scan, queries, rounds),
    meaningPerQuery: perQuery((q) => meaning.search(q), queries, rounds),
  }
}
if (typeof document === 'undefined') {
  let search
  self.onmessage = ({ data }) => {
    if (data.docs) { search = createIconSearch(data.docs, synonyms); self.postMessage({ ready: true }) }
    else self.postMessage({ hits: search.search(data.query).map((h) => [h.id, h.score, h.matched]) })
  }
}
`

const bundled = await build({
  configFile: false,
  logLevel: 'silent',
  plugins: [
    {
      name: 'bench-entry',
      enforce: 'pre',
      resolveId: (id) => (id.endsWith('search-bench') ? '\0search-bench' : null),
      load: (id) => (id === '\0search-bench' ? ENTRY : null),
    },
  ],
  build: {
    write: false,
    minify: true,
    lib: { entry: 'search-bench', formats: ['iife'], name: 'SearchBench' },
  },
})
const code = (Array.isArray(bundled) ? bundled[0]! : (bundled as Rollup.RollupOutput)).output[0].code
const list = docs(COUNT)
log({
  step: 'icons',
  icons: list.length,
  tagged: list.filter((d) => d.tags?.length).length,
  bundleBytes: code.length,
})

const browser = await launchBrowser()
const { page } = browser
await page.setContent('<!doctype html><title>search bench</title>')
await page.addScriptTag({ content: code })
type Stats = { median: number; p95: number; max: number }
type PageResult = {
  buildMs: number
  buildNoSynonymsMs: number
  hits: Record<string, number[]>
  meaning: Stats
  noSynonyms: Stats
  plainScan: Stats
  meaningPerQuery: Record<string, number>
}
type RunBench = (docs: SearchDoc[], queries: string[], rounds: number) => PageResult
const result = await page.evaluate(
  ([d, q, r]) => (globalThis as unknown as { runBench: RunBench }).runBench(d, [...q], r),
  [list, QUERIES, ROUNDS] as const,
)
const ratio = (a: number, b: number) => +(a / b).toFixed(2)
log({ step: 'index build (page)', ms: result.buildMs, noSynonymsMs: result.buildNoSynonymsMs })
log({ step: 'hits per query [meaning, no synonyms, plain scan]', ...result.hits })
for (const engine of ['meaning', 'noSynonyms', 'plainScan'] as const)
  log({ step: `query ms (page): ${engine}`, ...result[engine] })
log({ step: 'median ms per query (page): meaning', ...result.meaningPerQuery })
log({
  step: 'ratios (meaning ÷ peer)',
  medianVsNoSynonyms: ratio(result.meaning.median, result.noSynonyms.median),
  p95VsNoSynonyms: ratio(result.meaning.p95, result.noSynonyms.p95),
  medianVsPlainScan: ratio(result.meaning.median, result.plainScan.median),
  p95VsPlainScan: ratio(result.meaning.p95, result.plainScan.p95),
})

// Through a worker, as the vault asks: post the query, wait for the ranked hits.
const worker = await page.evaluate(
  async ([source, d, q, r]) => {
    const w = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })))
    const ask = (message: unknown) =>
      new Promise<{ hits?: unknown[] }>((resolve) => {
        w.onmessage = (e) => resolve(e.data)
        w.postMessage(message)
      })
    let t = performance.now()
    await ask({ docs: d })
    const buildMs = performance.now() - t
    for (const query of q) await ask({ query })
    const samples: number[] = []
    for (let i = 0; i < r; i++)
      for (const query of q) {
        t = performance.now()
        await ask({ query })
        samples.push(performance.now() - t)
      }
    samples.sort((a, b) => a - b)
    const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!
    w.terminate()
    return {
      buildMs: +buildMs.toFixed(1),
      median: +at(0.5).toFixed(2),
      p95: +at(0.95).toFixed(2),
      max: +samples.at(-1)!.toFixed(2),
    }
  },
  [code, list, QUERIES, ROUNDS] as const,
)
log({ step: 'query ms (worker round trip, as the vault)', ...worker, target: 50 })
await browser.close()
