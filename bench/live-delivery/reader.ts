// The readers of bench/live-delivery.ts's load phase, a child process of its own so their parsing
// does not delay the writers' clocks: reads a JSON job from stdin, prints `ready`, loads the server
// with `connections` loops of GET /api/icons (with its ETag), /api/me, /api/projects and /api/sync
// (from the loop's own cursor), back to back, then prints its figures as one JSON line.
import { Agent } from 'node:http'
import { performance } from 'node:perf_hooks'
import { summary } from './measure.ts'
import { http } from './team.ts'

async function readerMain() {
  let input = ''
  for await (const chunk of process.stdin) input += chunk
  const job = JSON.parse(input) as {
    baseUrl: string
    seconds: number
    connections: number
    users: string[]
    projectId: string
    wsId: string
  }
  const agent = new Agent({ keepAlive: true, maxSockets: job.connections })
  const byStatus: Record<string, number> = {}
  const latency: Record<string, number[]> = { icons: [], me: [], projects: [], sync: [] }
  let errors = 0
  let requests = 0
  process.stdout.write('ready\n')
  const t0 = performance.now()
  const end = t0 + job.seconds * 1000
  await Promise.all(
    Array.from({ length: job.connections }, async (_, loop) => {
      const cookie = job.users[loop % job.users.length]!
      let etag: string | undefined
      let since = 0
      for (let turn = loop; performance.now() < end; turn++) {
        const kind = (['icons', 'me', 'projects', 'sync'] as const)[turn % 4]!
        const path =
          kind === 'icons'
            ? `/api/icons?project_id=${job.projectId}`
            : kind === 'sync'
              ? `/api/sync?scope=${job.wsId}&since=${since}`
              : `/api/${kind}`
        const headers: Record<string, string> = { cookie }
        // Lists compressed as a browser takes them, with the ETag it holds; sync in plain JSON (read here).
        if (kind !== 'sync') headers['accept-encoding'] = 'br, gzip'
        if (kind === 'icons' && etag) headers['if-none-match'] = etag
        const start = performance.now()
        try {
          const res = await http(`${job.baseUrl}${path}`, { agent, headers })
          latency[kind]!.push(performance.now() - start)
          requests++
          byStatus[res.status] = (byStatus[res.status] ?? 0) + 1
          if (kind === 'icons' && res.status === 200) etag = String(res.headers.etag ?? '') || undefined
          if (kind === 'sync' && res.status === 200)
            since = (JSON.parse(res.body) as { data: { version: number } }).data.version
        } catch {
          errors++
          await new Promise((r) => setTimeout(r, 50))
        }
      }
    }),
  )
  const seconds = (performance.now() - t0) / 1000
  agent.destroy()
  const latencyMs = Object.fromEntries(Object.entries(latency).map(([k, v]) => [k, summary(v)]))
  process.stdout.write(JSON.stringify({ requests, seconds, byStatus, errors, latencyMs }))
  process.exit(0)
}

await readerMain()
