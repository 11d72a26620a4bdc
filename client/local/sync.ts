// Initial sync and re-sync: fetches the server's lists (workspaces, projects, the user's own access
// rows; a project's icons and a workspace's people on demand) and reconciles them with the local
// database through applyServerRows (apply.ts): rows with a pending change, and rows written from an
// event or answer after the list was requested, keep their local version; the server wins otherwise.
// Rows whose workspace or project is gone are dropped. Run by the leading tab (engine.ts).
// A project's icons (10,000 and more) are stored in short chunks, and the list is handed to this
// tab's grid as soon as it arrives (onIconList), so it shows before it is stored (ADR 0402).
import type { IconRow, ProjectRow, WorkspaceAccessRow, WorkspaceRow } from '@common/schemas/rows.ts'
import { api } from '../lib/api.ts'
import { applyServerRows, type ServerRow, writtenSince } from './apply.ts'
import { pendingAmong, StoredRows } from './bulk-write.ts'
import { type AnyRow, db, type OutboxEntry, type RowTable, rowKey, rwTransaction } from './db.ts'
import { fetchList } from './fetch-list.ts'
import { streamOpenedAt, whenStreamOpen } from './live.ts'
import { pendingIds } from './outbox-rules.ts'

type List<T> = { data: T[] }

/**
 * Reconciles the local rows of one scope (every project, or the people of one workspace...) with
 * the server's complete list of it: the list's rows, and the local rows it no longer has as
 * deleted, by applyServerRows; rows written since the list was requested are left as they are.
 * Inside rwTransaction(); answers what it stored, to announce after the commit.
 */
async function applyList<T extends AnyRow>(table: RowTable, local: T[], server: T[], requestedAt: number) {
  const serverIds = new Set(server.map((row) => row.id))
  const rows: ServerRow[] = server.map((row) => ({ id: row.id, row }))
  for (const row of local) if (!serverIds.has(row.id)) rows.push({ id: row.id, row: null, absent: true })
  const stored = new StoredRows(table)
  await applyServerRows(table, rows, stored, writtenSince(table, requestedAt))
  return stored
}

/** Fetches workspaces, projects and the user's access rows, and reconciles them all. */
export async function syncAll(userId: string): Promise<void> {
  const requestedAt = performance.now()
  const [workspaces, projects, access] = await Promise.all([
    api<List<WorkspaceRow>>('/api/workspaces'),
    api<List<ProjectRow>>('/api/projects'),
    api<List<WorkspaceAccessRow>>('/api/workspaces/access', { body: {} }),
  ])
  const stored = await rwTransaction(async () => {
    const written = [
      await applyList('workspaces', await db.workspaces.toArray(), workspaces.data, requestedAt),
      await applyList('projects', await db.projects.toArray(), projects.data, requestedAt),
      await applyList(
        'workspaces_access',
        await db.workspaces_access.where('user_id').equals(userId).toArray(),
        access.data,
        requestedAt,
      ),
    ]
    await dropOrphans(await db.outbox.toArray())
    return written
  })
  for (const table of stored) table.announce()
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

/** A project's list as fetched, for the tab that shows it (icon-list-events below). */
export type IconListEvent =
  /** The server's rows this sync will store (rows with a pending change or a newer local write left out). */
  | { type: 'list'; projectId: string; rows: readonly IconRow[] }
  /** The sync is over (stored, or failed): the database alone holds the truth again. */
  | { type: 'done'; projectId: string }

const iconListListeners = new Set<(event: IconListEvent) => void>()

/** Hears the icon lists this tab fetches, so that the grid can show one before it is stored. */
export function onIconList(listener: (event: IconListEvent) => void) {
  iconListListeners.add(listener)
  return () => {
    iconListListeners.delete(listener)
  }
}

const emit = (event: IconListEvent) => {
  for (const listener of iconListListeners) listener(event)
}

/** Rows per transaction when a list is stored: each is a short task, so the page stays responsive. */
const CHUNK = 250
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/** A list sync of one project: when its fetch started (undefined: still waiting for the stream). */
const iconSyncs = new Map<string, { startedAt: number | undefined; done: Promise<void> }>()

/** How long a list sync waits for the live stream to open before fetching anyway. */
const STREAM_WAIT_MS = 3000

/**
 * Fetches one project's icons and reconciles them. A list fetched before the live stream is open
 * could miss a change made meanwhile, and would be fetched again once it opens (the re-sync): so the
 * fetch waits for the stream (at most STREAM_WAIT_MS). A sync of the same project already under way
 * is shared when its fetch has not started or started while the stream was open (whatever changed
 * after its list was read arrives as events); otherwise a new one runs.
 */
export function syncIcons(projectId: string): Promise<void> {
  const running = iconSyncs.get(projectId)
  if (running && (running.startedAt === undefined || running.startedAt >= streamOpenedAt()))
    return running.done
  const entry: { startedAt: number | undefined; done: Promise<void> } = {
    startedAt: undefined,
    done: Promise.resolve(),
  }
  entry.done = (async () => {
    await whenStreamOpen(STREAM_WAIT_MS)
    // A project created here and still waiting in the outbox is not on the server yet (a fetch
    // would 404): its local icons are the whole list, and the live stream brings later changes.
    if (await createPending(projectId)) return
    entry.startedAt = performance.now()
    await fetchIcons(projectId)
  })().finally(() => {
    if (iconSyncs.get(projectId) === entry) iconSyncs.delete(projectId)
  })
  iconSyncs.set(projectId, entry)
  return entry.done
}

/** Is this project's create still in the outbox? */
async function createPending(projectId: string): Promise<boolean> {
  const entries = await db.outbox.where('keys').equals(rowKey('projects', projectId)).toArray()
  return entries.some((entry) => entry.kind === 'projects/create')
}

/**
 * The list is reconciled by the rule of reconcile.ts in chunks, each its own transaction that reads
 * only its own rows, their pending changes and what was written since the request, so the rule is
 * applied to what the database holds at that moment. Rows the server no longer has go last.
 */
async function fetchIcons(projectId: string): Promise<void> {
  const requestedAt = performance.now()
  // With no local copy to show meanwhile, parsing here costs no frame: the worker's start-up would.
  const shown = (await db.icons.where('project_id').equals(projectId).limit(1).count()) > 0
  const data = await fetchList<IconRow>(`/api/icons?project_id=${encodeURIComponent(projectId)}`, shown)
  try {
    const held = await db.transaction('r', [db.outbox], async () => {
      const keep = await pendingAmong(
        'icons',
        data.map((row) => row.id),
      )
      for (const id of writtenSince('icons', requestedAt)) keep.add(id)
      return keep
    })
    emit({ type: 'list', projectId, rows: held.size ? data.filter((row) => !held.has(row.id)) : data })
    for (let i = 0; i < data.length; i += CHUNK) {
      if (i) await nextTask()
      const stored = new StoredRows('icons')
      await storeChunk(data.slice(i, i + CHUNK), requestedAt, stored)
      stored.announce()
    }
    const removed = new StoredRows('icons')
    await rwTransaction(async () => {
      const serverIds = new Set(data.map((row) => row.id))
      const gone = (await db.icons.where('project_id').equals(projectId).primaryKeys()).filter(
        (id) => !serverIds.has(id),
      )
      const rows = gone.map((id) => ({ id, row: null, absent: true }))
      await applyServerRows('icons', rows, removed, writtenSince('icons', requestedAt))
    })
    removed.announce()
  } finally {
    emit({ type: 'done', projectId })
  }
}

/** Reconciles and stores one chunk of a project's list. */
function storeChunk(chunk: IconRow[], requestedAt: number, stored: StoredRows): Promise<void> {
  return rwTransaction(() =>
    applyServerRows(
      'icons',
      chunk.map((row) => ({ id: row.id, row })),
      stored,
      writtenSince('icons', requestedAt),
    ),
  )
}

/** Fetches the people of a workspace and reconciles them. */
export async function syncAccessUsers(workspaceId: string): Promise<void> {
  const requestedAt = performance.now()
  const { data } = await api<List<WorkspaceAccessRow>>(
    `/api/workspaces/access-users?workspaceId=${encodeURIComponent(workspaceId)}`,
  )
  const stored = await rwTransaction(async () => {
    const local = await db.workspaces_access.where('workspace_id').equals(workspaceId).toArray()
    return applyList('workspaces_access', local, data, requestedAt)
  })
  stored.announce()
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
