// One project's icons listed whole (GET /api/icons?project_id=), when a project is first opened
// here or its scope was taken again from 0 (pull.ts): reconciled with the local rows through
// applyServerRows (apply.ts), in short chunks so the page stays responsive, and handed to this tab's
// grid as soon as it arrives (onIconList), so it shows before it is stored (ADR 0402). The project is
// then `held`: its icons come with the scope's pulls and the live stream from then on.
import type { IconRow } from '@common/schemas/rows.ts'
import { whenContentPainted } from '../lib/first-paint.ts'
import { applyServerRows, writtenSince } from './apply.ts'
import { pendingAmong, StoredRows } from './bulk-write.ts'
import { db, rwTransaction, scopeOf } from './db.ts'
import { fetchList } from './fetch-list.ts'
import { endFirstScreen, firstScreenOf, firstScreenProject } from './first-visit.ts'

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

/**
 * Lists one project's icons and reconciles them by the rule of reconcile.ts in chunks, each its own
 * transaction that reads only its own rows, their pending changes and what was written since the
 * request, so the rule is applied to what the database holds at that moment. Rows the server no
 * longer has go last, in the transaction that marks the project held.
 */
export async function listProjectIcons(projectId: string): Promise<void> {
  const requestedAt = performance.now()
  try {
    await storeFirstScreenProject(projectId)
    // A first screen (first-visit.ts) paints first: the list's download and parsing would hold its
    // tiles back on two cores (ADR 0419).
    const first = firstScreenOf(projectId) !== undefined
    if (first) await whenContentPainted()
    // With nothing shown meanwhile, parsing here costs no frame: the worker's start-up would.
    const shown = first || (await db.icons.where('project_id').equals(projectId).limit(1).count()) > 0
    const url = `/api/icons?project_id=${encodeURIComponent(projectId)}`
    await storeList(projectId, await fetchList<IconRow>(url, shown), requestedAt)
  } finally {
    endFirstScreen(projectId)
    emit({ type: 'done', projectId })
  }
}

/**
 * A new device shows the vault from the row its first screen brought, before the sync has stored the
 * project (ADR 0425): the row is stored now, as a pull would (merged by version), so that the project
 * is held once its icons are stored, and a reload offline finds it. Not when the scope's cursor is
 * past the row's version: the pulls have then seen that change, and a row still missing was deleted
 * since (a later change the next pull brings, as it would over the stored row).
 */
async function storeFirstScreenProject(projectId: string): Promise<void> {
  const row = firstScreenProject(projectId)
  if (row?.version === undefined) return
  const version = row.version
  const stored = new StoredRows('projects')
  await rwTransaction(async () => {
    if (await db.projects.get(projectId)) return
    const cursor = await db.cursors.get(scopeOf(row))
    if (cursor && (cursor.version > version || (cursor.version === version && !cursor.at))) return
    await applyServerRows('projects', [{ id: row.id, row }], stored)
  })
  stored.announce()
}

/** Shows the fetched list to this tab's grid, then stores it in chunks (see listProjectIcons). */
async function storeList(projectId: string, data: IconRow[], requestedAt: number): Promise<void> {
  const held = await db.transaction('r', [db.outbox], async () => {
    const keep = await pendingAmong(
      'icons',
      data.map((row) => row.id),
    )
    for (const id of writtenSince('icons', requestedAt)) keep.add(id)
    return keep
  })
  endFirstScreen(projectId)
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
    const project = await db.projects.get(projectId)
    if (project) await db.held.put({ id: projectId, scope: scopeOf(project) })
  })
  removed.announce()
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
