// The Postgres connection that LISTENs (ADR 0306): a dedicated client, not one of the pool's, so it
// never takes a query's place and its loss is its own. When its backend goes (pg_terminate_backend,
// a restart, a failover, idle_session_timeout) the process stays up: the dead client is dropped, a
// new one connects with backoff (backoff.ts), LISTENs on every channel again, and each subscriber's
// `onResume` is called, since notes sent meanwhile were missed.
import pg from 'pg'
import type { Logger } from '../log/log.ts'
import { retryWithBackoff } from './backoff.ts'

/** How the listening connection names itself in pg_stat_activity (ops and tests find it by it). */
export const LISTENER_APPLICATION_NAME = 'iconvault-listen'

type Subscriber = { onPayload(payload: string): void; onResume?: () => void }

export type PgListener = {
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResume?: () => void,
  ): Promise<() => Promise<void>>
  close(): Promise<void>
}

/**
 * `lost` is told of every loss and failed reconnect (health counts it as the database down); a
 * subscriber's handler that throws is logged to `logger`.
 */
export function pgListener(connectionString: string, lost: (err: Error) => void, logger: Logger): PgListener {
  const channels = new Map<string, Set<Subscriber>>()
  let current: pg.Client | null = null
  let opened: Promise<void> | null = null
  let closed = false

  const listenSql = (channel: string) => `listen ${pg.escapeIdentifier(channel)}`

  /** Connects, LISTENs on every channel, and becomes the current client (or throws). */
  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    })
    let dead: Error | null = null
    const drop = (err: Error) => {
      dead ??= err
      if (client !== current) return
      current = null
      lost(err)
      client.end().catch(() => {})
      if (!closed) void reconnect()
    }
    // Without an 'error' listener a terminated backend would throw from the socket: the process dies.
    client.on('error', drop)
    client.on('end', () => drop(new Error('Connection terminated unexpectedly')))
    client.on('notification', (msg) => {
      if (msg.payload === undefined) return
      for (const sub of channels.get(msg.channel) ?? [])
        try {
          sub.onPayload(msg.payload)
        } catch (err) {
          logger.error({ err, channel: msg.channel }, 'notification handler failed')
        }
    })
    try {
      await client.connect()
      // The map's iterator is live: a channel added while these run is listened to too.
      for (const channel of channels.keys()) await client.query(listenSql(channel))
      if (dead) throw dead
    } catch (err) {
      client.end().catch(() => {})
      throw err
    }
    if (closed) {
      await client.end().catch(() => {})
      return
    }
    current = client
  }

  async function reconnect(): Promise<void> {
    const back = await retryWithBackoff(connect, {
      stopped: () => closed,
      failed: (err) => lost(err instanceof Error ? err : new Error(String(err))),
    })
    if (back === null || closed) return
    for (const subs of [...channels.values()])
      for (const sub of [...subs])
        try {
          sub.onResume?.()
        } catch (err) {
          logger.error({ err }, 'resume handler failed')
        }
  }

  return {
    async listen(channel, onPayload, onResume) {
      const sub: Subscriber = { onPayload, onResume }
      const subs = channels.get(channel) ?? new Set()
      channels.set(channel, subs)
      subs.add(sub)
      const unlisten = async () => {
        subs.delete(sub)
        if (subs.size > 0 || channels.get(channel) !== subs) return
        channels.delete(channel)
        await current?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {})
      }
      // The first subscriber opens the connection: a database unreachable at start-up fails it.
      opened ??= connect()
      try {
        await opened
      } catch (err) {
        opened = null
        await unlisten()
        throw err
      }
      // A channel new to an open connection (a second LISTEN is a no-op; a lost one is redone).
      if (subs.size === 1) await current?.query(listenSql(channel)).catch(() => {})
      return unlisten
    },
    async close() {
      closed = true
      const client = current
      current = null
      await client?.end().catch(() => {})
    },
  }
}
