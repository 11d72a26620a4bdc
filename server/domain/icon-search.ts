// GET /api/icons/search (issue 25): a project's icons found by meaning with the vault's own ranking
// (common/search/icon-search.ts, the same module the browser's worker runs), searched in the server's
// search worker (server/search/search-pool.ts), never on the event loop. The worker keeps a project's
// index labelled with its list stamp (created_at and list_version, which a database trigger bumps on any
// change of its icons): a search of an unchanged project reads no row. After a change, the project's
// icons are read in pages of PAGE_ICONS and sent to the worker, which changes only the icons that
// differ. The stamp is the one read before the rows, so an index is never labelled newer than its rows.
// The route has checked access first.
import { and, asc, eq, sql } from 'drizzle-orm'
import type { SearchDoc, SearchHit } from '../../common/search/icon-search.ts'
import type { Db } from '../db/client.ts'
import { icons } from '../db/schema/index.ts'
import type { Stamp } from '../search/protocol.ts'
import { searchBusy, searchPool } from '../search/search-pool.ts'
import { PAGE_ICONS } from '../search/settings.ts'
import type { ListedProject } from './icon-list-cache.ts'

/** Each database its own name in the worker's keys (two test databases may hold the same project id). */
const databases = new WeakMap<object, number>()
let nextDatabase = 1
/** The load running per key, and the version it loads. */
const loading = new Map<string, { version: number; done: Promise<unknown> }>()

/** The project's icons as search reads them, PAGE_ICONS at a time (keyset on the list's own index). */
async function* pagesOf(db: Db, projectId: string): AsyncGenerator<SearchDoc[]> {
  let after: { at: string; id: string } | null = null
  for (;;) {
    const rows = await db
      .select({
        id: icons.id,
        name: icons.name,
        aliases: icons.aliases,
        tags: icons.tags,
        label: icons.label,
        at: sql<string>`${icons.created_at}::text`,
      })
      .from(icons)
      .where(
        and(
          eq(icons.project_id, projectId),
          after
            ? sql`(${icons.created_at}, ${icons.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(icons.created_at), asc(icons.id))
      .limit(PAGE_ICONS)
    if (rows.length)
      yield rows.map(({ at: _, ...row }) => ({ ...row, aliases: row.aliases.map((a) => a.name) }))
    const last = rows.at(-1)
    if (!last || rows.length < PAGE_ICONS) return
    after = { at: last.at, id: last.id }
  }
}

/** Brings the worker's index of the project to its icons: one load per project at a time. */
async function load(db: Db, stamp: Stamp, projectId: string): Promise<void> {
  const running = loading.get(stamp.key)
  if (running) {
    await running.done.catch(() => {})
    if (running.version >= stamp.version) return
    return load(db, stamp, projectId)
  }
  const done = searchPool().load(stamp, pagesOf(db, projectId))
  loading.set(stamp.key, { version: stamp.version, done })
  try {
    await done
  } finally {
    loading.delete(stamp.key)
  }
}

/** The project's icons that match `query`, best first, at most `limit`; `lane`: the caller's user id. */
export async function searchIcons(
  db: Db,
  project: ListedProject,
  query: string,
  limit: number,
  lane: string,
): Promise<SearchHit[]> {
  const database = databases.get(db) ?? nextDatabase++
  databases.set(db, database)
  const stamp: Stamp = {
    key: `${database}:${project.id}`,
    created: project.createdAt.getTime(),
    version: project.listVersion,
  }
  // Asked again after a load; a third miss means the indexes are evicted faster than they are built.
  for (let attempt = 0; attempt < 3; attempt++) {
    const hits = await searchPool().search(stamp, query, limit, lane)
    if (hits) return hits
    await load(db, stamp, project.id)
  }
  throw searchBusy()
}
