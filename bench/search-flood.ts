// Search under a flood (ADR 0108): a real server process (PGlite, or Postgres with `postgres`) with a
// project of N icons; /api/health sampled while idle, then during four loops of 100-word searches with
// limit=1000 by one user (tests/setup/search-flood.ts), each loop renaming an icon halfway; then the
// first search after a change, alone. `node bench/search-flood.ts [icons=10000] [pglite|postgres]
// [rounds=12]`; prints one JSON line with the load average before and after.
import { loadavg } from 'node:os'
import { flood, searchAll, startSeededApp } from '../tests/setup/search-flood.ts'
import { resolveTestDatabase } from '../tests/setup/test-database.ts'

const icons = Number(process.argv[2] ?? 10_000)
const kind = process.argv[3] === 'postgres' ? 'postgres' : 'pglite'
const rounds = Number(process.argv[4] ?? 12)
resolveTestDatabase()
const load = () => loadavg()[0]!.toFixed(1)
const loadBefore = load()
const seeded = await startSeededApp(kind, icons, 'bench-search@example.com')
try {
  const { app, user } = seeded
  const ms = async (work: () => Promise<unknown>) => {
    const started = performance.now()
    await work()
    return Math.round(performance.now() - started)
  }
  const idle = await flood(app.baseUrl, user, { loops: 0, rounds: 0, sampleMs: 5000 })
  const firstSearch = await ms(() => searchAll(user, 'icon'))
  const some = (await searchAll(user, 'icon')).hits[0]!
  const run = await flood(app.baseUrl, user, { loops: 4, rounds, renamed: some.id })
  await user.call('/api/icons/update', { id: some.id, name: 'after-flood' })
  const afterChange = await ms(() => searchAll(user, 'after flood'))
  const unchanged = await ms(() => searchAll(user, 'after flood'))
  const searchMs = run.searches.map((s) => s.ms).sort((a, b) => a - b)
  const round1 = (n: number) => Math.round(n * 10) / 10
  console.log(
    JSON.stringify({
      icons,
      kind,
      firstSearchMs: firstSearch,
      searchAfterChangeMs: afterChange,
      searchUnchangedMs: unchanged,
      flood: {
        searches: run.searches.length,
        statuses: [...new Set(run.searches.map((s) => s.status))],
        searchMedianMs: Math.round(searchMs[Math.floor(searchMs.length / 2)] ?? 0),
        healthSamples: run.health.length,
        healthMedianMs: round1(run.healthMedian),
        healthWorstMs: round1(run.healthWorst),
      },
      idleHealth: {
        samples: idle.health.length,
        medianMs: round1(idle.healthMedian),
        worstMs: round1(idle.healthWorst),
      },
      load: `${loadBefore} → ${load()}`,
    }),
  )
} finally {
  await seeded.stop()
}
