// Initial sync and re-sync (ADR 0303): the list of the user's workspaces says which scopes there
// are (the personal space and each workspace); each is then pulled from its cursor (pull.ts), so a
// re-sync moves what changed since the last one, not everything. A project's icons are listed whole
// once, when it is first opened here (icon-list.ts); a workspace's people come with its pull. Rows
// whose workspace or project is gone are dropped, with their cursors. Run by the leading tab
// (engine.ts); everything is applied through applyServerRows (apply.ts).
import type { WorkspaceRow } from '@common/schemas/rows.ts'
import { api } from '../lib/api.ts'
import { applyServerRows, type ServerRow, writtenSince } from './apply.ts'
import { StoredRows } from './bulk-write.ts'
import { db, type OutboxEntry, rowKey, rwTransaction, scopeOf } from './db.ts'
import { listProjectIcons } from './icon-list.ts'
import { pendingIds } from './outbox-rules.ts'
import { isHeld, pullScope } from './pull.ts'

/**
 * Fetches the user's workspaces (reconciled as a whole list: one the user left is dropped with
 * everything of it), then pulls every scope from its cursor. Rejects with the first failure.
 */
export async function syncAll(): Promise<void> {
  const requestedAt = performance.now()
  // The scopes known here are pulled at once, beside the list; a new workspace's once it arrives.
  // Each pull settles to its error (undefined when it succeeded).
  const pulls = new Map<string, Promise<unknown>>()
  const pull = (scope: string) =>
    pulls.set(
      scope,
      pullScope(scope).then(
        () => undefined,
        (error: unknown) => error ?? new Error('pull failed'),
      ),
    )
  pull('personal')
  for (const id of (await db.workspaces.toCollection().primaryKeys()) as string[]) pull(id)
  const { data } = await api<{ data: WorkspaceRow[] }>('/api/workspaces')
  const stored = await rwTransaction(async () => {
    const serverIds = new Set(data.map((row) => row.id))
    const rows: ServerRow[] = data.map((row) => ({ id: row.id, row }))
    for (const id of await db.workspaces.toCollection().primaryKeys())
      if (!serverIds.has(id)) rows.push({ id, row: null, absent: true })
    const written = new StoredRows('workspaces')
    await applyServerRows('workspaces', rows, written, writtenSince('workspaces', requestedAt))
    await dropOrphans(await db.outbox.toArray())
    return written
  })
  stored.announce()
  for (const { id } of data) if (!pulls.has(id)) pull(id)
  const current = new Set(['personal', ...data.map((w) => w.id)])
  for (const [scope, settled] of pulls) {
    const error = await settled
    // A workspace left meanwhile answers 404: the list has dropped it already.
    if (error !== undefined && current.has(scope)) throw error
  }
}

/**
 * Drops rows whose workspace or project is no longer here (unless a pending change holds them),
 * and the cursors and held marks that went with them.
 */
async function dropOrphans(queue: OutboxEntry[]) {
  const workspaceIds = new Set(await db.workspaces.toCollection().primaryKeys())
  const projectKeep = pendingIds(queue, 'projects')
  const orphanProjects = await db.projects
    .filter((p) => p.workspace_id !== null && !workspaceIds.has(p.workspace_id) && !projectKeep.has(p.id))
    .primaryKeys()
  await db.projects.bulkDelete(orphanProjects)
  const accessKeep = pendingIds(queue, 'workspaces_access')
  await db.workspaces_access
    .filter((a) => !workspaceIds.has(a.workspace_id) && !accessKeep.has(a.id))
    .delete()
  await db.cursors.filter((c) => c.scope !== 'personal' && !workspaceIds.has(c.scope)).delete()
  const projectIds = new Set(await db.projects.toCollection().primaryKeys())
  await db.held.filter((h) => !projectIds.has(h.id)).delete()
  // Keys only: the icons table may hold tens of thousands of rows.
  const iconProjects = (await db.icons.orderBy('project_id').uniqueKeys()) as string[]
  const gone = iconProjects.filter((id) => !projectIds.has(id))
  if (!gone.length) return
  const iconKeep = pendingIds(queue, 'icons')
  await db.icons
    .where('project_id')
    .anyOf(gone)
    .filter((i) => !iconKeep.has(i.id))
    .delete()
}

/** Lists under way, by project: a second request for the same project shares it. */
const listing = new Map<string, Promise<void>>()

/**
 * Brings one project's icons up to date: a held project (its icons all here) by a pull of its
 * scope, any other by listing it whole once. The list need not wait for the live stream: whatever
 * changes after it is read comes with the scope's next pull (after the stream's `ready`, or a gap),
 * from a cursor older than the list; rows written meanwhile are not undone by it (apply.ts).
 */
export async function syncIcons(projectId: string): Promise<void> {
  const project = await db.projects.get(projectId)
  if (project && (await isHeld(projectId))) return pullScope(scopeOf(project))
  const running = listing.get(projectId)
  if (running) return running
  const done = (async () => {
    // A project created here and still waiting in the outbox is not on the server yet (a fetch
    // would 404): its local icons are the whole list, and the live stream brings later changes.
    if (await createPending(projectId)) return
    await listProjectIcons(projectId)
  })().finally(() => listing.delete(projectId))
  listing.set(projectId, done)
  return done
}

/** Is this project's create still in the outbox? */
async function createPending(projectId: string): Promise<boolean> {
  const entries = await db.outbox.where('keys').equals(rowKey('projects', projectId)).toArray()
  return entries.some((entry) => entry.kind === 'projects/create')
}

/** The people of a workspace come with its pull. */
export function syncAccessUsers(workspaceId: string): Promise<void> {
  return pullScope(workspaceId)
}
