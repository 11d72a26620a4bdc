// Incremental sync (GET /api/sync, ADR 0303): the rows of a scope (a workspace, or the caller's
// personal space) changed after the client's cursor, and the ids that left it, a page at a time.
// A page never splits a version (one transaction's changes arrive together), so the cursor it
// answers is always safe to keep. A cursor older than the kept tombstones, or newer than the scope,
// answers 410: the client lists everything again.
import { and, asc, eq, gt, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { appMessages } from '../../../common/messages.ts'
import type { Role } from '../../../common/permissions.ts'
import type { SyncPage, syncQuery } from '../../../common/schemas/sync.ts'
import { Lru } from '../../cache/lru.ts'
import type { Db } from '../../db/client.ts'
import {
  icons,
  projects,
  syncScopes,
  syncTombstones,
  workspaceAccess,
  workspaces,
} from '../../db/schema/index.ts'
import { serveMany } from '../../svg-pool/serve-many.ts'
import { assertCan, workspaceScope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { gone } from '../errors.ts'
import { purgeDeletedLater } from '../projects/trash.ts'
import { iconRowColumns, toAccessRow, toIconRow, toProjectRow, toWorkspaceRow } from '../rows.ts'
import { scopeKey } from './sync-scopes.ts'

/** Tombstones are kept this long; a client away for longer lists everything again. */
const TOMBSTONE_RETENTION_MS = 30 * 24 * 3600 * 1000
const PRUNE_EVERY_MS = 3600 * 1000

type Query = z.output<typeof syncQuery>
type Where = { workspaces?: SQL; access?: SQL; projects: SQL; icons: SQL }

const empty = (version: number, more = false): SyncPage => ({
  upserts: { workspaces: [], workspaces_access: [], projects: [], icons: [] },
  deletions: { workspaces_access: [], projects: [], icons: [] },
  version,
  more,
})

/** The changes of a scope the caller may see (404 otherwise) after `since`. */
export async function pullChanges(deps: Deps, actor: Actor, q: Query): Promise<SyncPage> {
  const { db } = deps
  let key: string
  let role: Role | null = null
  let where: Where
  if (q.scope === 'personal') {
    key = scopeKey(null, actor.id)
    // A deleted project (kept for a restore, ADR 0018) is as good as gone: its tombstone says so.
    const mine = and(
      isNull(projects.workspace_id),
      eq(projects.user_id, actor.id),
      isNull(projects.deleted_at),
    )!
    const myProjects = db.select({ id: projects.id }).from(projects).where(mine)
    where = { projects: mine, icons: and(isNull(icons.workspace_id), inArray(icons.project_id, myProjects))! }
  } else {
    const scope = await workspaceScope(db, actor, q.scope)
    assertCan(scope, 'workspace:read')
    if (scope.kind !== 'workspace') throw new Error('unreachable')
    key = scope.workspace.id
    role = scope.role
    where = {
      workspaces: eq(workspaces.id, key),
      access: eq(workspaceAccess.workspace_id, key),
      projects: and(eq(projects.workspace_id, key), isNull(projects.deleted_at))!,
      icons: eq(icons.workspace_id, key),
    }
  }
  await pruneLater(db, key)
  await purgeDeletedLater(deps)
  const [counter] = await db.select().from(syncScopes).where(eq(syncScopes.scope, key))
  const upto = counter?.version ?? 0
  const since = q.since.version
  const after = q.since.after
  if (since > upto || (since > 0 && since < (counter?.pruned_through ?? 0)))
    throw gone(appMessages.syncCursorTooOld, 'cursor_expired')
  if (since === upto && !after) return empty(upto)

  const tomb = q.icons
    ? eq(syncTombstones.scope, key)
    : and(eq(syncTombstones.scope, key), sql`${syncTombstones.entity} <> 'icons'`)!
  // Icons after the cursor's place in their order (version, id); every other row after its version.
  const iconsFrom = after
    ? sql`(${icons.version}, ${icons.id}) > (${since}, ${after}::uuid)`
    : gt(icons.version, since)
  const window = (v: PgColumn, top: number) => and(gt(v, since), lte(v, top))
  // The last version the page may hold: no source gives more than `limit` rows before it.
  const cut = async (v: PgColumn, table: PgTable, filter: SQL) => {
    const [row] = await db
      .select({ v })
      .from(table)
      .where(and(filter, v === icons.version ? and(iconsFrom, lte(v, upto)) : window(v, upto)))
      .orderBy(asc(v))
      .offset(q.limit - 1)
      .limit(1)
    return row ? Number(row.v) : upto
  }
  const cutoffs = await Promise.all([
    where.workspaces ? cut(workspaces.version, workspaces, where.workspaces) : upto,
    where.access ? cut(workspaceAccess.version, workspaceAccess, where.access) : upto,
    cut(projects.version, projects, where.projects),
    q.icons ? cut(icons.version, icons, where.icons) : upto,
    cut(syncTombstones.version, syncTombstones, tomb),
  ])
  // Then the icons' markup: the page ends where it would pass the byte budget (decided from the
  // lengths alone, before any markup is read), inside a version if one alone is over it.
  const end = q.icons
    ? await markupCut(db, and(where.icons, iconsFrom)!, Math.min(...cutoffs))
    : { top: Math.min(...cutoffs), inside: null }
  const top = end.top
  const page = empty(end.inside ? top - 1 : top, end.inside !== null || top < upto)
  if (end.inside) page.cursor = `${top}.${end.inside}`
  const iconsTo = end.inside
    ? sql`(${icons.version}, ${icons.id}) <= (${top}, ${end.inside}::uuid)`
    : lte(icons.version, top)
  // Rows of the cursor's own version came with its first part: after a cut inside a version, the
  // other sources start past it.
  const [ws, access, ps, is, dead] = await Promise.all([
    where.workspaces
      ? db
          .select()
          .from(workspaces)
          .where(and(where.workspaces, window(workspaces.version, top)))
      : [],
    where.access
      ? db
          .select()
          .from(workspaceAccess)
          .where(and(where.access, window(workspaceAccess.version, top)))
      : [],
    db
      .select()
      .from(projects)
      .where(and(where.projects, window(projects.version, top)))
      .orderBy(asc(projects.version)),
    q.icons
      ? db
          .select(iconRowColumns)
          .from(icons)
          .where(and(where.icons, iconsFrom, iconsTo))
          .orderBy(asc(icons.version), asc(icons.id))
      : [],
    db
      .select()
      .from(syncTombstones)
      .where(and(tomb, window(syncTombstones.version, top))),
  ])
  page.upserts.workspaces = role ? ws.map((w) => toWorkspaceRow(w, role)) : []
  page.upserts.workspaces_access = access.map(toAccessRow)
  page.upserts.projects = ps.map(toProjectRow)
  // Markup not served before is sanitised in the SVG worker pool, not on the event loop.
  const svgs = await serveMany(
    deps.svg,
    is.map((r) => r.svg),
    actor.id,
  )
  page.upserts.icons = is.map((row, at) => ({ ...toIconRow(row), svg: svgs[at]! }))
  // A row back in the scope after it left (moved back) is an upsert, not a deletion.
  const present = new Set([...access, ...ps, ...is].map((r) => r.id))
  for (const t of dead) {
    if (present.has(t.id)) continue
    if (t.entity === 'workspaces_access' || t.entity === 'projects' || t.entity === 'icons')
      page.deletions[t.entity].push(t.id)
  }
  return page
}

/**
 * A page's icons, at most: their markup and `rowBytes` each for the rest of the row (mutable for
 * tests only; ADR 0308). At least one icon always comes.
 */
export const syncLimits = { pageBytes: 2 * 1024 * 1024, rowBytes: 300 }

/**
 * Where the icons after the cursor (`from`), up to version `top`, pass the page's byte budget: the
 * page then ends at the version before the first icon left out, or, when that icon is of the same
 * version as the last one taken, inside that version after the last one taken (`inside`: its id).
 * Reads the ids and markup lengths only (octet_length needs no detoasting).
 */
async function markupCut(db: Db, from: SQL, top: number): Promise<{ top: number; inside: string | null }> {
  const sizes = await db
    .select({
      v: icons.version,
      id: icons.id,
      bytes: sql<number>`octet_length(${icons.svg})`.mapWith(Number),
    })
    .from(icons)
    .where(and(from, lte(icons.version, top)))
    .orderBy(asc(icons.version), asc(icons.id))
  let bytes = 0
  for (let at = 0; at < sizes.length; at++) {
    const size = sizes[at]!
    const cost = size.bytes + syncLimits.rowBytes
    if (at > 0 && bytes + cost > syncLimits.pageBytes) {
      const last = sizes[at - 1]!
      const [v, lastV] = [Number(size.v), Number(last.v)]
      return v > lastV ? { top: v - 1, inside: null } : { top: lastV, inside: last.id }
    }
    bytes += cost
  }
  return { top, inside: null }
}

/** When each scope was last pruned here, for the scopes used lately (one forgotten is pruned again: harmless). */
const MAX_PRUNED_SCOPES = 10_000
const lastPruned = new Lru<string, number>({ name: 'pruned sync scopes', maxEntries: MAX_PRUNED_SCOPES })

/** Drops a scope's tombstones older than the retention, at most once an hour per scope and process. */
async function pruneLater(db: Db, scope: string): Promise<void> {
  const now = Date.now()
  if (now - (lastPruned.get(scope) ?? 0) < PRUNE_EVERY_MS) return
  lastPruned.set(scope, now)
  await pruneTombstones(db, scope, TOMBSTONE_RETENTION_MS)
}

/** Drops the scope's tombstones older than `retainMs`; cursors at or below them answer 410 after. */
export async function pruneTombstones(db: Db, scope: string, retainMs: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = new Date(Date.now() - retainMs)
    const dropped = await tx
      .delete(syncTombstones)
      .where(and(eq(syncTombstones.scope, scope), lt(syncTombstones.deleted_at, before)))
      .returning({ version: syncTombstones.version })
    if (!dropped.length) return
    const through = Math.max(...dropped.map((d) => Number(d.version)))
    await tx
      .update(syncScopes)
      .set({ pruned_through: sql`greatest(${syncScopes.pruned_through}, ${through})` })
      .where(eq(syncScopes.scope, scope))
  })
}
