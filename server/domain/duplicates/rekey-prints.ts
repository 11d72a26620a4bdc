// Keys made again when their scheme changes (ADR 0113, round four). A migration empties the keys of
// every drawn print (drizzle/0022); at start, before the server serves, each such print is keyed
// again from the planes it keeps (common/near-keys.ts), a thousand a statement. Nothing is
// measured or looked up again: the near links are facts of the drawings and stand.
import { sql } from 'drizzle-orm'
import { readFingerprint } from '../../../common/duplicates.ts'
import { storedNearKeys } from '../../../common/near-keys.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from './near-lookup.ts'

const BATCH = 1000

/** A plane as Postgres prints a bit(1024) (1,024 zeros and ones) back to its hex. */
const hexOf = (bits: string) => {
  let hex = ''
  for (let at = 0; at < bits.length; at += 32)
    hex += Number.parseInt(bits.slice(at, at + 32), 2)
      .toString(16)
      .padStart(8, '0')
  return hex
}

/**
 * Keys again every print a migration emptied, in one transaction under an advisory lock: a server
 * process starting beside another waits for it, then finds none. Answers how many.
 */
export async function rekeyPrints(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('near-keys:rekey', 0))`)
    let done = 0
    for (;;) {
      const rows = rowsOf<{ icon_id: string; project_id: string; solid: string; touched: string }>(
        await tx.execute(sql`
          select icon_id, project_id, solid::text as solid, touched::text as touched from icon_prints
          where near_keys = '{}' and solid is not null
          limit ${BATCH}`),
      )
      const values = rows.flatMap((r) => {
        const print = readFingerprint(hexOf(r.solid) + hexOf(r.touched))
        return print ? [{ id: r.icon_id, k: storedNearKeys(r.project_id, print) }] : []
      })
      if (!values.length) return done
      await tx.execute(sql`
        update icon_prints set near_keys = v.k
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, k bigint[])
        where icon_id = v.id`)
      done += values.length
    }
  })
}
