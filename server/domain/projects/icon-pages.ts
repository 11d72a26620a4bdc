// A project's icons, or a release's stored set, read a page at a time (ADR 0111): one cursor over one
// snapshot (the same rows as one select), fetched `PAGE_ROWS` rows at a time with the event loop given
// back between pages, so that no read of 50,000 icons holds it (one select of them all parsed and
// mapped them in one go, and a release's set was one JSON value of tens of MB). Each page goes to
// `onPage` (a heavy-work worker, which holds the set) before the next is read.
import { type SQL, sql } from 'drizzle-orm'
import type { ReleasedIcon } from '../../../common/schemas/rows.ts'
import type { Db, Tx } from '../../db/client.ts'
import type { StoredIconRow } from './release-set.ts'

/** Rows a page: about 0.5 MB of markup with today's icons. */
const PAGE_ROWS = 1_000

const rowsOf = <T>(result: unknown) => ((result as { rows?: unknown[] }).rows ?? []) as T[]
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Sends every row of `query` to `onPage`, a page at a time, inside `tx` (a transaction: the cursor
 * lives as long as it), or in a read-only transaction of its own when given the database.
 */
async function readInPages<T>(
  db: Db | Tx,
  query: SQL,
  onPage: (rows: T[]) => void | Promise<void>,
  own: boolean,
): Promise<void> {
  const read = async (tx: Tx) => {
    await tx.execute(sql`declare heavy_pages no scroll cursor for ${query}`)
    for (;;) {
      const rows = rowsOf<T>(await tx.execute(sql.raw(`fetch ${PAGE_ROWS} from heavy_pages`)))
      if (!rows.length) break
      await onPage(rows)
      await nextTurn()
    }
    await tx.execute(sql`close heavy_pages`)
  }
  if (!own) return read(db)
  return (db as Db).transaction(read, { accessMode: 'read only', isolationLevel: 'repeatable read' })
}

/** The project's icons now (what a release stores of each, before its hash). */
export const readIconPages = (
  db: Db | Tx,
  projectId: string,
  onPage: (rows: StoredIconRow[]) => void | Promise<void>,
  own = true,
) =>
  readInPages(
    db,
    sql`select id, name, svg, icon_status, aliases, label, description, decorative
      from icons where project_id = ${projectId}`,
    onPage,
    own,
  )

/** A release's stored set, icon by icon. */
export const readReleasePages = (
  db: Db | Tx,
  projectId: string,
  version: string,
  onPage: (rows: ReleasedIcon[]) => void | Promise<void>,
  own = true,
) =>
  readInPages<{ icon: ReleasedIcon }>(
    db,
    sql`select e.value as icon from project_releases r cross join lateral jsonb_array_elements(r.icons) e
      where r.project_id = ${projectId} and r.version = ${version}`,
    (rows) => onPage(rows.map((row) => row.icon)),
    own,
  )
