// What autovacuum does on a Postgres server, done for the embedded database (ADR 0025). PGlite is
// Postgres in single-user mode: no autovacuum runs, so its tables were never analyzed nor vacuumed.
// Without statistics the planner read every row of a 50,000-icon project to find the few icons not
// yet in the duplicate index, twice a create (85–100 ms each; 0.03 ms after VACUUM ANALYZE). So,
// once a minute, if the database took enough write transactions since the last pass (or any, and
// the last pass is old), every table is vacuumed and analyzed, a statement at a time through the same
// queue as every query (bench/README.md, "Database upkeep").
import type { Logger } from '../log/log.ts'

export type UpkeepClient = { query(sql: string): Promise<{ rows: unknown[] }> }

export type UpkeepOptions = {
  /** How often the write count is read. */
  everyMs: number
  /** Write transactions that make a pass due at once. */
  writes: number
  /** After this long, any write makes a pass due. */
  staleMs: number
}

export const UPKEEP: UpkeepOptions = { everyMs: 60_000, writes: 500, staleMs: 10 * 60_000 }

export type Upkeep = {
  /** One look: runs a pass when one is due; answers whether it ran. */
  tick(): Promise<boolean>
  /** No more looks; settles once a pass under way has ended. */
  stop(): Promise<void>
}

/** The next transaction id to be assigned: how many write transactions the database has taken. */
async function nextXid(client: UpkeepClient): Promise<bigint> {
  const { rows } = await client.query('select pg_snapshot_xmax(pg_current_snapshot())::text as next')
  return BigInt((rows[0] as { next: string }).next)
}

export function startUpkeep(client: UpkeepClient, logger: Logger, opts: UpkeepOptions = UPKEEP): Upkeep {
  // Null until read: the first look only takes the count. When this process's first pass came is not
  // known (a database kept for months, never vacuumed before this release), so the first write after
  // the start makes one due at the next look.
  let last: bigint | null = null
  let lastPass = 0
  let running: Promise<boolean> | null = null

  const pass = async (): Promise<boolean> => {
    const next = await nextXid(client)
    if (last === null) {
      last = next
      return false
    }
    const writes = next - last
    const due = writes >= BigInt(opts.writes) || (writes > 0n && Date.now() - lastPass >= opts.staleMs)
    if (!due) return false
    const started = performance.now()
    // A table and a statement at a time: the queries queued meanwhile go in between, so none waits
    // for the whole pass (at 50,000 icons after their bulk writes: 0.67 s in all, the longest
    // statement, the icons' vacuum, 0.43 s; with little changed 0.18 s and 0.09 s).
    const { rows } = await client.query(
      `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by 1`,
    )
    let longest = 0
    // ANALYZE samples 300 rows per unit of the target: 30,000 rows of the icons (their markup, their
    // keys) at the default of 100 took ~0.85 s at 50,000 icons. The plans that matter here (a
    // project's rows, a partial index of a few) need far less: 3,000 rows. Only ANALYZE reads this.
    await client.query('set default_statistics_target = 10')
    try {
      for (const { name } of rows as { name: string }[])
        for (const statement of [`vacuum ${name}`, `analyze ${name}`]) {
          const at = performance.now()
          await client.query(statement)
          longest = Math.max(longest, performance.now() - at)
        }
    } finally {
      await client.query('reset default_statistics_target')
    }
    // The pass's own transactions are not writes to clean up after.
    last = await nextXid(client)
    lastPass = Date.now()
    logger.info(
      { writes: Number(writes), ms: Math.round(performance.now() - started), longestMs: Math.round(longest) },
      'database upkeep: tables vacuumed and analyzed',
    )
    return true
  }

  const tick = () => {
    running ??= pass()
      .catch((err: unknown) => {
        logger.warn({ err }, 'database upkeep failed; tried again at the next look')
        return false
      })
      .finally(() => {
        running = null
      })
    return running
  }

  const timer = setInterval(() => void tick(), opts.everyMs)
  timer.unref()
  void tick()
  return {
    tick,
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
