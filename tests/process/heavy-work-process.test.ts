// Heavy work is bounded per process and per user (ADR 0310), on a real server process: a project of
// 3,000 stroked icons (seeded straight into Postgres), six font exports at once from one read token,
// each with its own class prefix so that no two share a build (an attacker's best). While they run,
// the server's memory (VmRSS of its process) grows by less than 1 GB and /api/health answers within
// 200 ms (99 in 100; none waits a second); every export ends with 200 or 429 with Retry-After; the same export asked again of the
// unchanged project is the kept bytes, which costs the server almost no CPU (a build costs seconds).
// The build runs at nice 10 (ADR 0310): on this shared machine at a load of 15-20 it took 2-3 minutes
// of wall time, at 25 more than 5, hence the long timeout; the test asserts no time of its own.
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type ApiUser, proUserWithProject } from '../setup/api-user.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createTestDb, type TestDb } from '../setup/test-db.ts'

const ICONS = 3_000
const MB = 1024 * 1024

/** A distinct Lucide-style stroked drawing (strokes 2 wide, round caps and joins). */
const stroked = (i: number) =>
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" ' +
  'stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
  `<circle cx="12" cy="12" r="${3 + (i % 7)}"/><path d="M${2 + (i % 11)} 3l${4 + (i % 13)} ${18 - (i % 5)}"/>` +
  `<path d="M4 ${20 - (i % 9)}q8 -${2 + (i % 6)} 16 0"/></svg>`

/** The process's resident memory now (bytes). */
const rssOf = (pid: number) => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb) * 1024
}

/** The CPU time the process (all its threads) has used (ms). */
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  // utime and stime are the 14th and 15th fields of the line, in clock ticks (100 a second here).
  return (Number(fields[11]) + Number(fields[12])) * 10
}

postgresOnly('heavy work on a real server process', () => {
  let smtp: TestSmtp
  let db: TestDb
  let app: AppProcess
  let owner: ApiUser
  let token: string

  beforeAll(async () => {
    smtp = await startTestSmtp()
    db = await createTestDb('postgres')
    const databaseUrl = (db.options as { databaseUrl: string }).databaseUrl
    app = await startApp({ env: { SMTP_URL: smtp.url, DATABASE_URL: databaseUrl } })
    owner = await proUserWithProject(app.baseUrl, smtp, 'heavy-owner@example.com')
    const me = await (await owner.call('/api/me')).json()
    // Seeded straight into the database: the SVG pipeline's CPU budget would take minutes for 3,000.
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      for (let from = 0; from < ICONS; from += 500) {
        const rows = Array.from({ length: Math.min(500, ICONS - from) }, (_, k) => from + k)
        const values = rows.map(
          (_, k) =>
            `(gen_random_uuid(), $${k * 2 + 1}, $${k * 2 + 2}, $${rows.length * 2 + 1}, $${rows.length * 2 + 2})`,
        )
        await client.query(
          `insert into icons (id, name, svg, user_id, project_id) values ${values.join(', ')}`,
          [...rows.flatMap((i) => [`icon ${i}`, stroked(i)]), me.user.id, owner.projectId],
        )
      }
    } finally {
      await client.end()
    }
    const created = await owner.call('/api/tokens/create', {
      name: 'viewer',
      scope: 'read',
      project_ids: [owner.projectId],
    })
    expect(created.status).toBe(200)
    token = (await created.json()).data.token
  }, 180_000)

  afterAll(async () => {
    await app?.stop()
    await smtp?.close()
    await db?.dispose()
  })

  const exportFont = (prefix: string) =>
    fetch(`${app.baseUrl}/api/projects/export?project_id=${owner.projectId}&format=font&prefix=${prefix}`, {
      headers: { authorization: `Bearer ${token}` },
    })

  it('six font exports at once keep memory and health within bounds; the same export again is kept', async () => {
    const pid = app.child.pid!
    // The health checks' connection is made, and the server's first answers given, before the run.
    const quiet: number[] = []
    for (let i = 0; i < 10; i++) {
      const started = performance.now()
      expect((await fetch(`${app.baseUrl}/api/health`)).status).toBe(200)
      quiet.push(Math.round(performance.now() - started))
    }
    const before = rssOf(pid)
    let pending = 6
    const answers = Promise.all(
      ['a-', 'b-', 'c-', 'd-', 'e-', 'f-'].map(async (prefix) => {
        const res = await exportFont(prefix)
        const bytes = new Uint8Array(await res.arrayBuffer())
        pending--
        return { prefix, status: res.status, retryAfter: res.headers.get('retry-after'), bytes }
      }),
    )
    const latencies: number[] = []
    let most = before
    while (pending > 0) {
      const started = performance.now()
      const health = await fetch(`${app.baseUrl}/api/health`)
      latencies.push(performance.now() - started)
      expect(health.status).toBe(200)
      most = Math.max(most, rssOf(pid))
      // Checked at every sample, so a server that runs away fails the test before it takes the machine.
      expect(most - before, `RSS grew by ${Math.round((most - before) / MB)} MB`).toBeLessThan(1024 * MB)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const done = await answers
    const sorted = [...latencies].sort((a, b) => a - b).map(Math.round)
    console.log(
      `heavy-work: ${latencies.length} health samples, median ${sorted[sorted.length >> 1]} ms, p99 ${sorted[Math.floor(sorted.length * 0.99)]} ms, max ${sorted.at(-1)} ms; RSS +${Math.round((most - before) / MB)} MB; statuses ${done.map((a) => a.status).join(' ')}`,
    )
    console.log(
      `heavy-work latencies: before ${quiet.join(' ')}; during ${latencies.map(Math.round).join(' ')}`,
    )
    expect(latencies.length).toBeGreaterThanOrEqual(10)
    // Health within 200 ms: 99 checks in 100, the few others from this shared machine's scheduling
    // (at a load of 15-20 on 2 cores an idle event loop misses a tick by 200-300 ms now and then,
    // measured in the middle of a build). A held event loop shows as a check that waited all of it:
    // none may wait a second.
    const p99 = sorted[Math.floor(sorted.length * 0.99)]!
    expect(p99, '99th percentile of health checks while the exports ran (ms)').toBeLessThanOrEqual(200)
    expect(sorted.at(-1), 'the slowest health check while the exports ran (ms)').toBeLessThan(1_000)
    for (const answer of done) {
      expect([200, 429]).toContain(answer.status)
      if (answer.status === 429) expect(Number(answer.retryAfter)).toBeGreaterThan(0)
    }
    const built = done.find((a) => a.status === 200)
    expect(built, 'at least one export was built').toBeDefined()

    // The same export of the unchanged project: the kept bytes, without a build.
    const cpu = cpuOf(pid)
    const again = await exportFont(built!.prefix)
    expect(again.status).toBe(200)
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(built!.bytes))).toBe(true)
    expect(cpuOf(pid) - cpu, 'CPU ms the server spent on the repeated export').toBeLessThan(1_000)
  }, 600_000)
})
