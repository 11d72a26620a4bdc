// A fake Iconvault server for CLI tests: a real node:http server on loopback whose answers the test
// sets per path (JSON, bytes, any status and headers), as a hostile, compromised or busy server
// would give them. Counts the requests of each path, so a test can tell what the CLI asked.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeAnswer = {
  status?: number
  headers?: Record<string, string>
  json?: unknown
  bytes?: Uint8Array
}
export type FakeRoute = (url: URL, req: IncomingMessage) => FakeAnswer

export type FakeIconvault = {
  url: string
  port: number
  /** Requests received, by path (no query). */
  hits: Map<string, number>
  /** All requests received. */
  total(): number
  /** Sets (or replaces) the answer of a path; a path without one answers 404 in the error shape. */
  on(path: string, route: FakeRoute): void
  close(): Promise<void>
}

export async function startFakeIconvault(): Promise<FakeIconvault> {
  const routes = new Map<string, FakeRoute>()
  const hits = new Map<string, number>()
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1)
    req.resume()
    req.on('end', () => {
      const route = routes.get(url.pathname)
      const answer = route
        ? route(url, req)
        : { status: 404, json: { error: 'Not found', code: 'not_found' } }
      const body = answer.bytes ?? Buffer.from(JSON.stringify(answer.json ?? {}))
      res.writeHead(answer.status ?? 200, {
        'content-type': answer.bytes ? 'application/zip' : 'application/json',
        ...answer.headers,
      })
      res.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    total: () => [...hits.values()].reduce((a, b) => a + b, 0),
    on: (path, route) => routes.set(path, route),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
