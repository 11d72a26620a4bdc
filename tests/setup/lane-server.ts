// A test app served over real HTTP behind the Iconify lane (server/iconify-lane.ts, ADR 0021), as
// ServerContext.listener serves it, counting the requests that reached the app (the rest the lane sent).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import { iconifyLane } from '../../server/iconify-lane.ts'
import type { Logger } from '../../server/log.ts'
import type { TestApp } from './test-app.ts'

export type LaneServer = {
  base: string
  /** Requests that reached the app so far. */
  reachedApp(): number
  close(): Promise<unknown>
}

/** The app of `t` served over HTTP behind its own lane (with `logger`), counting what reached the app. */
export async function laneServer(t: TestApp, logger: Logger = t.ctx.logger): Promise<LaneServer> {
  const lane = iconifyLane({ db: t.ctx.store.db, logger, trustRequestId: false })
  const app = getRequestListener(t.ctx.app.fetch)
  let reached = 0
  const server = createServer((req, res) => {
    if (lane(req, res)) return
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
