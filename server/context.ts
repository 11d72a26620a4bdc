// Builds everything a running server needs from a Config: logger, database, mail, auth, app.
// index.ts serves it; tests build it the same way on a throwaway database. The logger comes first:
// everything after it logs through it (ADR 0014).
import type { RequestListener } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { createApp } from './app.ts'
import { createAuth } from './auth/auth.ts'
import { sessionAnswers } from './cache/session-answers.ts'
import type { Config } from './config/config.ts'
import { type OpenOptions, openStore, type Store } from './db/client.ts'
import { releaseAccount } from './domain/accounts/account-deletion.ts'
import { rekeyPrints } from './domain/duplicates/rekey-prints.ts'
import { createMailer, type Mailer } from './emails/mail.ts'
import { createEventBus, type EventBus } from './events/events.ts'
import { createHeavyWork, type HeavyWork } from './heavy-work/heavy-work.ts'
import { iconifyFastPath } from './iconify-fast-path.ts'
import { createLogger, type Logger } from './log/log.ts'
import { sessionFastPath } from './session-fast-path.ts'
import { createSvgPool } from './svg-pool/pool.ts'
import type { SvgPool, SvgPoolOptions } from './svg-pool/pool-api.ts'

export type ServerContext = {
  config: Config
  logger: Logger
  store: Store
  mailer: Mailer
  events: EventBus
  svg: SvgPool
  heavy: HeavyWork
  auth: ReturnType<typeof createAuth>
  app: ReturnType<typeof createApp>
  /**
   * The node:http request listener: a kept Iconify answer (iconify-fast-path.ts, ADR 0021) or a
   * session's kept answer (session-fast-path.ts, ADR 0416) goes out before the app is asked;
   * everything else is the app's, as @hono/node-server wires it.
   */
  listener: RequestListener
  close(): Promise<void>
}

export async function createContext(
  config: Config,
  storeOptions?: OpenOptions,
  svgPoolOptions?: SvgPoolOptions,
): Promise<ServerContext> {
  const logger = createLogger(config.log)
  const store = await openStore(
    storeOptions ?? (config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }),
    logger,
  )
  // Near keys a migration emptied are made again before anything is served (ADR 0113).
  const started = performance.now()
  const rekeyed = await rekeyPrints(store.db).catch(async (err) => {
    await store.close()
    throw err
  })
  if (rekeyed)
    logger.info({ prints: rekeyed, ms: Math.round(performance.now() - started) }, 'near keys made again')
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger,
  })
  const events = await createEventBus(store, logger)
  const svg = createSvgPool(svgPoolOptions)
  const heavy = createHeavyWork(config.heavyWork)
  const deps = { db: store.db, events, mailer, config, svg, heavy, logger }
  const auth = createAuth({
    config,
    store,
    mailer,
    logger,
    // Forgotten here before the request that ended it answers; in every other process by its note.
    onSessionEnded: (id, reason) => {
      sessionAnswers(store.db).sessions.endSessions([id])
      return events.publish({ entity: 'sessions', op: 'ended', ids: [id], reason })
    },
    beforeUserDelete: (userId) => releaseAccount(deps, userId),
  })
  const app = createApp({ auth, store, deps, logger })
  const sending = { db: store.db, logger, trustRequestId: config.trustProxy > 0 }
  const iconify = iconifyFastPath(sending)
  const signedIn = sessionFastPath({ ...sending, kind: store.kind })
  const hono = getRequestListener(app.fetch, { hostname: config.host })
  return {
    config,
    logger,
    store,
    mailer,
    events,
    svg,
    heavy,
    auth,
    app,
    listener: (req, res) => {
      if (!iconify(req, res) && !signedIn(req, res)) hono(req, res)
    },
    close: async () => {
      await svg.close()
      await heavy.close()
      await events.close()
      mailer.close()
      await store.close()
    },
  }
}
