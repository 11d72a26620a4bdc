// Applying the live stream's events to the local database (live.ts receives them): each \`change\`
// by the rule of reconcile.ts, row events in batches (live-batch.ts) of one transaction with bulk
// reads and writes; a deleted workspace or project takes its rows with it; \`membership revoked\`
// drops everything of that workspace from the browser, queued changes included; an icon's upsert
// that replaced the user's own version unseen (\`replaced\`) is told to them with Restore
// (conflict-notice.ts), a rejection of their icon with its comment (rejection-notice.ts).
import type { ChangeEvent } from '@common/schemas/events.ts'
import { applyServerRows } from './apply.ts'
import { StoredRows } from './bulk-write.ts'
import { type ConflictNotice, overwrittenNotice } from './conflict-notice.ts'
import { type AnyRow, db, ROW_TABLES, type RowTable, rwTransaction } from './db.ts'
import { tellEveryTab, tellVanished, type Vanished } from './gone-notice.ts'
import { cascades, coalesce, eventRowId, isRowEvent, type RowEvent, runs } from './live-batch.ts'
import { localOwner } from './local-owner.ts'
import { rejectionNotice } from './rejection-notice.ts'

/** What applying events asks of the stream's owner. */
export interface ApplyHandlers {
  onInvitationsChanged(): void
  /** An event showed a change of this scope that never arrived: pull it. */
  onMissed?(scope: string): void
}

type Writers = Map<RowTable, StoredRows>

/** Deletes a row from the server's side and what lives inside it, each by the rule. */
async function applyDelete(table: RowTable, id: string, stored: Writers) {
  const gone = async (t: RowTable, ids: string[]) =>
    applyServerRows(
      t,
      ids.map((childId) => ({ id: childId, row: null })),
      stored.get(t)!,
    )
  await gone(table, [id])
  if (table === 'workspaces') {
    const projects = (await db.projects.where('workspace_id').equals(id).primaryKeys()) as string[]
    for (const child of ['projects', 'icons', 'workspaces_access'] as const)
      await gone(child, (await db.table(child).where('workspace_id').equals(id).primaryKeys()) as string[])
    // A deleted workspace may be restored: it is then pulled whole, never from a cursor whose rows
    // this browser no longer has (ADR 0018).
    await forgetPulled(id, projects)
  }
  if (table === 'projects') {
    await gone('icons', await db.icons.where('project_id').equals(id).primaryKeys())
    await db.held.delete(id)
  }
}

/** The scope's cursor and its projects' held marks go: its next pull starts from scratch. */
async function forgetPulled(workspaceId: string, projectIds: string[]) {
  await db.cursors.delete(workspaceId)
  await db.held.bulkDelete(projectIds)
}

/** Everything of a workspace leaves this browser: its rows and the changes queued for it. */
async function dropWorkspace(workspaceId: string) {
  await rwTransaction(async () => {
    const projects = (await db.projects.where('workspace_id').equals(workspaceId).primaryKeys()) as string[]
    await db.outbox.where('workspace_id').equals(workspaceId).delete()
    await db.workspaces.delete(workspaceId)
    await db.projects.where('workspace_id').equals(workspaceId).delete()
    await db.icons.where('workspace_id').equals(workspaceId).delete()
    await db.workspaces_access.where('workspace_id').equals(workspaceId).delete()
    await forgetPulled(workspaceId, projects)
  })
}

/**
 * What the user is told of an event that takes something away from them (someone else deleted a
 * workspace project or a workspace, or removed them), read before the rows go; null when it is not
 * here (their own delete already took it, or it was never here).
 */
async function vanishing(event: ChangeEvent): Promise<Vanished | null> {
  if (event.entity === 'membership') {
    const w = await db.workspaces.get(event.workspace_id)
    return w ? { kind: 'removed', name: w.name, by: event.by } : null
  }
  if (event.op !== 'delete') return null
  if (event.entity === 'workspaces') {
    const w = await db.workspaces.get(event.id)
    if (!w) return null
    return event.for_good
      ? { kind: 'workspace-gone', name: w.name }
      : { kind: 'workspace', name: w.name, by: event.by }
  }
  if (event.entity === 'projects') {
    const p = await db.projects.get(event.id)
    // A personal project is the user's own: only another browser of theirs deleted it.
    return p?.workspace_id ? { kind: 'project', name: p.name, by: event.by } : null
  }
  return null
}

/** A workspace upsert for a workspace not here: restored (or rejoined), it is pulled whole. */
async function returning(event: ChangeEvent): Promise<string | null> {
  if (event.entity !== 'workspaces' || event.op !== 'upsert') return null
  if (await db.workspaces.get(event.row.id)) return null
  await db.cursors.delete(event.row.id)
  return event.row.id
}

/**
 * Applies events in order, each by the rule: row events in one transaction with bulk reads and
 * writes (applyServerRows), a membership revocation or an invitations notice on its own.
 */
export async function applyChangeEvents(events: readonly ChangeEvent[], handlers: ApplyHandlers) {
  const told: Vanished[] = []
  const back: string[] = []
  // Read before batching coalesces an icon's events: the one that replaced the user's version.
  const overwritten: ConflictNotice[] = []
  const rejected: string[] = []
  const me = localOwner()
  for (const event of events) {
    if (
      me &&
      event.entity === 'icons' &&
      event.op === 'upsert' &&
      event.row.user_id === me &&
      event.row.review_comment
    ) {
      const text = rejectionNotice(event, await db.icons.get(event.row.id), me)
      if (text) rejected.push(text)
    }
    const v = await vanishing(event)
    if (v) told.push(v)
    const id = await returning(event)
    if (id) back.push(id)
    const notice = overwrittenNotice(event, me)
    if (notice) overwritten.push(notice)
  }
  await applyAll(events, handlers)
  for (const v of told) tellVanished(v)
  for (const { text, command } of overwritten) tellEveryTab(text, command)
  for (const text of rejected) tellEveryTab(text)
  for (const id of back) handlers.onMissed?.(id)
}

async function applyAll(
  events: readonly ChangeEvent[],
  handlers: Pick<ApplyHandlers, 'onInvitationsChanged'>,
) {
  const rows: RowEvent[] = []
  const flushRows = async () => {
    if (!rows.length) return
    const batch = runs(coalesce(rows.splice(0)))
    const stored: Writers = new Map(ROW_TABLES.map((table) => [table, new StoredRows(table)]))
    await rwTransaction(async () => {
      for (const run of batch) {
        const [first] = run
        if (run.length === 1 && first && cascades(first))
          await applyDelete(first.entity, eventRowId(first), stored)
        else await applyRun(run, stored)
      }
    })
    for (const table of stored.values()) table.announce()
  }
  for (const event of events) {
    if (isRowEvent(event)) {
      rows.push(event)
      continue
    }
    await flushRows()
    if (event.entity === 'membership') await dropWorkspace(event.workspace_id)
    else handlers.onInvitationsChanged()
  }
  await flushRows()
}

/** Applies events of distinct rows with no cascade, table by table. */
async function applyRun(run: readonly RowEvent[], stored: Writers) {
  const byTable = new Map<RowTable, RowEvent[]>()
  for (const event of run) {
    const list = byTable.get(event.entity)
    if (list) list.push(event)
    else byTable.set(event.entity, [event])
  }
  for (const [table, events] of byTable) {
    const rows = events.map((event) => ({
      id: eventRowId(event),
      row: event.op === 'upsert' ? (event.row as AnyRow) : null,
    }))
    await applyServerRows(table, rows, stored.get(table)!)
  }
}
