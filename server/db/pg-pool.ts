// The Postgres pool for queries, watched for health (ADR 0304, 0306): when the database last answered
// (a client handed back without an error) and when a connection was last lost or refused. A pool
// client whose backend goes (pg_terminate_backend, a restart, a failover) never takes the process
// down: every client has an 'error' listener from birth, so one handed out (a transaction between
// two queries) is covered as well as an idle one; its queries fail and the pool drops it.
// Live delivery's reads have a small pool of their own, watched the same way (ADR 0307).
import pg from 'pg'
import type { Logger } from '../log/log.ts'
import { isConnectionError } from './connection-errors.ts'
import { PriorityLine } from './priority-line.ts'
import { queryPriority } from './query-priority.ts'

/** The delivery pool's connections, as pg_stat_activity shows them. */
export const DELIVERY_APPLICATION_NAME = 'iconvault-delivery'

export type WatchedPool = {
  pool: pg.Pool
  /**
   * A pool of 2 for live delivery's few small reads alone (Store.deliveryDb), so they never queue
   * behind the requests' queue for the main pool's 10; its connections stay open when idle.
   */
  deliveryPool: pg.Pool
  lastAnswer(): number
  lastLoss(): number
  /** Counts a lost connection of another kind (the listener's). */
  lost(): void
}

/**
 * pg-pool's queue of callers waiting for a connection, served in the order of priority-line.ts: a
 * caller is queued with the priority of the request it comes from (query-priority.ts). pg-pool uses
 * its queue as an array: push, shift, length, and findIndex then splice(at, 1) to take out a caller
 * whose wait timed out; `at` here is a position in the line's order (priority, then arrival).
 */
class WaitingByPriority<T> {
  private readonly line = new PriorityLine<T>()
  private found: T | undefined
  push(item: T): number {
    this.line.push(item, queryPriority())
    return this.line.length
  }
  shift(): T | undefined {
    return this.line.next()
  }
  get length(): number {
    return this.line.length
  }
  findIndex(matches: (item: T) => boolean): number {
    this.found = this.line.remove(matches)
    return this.found === undefined ? -1 : 0
  }
  splice(): T[] {
    const found = this.found
    this.found = undefined
    return found === undefined ? [] : [found]
  }
}

/**
 * A pool whose waiting callers are served by priority (query-priority.ts, ADR 0417): a writing
 * request's query or transaction goes before the reads queued for a connection, so a flood of reads
 * does not hold a teammate's change back (node-postgres serves its queue in arrival order); a read
 * goes after every few writes in a row, so a stream of writes never starves the reads (the rule of
 * priority-line.ts, which PGlite's thread follows too).
 */
export class PriorityPool extends pg.Pool {
  constructor(config?: pg.PoolConfig) {
    super(config)
    ;(this as unknown as { _pendingQueue: unknown })._pendingQueue = new WaitingByPriority()
  }
}

export function watchedPool(connectionString: string, logger: Logger): WatchedPool {
  let lastAnswer = 0
  let lastLoss = 0
  const lost = () => {
    lastLoss = Date.now()
  }
  class Client extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config)
      this.on('error', lost)
    }
    // node-postgres's pool connects with a callback; a refused connect is a loss too.
    // biome-ignore lint/suspicious/noExplicitAny: one body for both of pg's connect overloads
    override connect(callback?: any): any {
      if (!callback)
        return super.connect().catch((err: unknown) => {
          lost()
          throw err
        })
      return super.connect((err: Error | null) => {
        if (err) lost()
        callback(err)
      })
    }
  }
  const watched = (config: pg.PoolConfig) => {
    // A connection not made within 10 s (a host gone in a failover) fails its query: 503, not a hang.
    const pool = new PriorityPool({
      connectionString,
      connectionTimeoutMillis: 10_000,
      // Statements a transaction sends together (Promise.all) go out without waiting for each other's
      // answers; Postgres runs them in the order sent (ADR 0424).
      pipeline: true,
      Client: Client as unknown as pg.PoolConfig['Client'],
      ...config,
    })
    // An idle client whose backend went: the pool has dropped it already.
    pool.on('error', (err) => logger.warn({ err }, 'postgres pool error'))
    // No JIT: the app's statements are short, and the planner's guesses (100 rows for any
    // jsonb_to_recordset) made compiling cost ~50 ms of a near lookup of a few (ADR 0113). Queued
    // before the connection's first query, once per connection rather than once per statement; a
    // failure is the connection's own (its error listener counts it).
    pool.on('connect', (client) => {
      client.query('set jit = off').catch(() => {})
    })
    // A connection handed back without an error has just had its query answered.
    pool.on('release', (err: Error | undefined) => {
      if (!err) lastAnswer = Date.now()
      else if (isConnectionError(err)) lost()
    })
    return pool
  }
  return {
    pool: watched({ max: 10 }),
    deliveryPool: watched({ max: 2, idleTimeoutMillis: 0, application_name: DELIVERY_APPLICATION_NAME }),
    lastAnswer: () => lastAnswer,
    lastLoss: () => lastLoss,
    lost,
  }
}
