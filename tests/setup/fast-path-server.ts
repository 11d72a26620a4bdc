// A test app served over real HTTP behind its fast paths (server/iconify-fast-path.ts, ADR 0021;
// server/session-fast-path.ts, ADR 0416), as ServerContext.listener serves it, counting the requests
// that reached the app (the rest a fast path sent).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { iconifyFastPath } from '../../server/iconify-fast-path.ts'
import type { Logger } from '../../server/log/log.ts'
import { sessionFastPath } from '../../server/session-fast-path.ts'
import type { TestApp } from './test-app.ts'

export type FastPathServer = {
  base: string
  /** Requests that reached the app so far. */
  reachedApp(): number
  close(): Promise<unknown>
}

/** The app of `t` served over HTTP behind its own fast paths (with `logger`), counting what reached the app. */
export async function fastPathServer(t: TestApp, logger: Logger = t.ctx.logger): Promise<FastPathServer> {
  const sending = { db: t.ctx.store.db, logger, trustRequestId: false }
  const iconify = iconifyFastPath(sending)
  const signedIn = sessionFastPath({ ...sending, kind: t.ctx.store.kind })
  const app = getRequestListener(t.ctx.app.fetch)
  let reached = 0
  const server = createServer((req, res) => {
    if (iconify(req, res) || signedIn(req, res)) return
    reached++
    app(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reachedApp: () => reached,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}
