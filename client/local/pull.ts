// Incremental sync (ADR 0303): the local copy of each scope (the user's personal space, or one
// workspace) keeps a cursor, the scope's change version it is synced to, and pulls only what changed
// after it (GET /api/sync, a page at a time), applied by the one merge of apply.ts. Icons are kept
// for the projects in `held`: a project's icons are listed whole once, when it is first opened
// (sync.ts), and from then on come with the pulls and the live stream. A scope with no cursor (a
// first visit, or a cursor older than the server's history: 410) is taken from 0 without its icons,
// which the held projects list again; only then is its cursor stored.
// Run by the leading tab (engine.ts), one pull of a scope at a time.
import type { SyncPage } from '@common/schemas/sync.ts'
import { ApiError, api } from '../lib/api.ts'
import { applyServerRows, type ServerRow, writtenSince } from './apply.ts'
import { pendingAmong, StoredRows } from './bulk-write.ts'
import { type AnyRow, db, ROW_TABLES, type RowTable, rowTable, rwTransaction, scopeOf } from './db.ts'
import { listProjectIcons } from './icon-list.ts'

/** Rows per entity in one page (the server's most; mutable for tests only, as the server's syncLimits). */
export const pullLimits = { rows: 1000 }

/** Events name the personal scope `user:<id>`; the API and the cursors call it `personal`. */
export const scopeOfEvent = (scope: string) => (scope.startsWith('user:') ? 'personal' : scope)

/** The highest version of each scope this tab has applied or heard of (a gap means a missed event). */
const known = new Map<string, number>()

/**
 * Notes a live event's version; true when it shows a missed change (a version more than one past
 * what is known), so the scope should be pulled. A scope not pulled yet in this tab says nothing:
 * its first pull follows the stream's `ready` anyway.
 */
export function heard(scope: string, version: number): boolean {
  const key = scopeOfEvent(scope)
  const at = known.get(key)
  if (at === undefined) return false
  if (version > at) known.set(key, version)
  return version > at + 1
}

const running = new Map<string, { again: boolean; done: Promise<void> }>()

/**
 * Pulls a scope's changes from its cursor. A pull of the same scope under way is followed by one
 * more (what changed after it started is pulled too); the promise settles once that one is done.
 */
export function pullScope(scope: string): Promise<void> {
  const current = running.get(scope)
  if (current) {
    current.again = true
    return current.done
  }
  const entry = { again: false, done: Promise.resolve() }
  entry.done = (async () => {
    do {
      entry.again = false
      await pullOnce(scope)
    } while (entry.again)
  })().finally(() => running.delete(scope))
  running.set(scope, entry)
  return entry.done
}

async function pullOnce(scope: string) {
  const cursor = await db.cursors.get(scope)
  if (!cursor) return pullFresh(scope)
  try {
    await pullFrom(scope, cursor.at ?? cursor.version, true)
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'cursor_expired')) throw error
    // The server no longer has the history since our cursor: take the scope whole again.
    await db.cursors.delete(scope)
    await pullFresh(scope)
  }
}

/**
 * Takes a scope from 0 without its icons, drops the local rows of it the server no longer has (as a
 * list would), lists the held projects' icons again, and only then stores the cursor: a tab closed
 * half-way starts over.
 */
async function pullFresh(scope: string) {
  const seen = new Map<RowTable, Set<string>>(ROW_TABLES.map((t) => [t, new Set<string>()]))
  const requestedAt = performance.now()
  const version = await pullFrom(scope, 0, false, seen)
  await dropAbsent(scope, seen, requestedAt)
  const held = (await db.held.where('scope').equals(scope).primaryKeys()) as string[]
  if (held.length) {
    const results = await Promise.allSettled(held.map((id) => listProjectIcons(id)))
    const failed = results.find((r) => r.status === 'rejected')
    if (failed) throw (failed as PromiseRejectedResult).reason
  }
  await db.cursors.put({ scope, version })
  known.set(scope, Math.max(known.get(scope) ?? 0, version))
}

/**
 * Pulls every page from `since` (a version, or the cursor of a page cut inside a version); answers
 * the last version. `seen` collects the ids pulled.
 */
async function pullFrom(
  scope: string,
  since: number | string,
  withIcons: boolean,
  seen?: Map<RowTable, Set<string>>,
): Promise<number> {
  let at = since
  for (;;) {
    const requestedAt = performance.now()
    const query = `scope=${encodeURIComponent(scope)}&since=${at}&limit=${pullLimits.rows}${withIcons ? '' : '&icons=0'}`
    const { data: page } = await api<{ data: SyncPage }>(`/api/sync?${query}`)
    if (seen)
      for (const table of ROW_TABLES) for (const row of page.upserts[table]) seen.get(table)!.add(row.id)
    await applyPage(scope, page, requestedAt, withIcons)
    // A page cut inside a version (over its byte budget) goes on from its own cursor (ADR 0308).
    at = page.cursor ?? page.version
    if (withIcons) known.set(scope, Math.max(known.get(scope) ?? 0, page.version))
    if (!page.more) return page.version
  }
}

/**
 * Applies one page in one transaction: deletions, then upserts, each by the rule (a row with a
 * pending change keeps it; a row written since the page was requested keeps what it has). A row
 * deleted from this scope that now belongs to another (moved there) is left to that scope's pull.
 * A deleted project takes its icons and its place in `held`. `advance` stores the cursor with it.
 */
async function applyPage(scope: string, page: SyncPage, requestedAt: number, advance: boolean) {
  const stored = new Map(ROW_TABLES.map((t) => [t, new StoredRows(t)]))
  await rwTransaction(async () => {
    const keep = (t: RowTable) => writtenSince(t, requestedAt)
    for (const table of ['workspaces_access', 'projects', 'icons'] as const) {
      const ids = await stillHere(table, page.deletions[table], scope)
      if (!ids.length) continue
      await applyServerRows(table, gone(ids), stored.get(table)!, keep(table))
      if (table !== 'projects') continue
      await db.held.bulkDelete(ids)
      const children = await db.icons.where('project_id').anyOf(ids).primaryKeys()
      await applyServerRows('icons', gone(children), stored.get('icons')!)
    }
    for (const table of ROW_TABLES) {
      const rows: ServerRow[] = page.upserts[table].map((row: AnyRow) => ({ id: row.id, row }))
      await applyServerRows(table, rows, stored.get(table)!, keep(table))
    }
    if (advance) await db.cursors.put({ scope, version: page.version, at: page.cursor })
  })
  for (const table of stored.values()) table.announce()
}

const gone = (ids: readonly string[]): ServerRow[] => ids.map((id) => ({ id, row: null }))

/** The ids among `ids` whose local row is still in `scope` (or not here at all). */
async function stillHere(table: RowTable, ids: readonly string[], scope: string) {
  if (!ids.length) return []
  const rows = (await rowTable(table).bulkGet([...ids])) as ({ workspace_id: string | null } | undefined)[]
  return ids.filter((_, i) => {
    const row = rows[i]
    return row !== undefined && scopeOf(row) === scope
  })
}

/**
 * After a scope was taken from 0: its local rows (projects, people) the server did not send are
 * gone there, unless a change to them is pending or they were written since the pull began.
 */
async function dropAbsent(scope: string, seen: Map<RowTable, Set<string>>, requestedAt: number) {
  const stored = new Map(ROW_TABLES.map((t) => [t, new StoredRows(t)]))
  await rwTransaction(async () => {
    const workspaceId = scope === 'personal' ? null : scope
    const local = {
      projects: (await db.projects.filter((p) => p.workspace_id === workspaceId).primaryKeys()) as string[],
      workspaces_access: workspaceId
        ? ((await db.workspaces_access.where('workspace_id').equals(workspaceId).primaryKeys()) as string[])
        : [],
    }
    for (const table of ['projects', 'workspaces_access'] as const) {
      const absent = local[table].filter((id) => !seen.get(table)!.has(id))
      if (!absent.length) continue
      const pending = await pendingAmong(table, absent)
      const ids = absent.filter((id) => !pending.has(id))
      const rows = ids.map((id) => ({ id, row: null, absent: true }))
      await applyServerRows(table, rows, stored.get(table)!, writtenSince(table, requestedAt))
      if (table === 'projects') await db.held.bulkDelete(ids)
    }
  })
  for (const table of stored.values()) table.announce()
}

/** Is this project's icon list here whole (listed once, kept since)? */
export async function isHeld(projectId: string): Promise<boolean> {
  return (await db.held.get(projectId)) !== undefined
}

/** Forgets what this tab knows of versions (sign-out). */
export function forgetVersions() {
  known.clear()
}
