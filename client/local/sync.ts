// Initial sync and re-sync: fetches the server's lists (workspaces, projects, the user's own access
// rows; a project's icons and a workspace's people on demand) and reconciles them with the local
// database by the rule of reconcile.ts: rows with a pending change, and rows written from an event
// or answer after the list was requested, keep their local version; the server wins otherwise.
// Rows whose workspace or project is gone are dropped. Run by the leading tab (engine.ts).
import type { IconRow, ProjectRow, WorkspaceAccessRow, WorkspaceRow } from '@common/schemas/rows.ts'
import { api } from '../lib/api.ts'
import { deferServerRow, noteWrite, writtenSince } from './apply.ts'
import { type AnyRow, db, type OutboxEntry, ROW_TABLES, type RowTable, rowTable } from './db.ts'
import { pendingIds } from './outbox-rules.ts'
import { reconcileList } from './reconcile.ts'

type List<T> = { data: T[] }

async function applyList<T extends AnyRow>(
  table: RowTable,
  local: T[],
  server: T[],
  requestedAt: number,
  pending: Set<string>,
) {
  const keep = new Set([...pending, ...writtenSince(table, requestedAt)])
  const { put, delete: remove } = reconcileList(local, server, keep)
  for (const row of server) if (pending.has(row.id)) deferServerRow(table, row.id, row)
  if (put.length) await rowTable(table).bulkPut(put)
  if (remove.length) await rowTable(table).bulkDelete(remove)
  for (const row of put) noteWrite(table, row.id)
}

const transaction = <T>(fn: () => Promise<T>) =>
  db.transaction('rw', [db.outbox, ...ROW_TABLES.map((t) => db.table(t))], fn)

/** Fetches workspaces, projects and the user's access rows, and reconciles them all. */
export async function syncAll(userId: string): Promise<void> {
  const requestedAt = performance.now()
  const [workspaces, projects, access] = await Promise.all([
    api<List<WorkspaceRow>>('/api/workspaces'),
    api<List<ProjectRow>>('/api/projects'),
    api<List<WorkspaceAccessRow>>('/api/workspaces/access', { body: {} }),
  ])
  await transaction(async () => {
    const queue = await db.outbox.toArray()
    const pending = (table: RowTable) => pendingIds(queue, table)
    await applyList(
      'workspaces',
      await db.workspaces.toArray(),
      workspaces.data,
      requestedAt,
      pending('workspaces'),
    )
    await applyList('projects', await db.projects.toArray(), projects.data, requestedAt, pending('projects'))
    const ownAccess = await db.workspaces_access.where('user_id').equals(userId).toArray()
    await applyList('workspaces_access', ownAccess, access.data, requestedAt, pending('workspaces_access'))
    await dropOrphans(queue)
  })
}

/** Drops rows whose workspace or project is no longer here (unless a pending change holds them). */
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
  const projectIds = new Set(await db.projects.toCollection().primaryKeys())
  const iconKeep = pendingIds(queue, 'icons')
  await db.icons.filter((i) => !projectIds.has(i.project_id) && !iconKeep.has(i.id)).delete()
}

/** Fetches one project's icons and reconciles them. */
export async function syncIcons(projectId: string): Promise<void> {
  const requestedAt = performance.now()
  const { data } = await api<List<IconRow>>(`/api/icons?project_id=${encodeURIComponent(projectId)}`)
  await transaction(async () => {
    const queue = await db.outbox.toArray()
    const local = await db.icons.where('project_id').equals(projectId).toArray()
    await applyList('icons', local, data, requestedAt, pendingIds(queue, 'icons'))
  })
}

/** Fetches the people of a workspace and reconciles them. */
export async function syncAccessUsers(workspaceId: string): Promise<void> {
  const requestedAt = performance.now()
  const { data } = await api<List<WorkspaceAccessRow>>(
    `/api/workspaces/access-users?workspaceId=${encodeURIComponent(workspaceId)}`,
  )
  await transaction(async () => {
    const queue = await db.outbox.toArray()
    const local = await db.workspaces_access.where('workspace_id').equals(workspaceId).toArray()
    await applyList('workspaces_access', local, data, requestedAt, pendingIds(queue, 'workspaces_access'))
  })
}

/** The scopes to refresh on a re-sync besides the lists: projects with icons, workspaces with people. */
export async function cachedScopes(userId: string) {
  const projectIds = new Set(await db.icons.orderBy('project_id').uniqueKeys())
  const others = await db.workspaces_access.filter((a) => a.user_id !== userId).toArray()
  return {
    projectIds: [...projectIds] as string[],
    workspaceIds: [...new Set(others.map((a) => a.workspace_id))],
  }
}
