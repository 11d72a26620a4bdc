// What bench/live-delivery.ts runs against (a server process on PGlite or Postgres, or three on one
// Postgres behind haproxy) and the one write it measures: a create of a real drawing.
import { randomUUID } from 'node:crypto'
import type { Agent } from 'node:http'
import { performance } from 'node:perf_hooks'
import { startCluster } from '../../tests/cluster/cluster.ts'
import { type AppProcess, startApp } from '../../tests/setup/app-process.ts'
import type { TestSmtp } from '../../tests/setup/smtp.ts'
import { createTestDb } from '../../tests/setup/test-db.ts'
import { realIcons } from '../vault-setup.ts'
import type { Create } from './measure.ts'
import { http, type Session, type Team } from './team.ts'

export type Target = {
  kind: string
  baseUrl: string
  /** The app processes (for RSS). */
  pids: () => (number | undefined)[]
  stop(): Promise<void>
}

export async function startTarget(kind: 'pglite' | 'postgres' | 'cluster', smtp: TestSmtp): Promise<Target> {
  if (kind === 'cluster') {
    // TRUST_PROXY=2: haproxy appends the address it saw, so the client's own X-Forwarded-For
    // entry (a fresh address per sign-in) is two hops from the right.
    const cluster = await startCluster({ env: { SMTP_URL: smtp.url, TRUST_PROXY: '2' } })
    return {
      kind,
      baseUrl: cluster.baseUrl,
      pids: () => cluster.apps.map((a) => a?.child.pid),
      stop: () => cluster.close(),
    }
  }
  const db = kind === 'postgres' ? await createTestDb('postgres') : null
  const env: Record<string, string> = { SMTP_URL: smtp.url, TRUST_PROXY: '1' }
  // Profiling the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof): its own NODE_OPTIONS.
  if (process.env.BENCH_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS
  // The server's own log (e.g. warn), printed to stderr when it stops.
  if (process.env.BENCH_SERVER_LOG_LEVEL) env.LOG_LEVEL = process.env.BENCH_SERVER_LOG_LEVEL
  if (db && 'databaseUrl' in db.options) env.DATABASE_URL = db.options.databaseUrl
  const app: AppProcess = await startApp({ env })
  return {
    kind,
    baseUrl: app.baseUrl,
    pids: () => [app.child.pid],
    stop: async () => {
      if (process.env.BENCH_SERVER_LOG_LEVEL) process.stderr.write(app.output())
      await app.stop()
      await db?.dispose()
    },
  }
}

const svgs = realIcons(400).map((i) => i.svg)
let svgAt = 0

/** One create; resolves with its record (ackAt set when answered 200). */
export async function create(
  baseUrl: string,
  team: Team,
  writer: Session,
  agent: Agent,
  creates: Map<string, Create>,
) {
  const id = randomUUID()
  const svg = svgs[svgAt++ % svgs.length]!
  const record: Create = { id, sentAt: performance.now() }
  creates.set(id, record)
  try {
    const res = await http(`${baseUrl}/api/icons/create`, {
      agent,
      headers: { cookie: writer.cookie, origin: baseUrl },
      body: { id, name: `live ${id.slice(0, 8)}`, svg, project_id: team.projectId, workspace_id: team.wsId },
    })
    record.status = res.status
    if (res.status === 200) record.ackAt = performance.now()
    else record.refusal = `${res.status} ${/"code":"([^"]+)"/.exec(res.body)?.[1] ?? ''}`.trim()
  } catch {
    record.status = 0
  }
  return record
}
