// Search never holds the server's event loop (ADR 0108): a real server process with a project of
// 10,000 icons, searched by one user in four concurrent loops of 100-word queries with limit=1000 (the
// flood an attacker review measured at a 658 ms median and a 1.09 s worst of /api/health), the project
// renamed into meanwhile so that its index is brought up to date during the flood too. /api/health,
// sampled throughout by a process of its own, answers within 100 ms beyond the worst the same machine
// shows with no search at all (sampled 5 s before and after): on a quiet machine that is ~100 ms. On 2
// cores shared at a load of 17–21 the scheduler alone delays the event loop 60–290 ms now and then, all
// through a flood and not tied to any search (bench/README.md), so that bound holds for 99% of the
// samples, and none may wait a second, as one held loop did (1.9–2.0 s before the worker). Every
// search is answered 200 with its hits.
import { loadavg } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flood, type SeededApp, searchAll, startSeededApp } from '../setup/search-flood.ts'
import { type DbKind, dbKinds } from '../setup/test-db.ts'

const ICONS = 10_000
const ROUNDS = 12
/** How much later than the worst with no search at all /api/health may answer (99th percentile). */
const HEALTH_WORST_MS = 100
/** No answer at all this late: what one search held on the event loop (the review: 1.09 s). */
const HELD_MS = 1_000

function floodOn(kind: DbKind) {
  let seeded: SeededApp
  beforeAll(async () => {
    seeded = await startSeededApp(kind, ICONS, `flood-${kind}@example.com`)
  }, 240_000)
  afterAll(() => seeded?.stop())

  it('answers /api/health within 100 ms throughout four loops of 100-word searches with limit=1000', async () => {
    const { app, user } = seeded
    const first = await searchAll(user, 'icon')
    expect(first.status).toBe(200)
    expect(first.hits).toHaveLength(1000)
    const idleMs = 5_000
    const before = await flood(app.baseUrl, user, { loops: 0, rounds: 0, sampleMs: idleMs })
    const run = await flood(app.baseUrl, user, { loops: 4, rounds: ROUNDS, renamed: first.hits[0]!.id })
    const after = await flood(app.baseUrl, user, { loops: 0, rounds: 0, sampleMs: idleMs })
    const idleWorst = Math.max(before.healthWorst, after.healthWorst)
    expect(run.searches.map((s) => s.status)).toEqual(Array(4 * ROUNDS).fill(200))
    // the broad query finds every icon and answers the first 1,000
    expect(run.searches.filter((s) => s.hits === 1000)).toHaveLength(2 * ROUNDS)
    expect(run.renames).toEqual([200, 200, 200, 200])
    const renamed = await searchAll(user, 'renamed')
    expect(renamed.hits.map((h) => h.name)).toEqual([expect.stringMatching(/^renamed-\d$/)])
    expect([...run.healthStatuses]).toEqual([200])
    expect(run.health.length).toBeGreaterThan(20)
    console.log(
      `${kind}: ${run.health.length} health samples, median ${run.healthMedian.toFixed(1)} ms, worst ${run.healthWorst.toFixed(1)} ms; idle worst ${idleWorst.toFixed(1)} ms, load ${loadavg()[0]}`,
    )
    // No answer waited as a search held the loop (before the worker: 1.9–2.0 s here) ...
    expect(run.healthWorst).toBeLessThanOrEqual(HELD_MS)
    // ... and all but the slowest 1% within 100 ms of the worst with no search at all.
    const sorted = [...run.health].sort((a, b) => a - b)
    expect(sorted[Math.floor(sorted.length * 0.99)]).toBeLessThanOrEqual(idleWorst + HEALTH_WORST_MS)
  }, 240_000)
}

for (const kind of dbKinds)
  describe(`search floods leave the event loop free on ${kind} (real server process)`, () => floodOn(kind))
