// Incremental sync (GET /api/sync, ADR 0303): the rows of a scope (a workspace, or the caller's
// personal space) changed after the client's cursor, and the ids that left it, a page at a time.
// A page never splits a version (one transaction's changes arrive together), so the cursor it
// answers is always safe to keep. A cursor older than the kept tombstones, or newer than the scope,
// answers 410: the client lists everything again.
import { and, asc, eq, gt, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { appMessages } from '../../common/messages.ts'
import type { Role } from '../../common/permissions.ts'
import type { SyncPage, syncQuery } from '../../common/schemas/sync.ts'
import type { Db } from '../db/client.ts'
import {
  icons,
  projects,
  syncScopes,
  syncTombstones,
  workspaceAccess,
  workspaces,
} from '../db/schema/index.ts'
import { serveMany } from '../svg-pool/serve-many.ts'
import { assertCan, workspaceScope } from './access.ts'
import type { Actor, Deps } from './deps.ts'
import { gone } from './errors.ts'
import { toAccessRow, toIconRow, toProjectRow, toWorkspaceRow } from './rows.ts'

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
    key = `user:${actor.id}`
    const mine = and(isNull(projects.workspace_id), eq(projects.user_id, actor.id))!
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
      projects: eq(projects.workspace_id, key),
      icons: eq(icons.workspace_id, key),
    }
  }
  await pruneLater(db, key)
  const [counter] = await db.select().from(syncScopes).where(eq(syncScopes.scope, key))
  const upto = counter?.version ?? 0
  if (q.since > upto || (q.since > 0 && q.since < (counter?.pruned_through ?? 0)))
    throw gone(appMessages.syncCursorTooOld)
  if (q.since === upto) return empty(upto)

  const tomb = q.icons
    ? eq(syncTombstones.scope, key)
    : and(eq(syncTombstones.scope, key), sql`${syncTombstones.entity} <> 'icons'`)!
  // The last version the page may hold: no source gives more than `limit` rows before it.
  const window = (v: PgColumn, top: number) => and(gt(v, q.since), lte(v, top))
  const cut = async (v: PgColumn, table: PgTable, filter: SQL) => {
    const [row] = await db
      .select({ v })
      .from(table)
      .where(and(filter, window(v, upto)))
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
  const top = Math.min(...cutoffs)
  const page = empty(top, top < upto)
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
          .select()
          .from(icons)
          .where(and(where.icons, window(icons.version, top)))
          .orderBy(asc(icons.version), asc(icons.created_at))
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

const lastPruned = new Map<string, number>()

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
