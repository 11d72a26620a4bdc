// GET /api/icons/search: a project's icons found by meaning with the vault's own ranking
// (common/search/icon-search.ts, the same module the browser's worker runs), searched in the server's
// search worker (server/search/search-pool.ts), never on the event loop. The worker keeps a project's
// index labelled with its list stamp (created_at and list_version, which a database trigger bumps on any
// change of its icons) and the version of its sync scope (ADR 0303) its rows were read at: a search of
// an unchanged project reads no row. After a change, only what changed since that scope version is read
// and sent, icon by icon (ADR 0108): the project's icons written after it (icons.version, its own
// index) and the ids that left it (the scope's tombstones: deleted or moved to another scope; and the
// scope's icons written after it that are now in another of its projects). The whole project is read,
// in pages of PAGE_ICONS, only when the worker holds no index of it (a start, an eviction) or the
// tombstones since its version were pruned. The stamp and scope version are read before the rows, so
// an index is never labelled newer than its rows. The route has checked access first.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { SearchDoc, SearchHit } from '../../../common/search/icon-search.ts'
import type { Db } from '../../db/client.ts'
import { icons, projects, syncScopes, syncTombstones } from '../../db/schema/index.ts'
import type { Label, Stamp } from '../../search/protocol.ts'
import { searchBusy, searchPool } from '../../search/search-pool.ts'
import { PAGE_ICONS } from '../../search/settings.ts'
import type { ListedProject } from './icon-list-cache.ts'

/** The searched project: its list stamp and its sync scope's key. */
export type SearchedProject = Omit<ListedProject, 'row'> & { scope: string }

/** Each database its own name in the worker's keys (two test databases may hold the same project id). */
const databases = new WeakMap<object, number>()
let nextDatabase = 1
/** The load running per key, and the version it loads. */
const loading = new Map<string, { version: number; done: Promise<unknown> }>()
/** Icons changed since the index's version read at most as changes; more, and the project is read whole. */
const MAX_CHANGED = 5 * PAGE_ICONS

const docColumns = {
  id: icons.id,
  name: icons.name,
  aliases: icons.aliases,
  tags: icons.tags,
  label: icons.label,
}
type DocRow = { id: string; name: string; aliases: { name: string }[]; tags: string[]; label: string }
const docOf = ({ aliases, ...row }: DocRow): SearchDoc => ({ ...row, aliases: aliases.map((a) => a.name) })

/** The project's icons as search reads them, PAGE_ICONS at a time (keyset on the list's own index). */
async function* pagesOf(db: Db, projectId: string): AsyncGenerator<SearchDoc[]> {
  let after: { at: string; id: string } | null = null
  for (;;) {
    const rows = await db
      .select({ ...docColumns, at: sql<string>`${icons.created_at}::text` })
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
    if (rows.length) yield rows.map(({ at: _, ...row }) => docOf(row))
    const last = rows.at(-1)
    if (!last || rows.length < PAGE_ICONS) return
    after = { at: last.at, id: last.id }
  }
}

/** The scope's version now and the version its tombstones are kept after. */
async function scopeVersion(db: Db, scope: string): Promise<{ version: number; pruned: number }> {
  const [row] = await db
    .select({ version: syncScopes.version, pruned: syncScopes.pruned_through })
    .from(syncScopes)
    .where(eq(syncScopes.scope, scope))
  return { version: Number(row?.version ?? 0), pruned: Number(row?.pruned ?? 0) }
}

/**
 * What changed in the project after scope version `since`: its icons written since (docs) and the ids
 * that left it; null when that cannot be told (tombstones pruned, or more than MAX_CHANGED icons).
 */
async function changesSince(
  db: Db,
  project: SearchedProject,
  since: number,
  pruned: number,
): Promise<{ docs: SearchDoc[]; gone: string[] } | null> {
  if (since < pruned) return null
  const written = await db
    .select(docColumns)
    .from(icons)
    .where(and(eq(icons.project_id, project.id), gt(icons.version, since)))
    .limit(MAX_CHANGED + 1)
  if (written.length > MAX_CHANGED) return null
  // Left the scope (deleted, moved to another scope) or moved to another project of the scope.
  const tombstoned = await db
    .select({ id: syncTombstones.id })
    .from(syncTombstones)
    .where(
      and(
        eq(syncTombstones.scope, project.scope),
        eq(syncTombstones.entity, 'icons'),
        gt(syncTombstones.version, since),
      ),
    )
  const scopeProjects = db
    .select({ id: projects.id })
    .from(projects)
    .where(
      project.scope.startsWith('user:')
        ? and(sql`${projects.workspace_id} is null`, eq(projects.user_id, project.scope.slice(5)))
        : eq(projects.workspace_id, project.scope),
    )
  const moved = await db
    .select({ id: icons.id })
    .from(icons)
    .where(
      and(
        inArray(icons.project_id, scopeProjects),
        sql`${icons.project_id} <> ${project.id}`,
        gt(icons.version, since),
      ),
    )
  return { docs: written.map(docOf), gone: [...tombstoned, ...moved].map((r) => r.id) }
}

/**
 * Brings the worker's index of the project to its icons: the changes since the index `held` when it
 * holds one, else the whole project; one load per project at a time.
 */
async function load(db: Db, stamp: Stamp, project: SearchedProject, held: Label | null): Promise<void> {
  const running = loading.get(stamp.key)
  // Another load of the project runs: after it, the search is asked again (and answers what it holds).
  if (running) {
    await running.done.catch(() => {})
    return
  }
  const done = (async () => {
    const scope = await scopeVersion(db, project.scope)
    const label: Label = { ...stamp, scope: project.scope, scopeVersion: scope.version }
    if (held && held.created === stamp.created && held.scope === project.scope) {
      const changes = await changesSince(db, project, held.scopeVersion, scope.pruned)
      if (
        changes &&
        (await searchPool().change(label, held.scopeVersion, changes.docs, changes.gone)) !== null
      )
        return
    }
    await searchPool().load(label, pagesOf(db, project.id))
  })()
  loading.set(stamp.key, { version: stamp.version, done })
  try {
    await done
  } finally {
    loading.delete(stamp.key)
  }
}

/** The project's icons that match `query`, best first, at most `limit`; `caller`: the caller's user id. */
export async function searchIcons(
  db: Db,
  project: SearchedProject,
  query: string,
  limit: number,
  caller: string,
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
    const answer = await searchPool().search(stamp, query, limit, caller)
    if (Array.isArray(answer)) return answer
    await load(db, stamp, project, answer.held)
  }
  throw searchBusy()
}
