// Opens the database: embedded PGlite in DATA_DIR by default, a Postgres server when
// DATABASE_URL is set. Both speak Postgres, share one drizzle schema and one migration
// folder, and offer LISTEN/NOTIFY for change events.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { envLogger, type Logger } from '../log/log.ts'
import { lockDataDir } from './lock.ts'
import { pgListener } from './pg-listener.ts'
import { watchedPool } from './pg-pool.ts'
import { PgliteRemote } from './pglite-remote.ts'
import { seedFromTemplate } from './pglite-template.ts'
import * as schema from './schema/index.ts'
import { startUpkeep, UPKEEP, type Upkeep, type UpkeepOptions } from './upkeep.ts'

type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction (or the database itself, where one statement is the transaction). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

export type Store = {
  kind: 'pglite' | 'postgres'
  db: Db
  /**
   * The same database, for the few small reads of live delivery (events/events.ts: recipients, sessions, the
   * rows a batch of notes names): they must not queue behind the requests' load, or teammates hear of
   * a change only once a busy server has answered everybody else.
   */
  deliveryDb: Db
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. When the listening
   * connection was lost and has been re-established (LISTEN again), `onResume` is called: notes
   * sent meanwhile were missed, so whatever was kept on their word must be forgotten.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResume?: () => void,
  ): Promise<() => Promise<void>>
  notify(channel: string, payload: string): Promise<void>
  /**
   * When the database last answered a query of this process (ms since the epoch, 0 if not known):
   * `/api/health` takes a recent answer as proof of life instead of queueing its own behind a busy
   * database (ADR 0304).
   */
  lastAnswer(): number
  /**
   * When a connection of this process to the database was last lost or refused (ms since the epoch,
   * 0 if never): an answer older than that proves nothing, so health asks again (ADR 0306).
   */
  lastLoss(): number
  /** PGlite in DATA_DIR only: the vacuum and analyze no autovacuum does there (upkeep.ts). */
  upkeep?: Upkeep
  /** PGlite only: a consistent gzipped tarball of the data directory (npm run backup). */
  dump?: () => Promise<Blob>
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

export type OpenOptions =
  | { databaseUrl: string }
  | { dataDir: string; lock?: boolean; upkeep?: UpkeepOptions }
  | { pglite: PGlite }

/** Opens and migrates the database; what goes wrong with its connections later is told to `logger`. */
export async function openStore(opts: OpenOptions, logger: Logger = envLogger()): Promise<Store> {
  return 'databaseUrl' in opts ? openPostgres(opts.databaseUrl, logger) : openPglite(opts, logger)
}

async function openPglite(
  opts: { dataDir: string; lock?: boolean; upkeep?: UpkeepOptions } | { pglite: PGlite },
  logger: Logger,
): Promise<Store> {
  if ('pglite' in opts)
    return pgliteStore(opts.pglite, opts.pglite, async () => {}, { lastAnswer: () => 0, lastLoss: () => 0 })
  const release = opts.lock !== false ? lockDataDir(opts.dataDir) : () => {}
  try {
    mkdirSync(opts.dataDir, { recursive: true })
    // A new database is a copy of an initialised, migrated one (pglite-template.ts): no initdb here.
    await seedFromTemplate(join(opts.dataDir, 'pglite'))
    // DATA_DIR's database runs in its own thread (ADR 0304): its queries never block the event loop.
    const remote = await PgliteRemote.open(join(opts.dataDir, 'pglite'), logger)
    let upkeep: Upkeep | undefined
    const store = await pgliteStore(
      remote.asPglite(),
      remote.urgent(),
      async () => {
        await upkeep?.stop()
        await remote.close()
        release()
      },
      { lastAnswer: () => remote.lastAnswer, lastLoss: () => remote.lastLoss },
    ).catch(async (err) => {
      await remote.close().catch(() => {})
      throw err
    })
    // No autovacuum runs in PGlite: the server vacuums and analyzes it (upkeep.ts, ADR 0025).
    upkeep = startUpkeep(remote.asPglite(), logger, opts.upkeep ?? UPKEEP)
    return { ...store, upkeep }
  } catch (err) {
    release()
    throw err
  }
}

/**
 * A migrated store on a PGlite client: an instance in this thread (tests) or the database thread's;
 * `urgent` is the client for delivery's reads (the thread's urgent jobs, or the same instance).
 */
async function pgliteStore(
  client: PGlite,
  urgent: PGlite,
  close: () => Promise<void>,
  health: Pick<Store, 'lastAnswer' | 'lastLoss'>,
): Promise<Store> {
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    deliveryDb: (urgent === client ? db : drizzlePglite(urgent, { schema })) as unknown as Db,
    listen: async (channel, onPayload, onResume) => {
      // The database thread restarts after a crash and then resumes its listeners (pglite-remote.ts);
      // an in-thread instance (tests) has no connection to lose.
      const unlisten =
        client instanceof PgliteRemote
          ? await client.listen(channel, onPayload, onResume)
          : await client.listen(channel, onPayload)
      return async () => unlisten()
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload])
    },
    ...health,
    dump: () => client.dumpDataDir('gzip') as Promise<Blob>,
    close: async () => {
      if (client instanceof PGlite) await client.close()
      await close()
    },
  }
}

async function openPostgres(url: string, logger: Logger): Promise<Store> {
  const { pool, deliveryPool, lastAnswer, lastLoss, lost } = watchedPool(url, logger)
  const db = drizzlePg(pool, { schema })
  // Several app processes may start at once on one database: migrate under an advisory lock.
  const conn = await pool.connect()
  try {
    await conn.query('select pg_advisory_lock(727274)')
    await migratePg(drizzlePg(conn, { schema }), { migrationsFolder })
  } finally {
    await conn.query('select pg_advisory_unlock(727274)').catch(() => {})
    conn.release()
  }
  // LISTEN on a connection of its own that reconnects when lost (pg-listener.ts, ADR 0306).
  const listener = pgListener(
    url,
    (err) => {
      lost()
      logger.warn({ err }, 'postgres listener lost its connection')
    },
    logger,
  )
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    // Its own pool of 2 (pg-pool.ts): delivery's reads never wait for one of the requests' 10.
    deliveryDb: drizzlePg(deliveryPool, { schema }) as unknown as Db,
    lastAnswer,
    lastLoss,
    listen: listener.listen,
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload])
    },
    close: async () => {
      await listener.close()
      await Promise.all([pool.end(), deliveryPool.end()])
    },
  }
}
