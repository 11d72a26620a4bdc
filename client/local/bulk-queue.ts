// Many icon changes at once, written locally and queued in the outbox in one transaction per call
// (the data layer's queueChange writes one change per transaction, too slow for thousands of
// files). Each entry is exactly what queueChange would queue, so sending, retries, rollback and
// toasts stay the outbox's own (client/local/outbox.ts).
import { MAX_ICONS_PER_MOVE } from '@common/icon-limits.ts'
import type { LocalIcon, OutboxEntry, RowSnapshot } from './db.ts'
import { db, rwTransaction } from './db.ts'
import { createBody } from './icons.ts'
import { wakeOutbox } from './outbox.ts'
import { TAB_ID } from './tabs.ts'

type Entry = Omit<OutboxEntry, 'seq' | 'createdAt' | 'tab' | 'tries'>

const snapshot = (id: string, row: LocalIcon | null): RowSnapshot => ({ table: 'icons', id, row })

/** Writes and queues; answers the queued entries' keys (seq), in order. */
async function queue(entries: Entry[], write: () => Promise<unknown>): Promise<number[]> {
  if (!entries.length) return []
  const createdAt = Date.now()
  const seqs = await rwTransaction(async () => {
    await write()
    const rows = entries.map((e) => ({ ...e, createdAt, tries: 0, tab: TAB_ID }))
    return db.outbox.bulkAdd(rows, { allKeys: true })
  })
  wakeOutbox()
  return seqs as number[]
}

/** Creates new icons (ids not used yet); answers their outbox entries' keys. */
export function createIcons(rows: LocalIcon[]) {
  const entries = rows.map((row) => ({
    kind: 'icons/create' as const,
    body: createBody(row),
    workspace_id: row.workspace_id,
    before: [snapshot(row.id, null)],
  }))
  return queue(entries, () => db.icons.bulkPut(rows))
}

export function deleteIcons(icons: LocalIcon[]) {
  const entries = icons.map((icon) => ({
    kind: 'icons/delete' as const,
    body: { id: icon.id },
    workspace_id: icon.workspace_id,
    before: [snapshot(icon.id, icon)],
  }))
  return queue(entries, () => db.icons.bulkDelete(icons.map((i) => i.id)))
}

export function approveIcons(icons: LocalIcon[]) {
  const next = icons.map((icon) => ({ ...icon, icon_status: 'approved' as const }))
  const entries = next.map((icon, i) => ({
    kind: 'icons/update' as const,
    body: { id: icon.id, name: icon.name, icon_status: icon.icon_status },
    workspace_id: icon.workspace_id,
    before: [snapshot(icon.id, icons[i]!)],
  }))
  return queue(entries, () => db.icons.bulkPut(next))
}

/**
 * Moves icons (same ids) to another project: the local rows change project at once, and one
 * 'icons/move' entry per MAX_ICONS_PER_MOVE goes to POST /api/icons/move. A refusal rolls the rows
 * back to where they were (their snapshots); the answer settles them as the server stored them.
 */
export function moveIcons(moved: { from: LocalIcon; to: LocalIcon }[]) {
  const entries: Entry[] = []
  for (let i = 0; i < moved.length; i += MAX_ICONS_PER_MOVE) {
    const chunk = moved.slice(i, i + MAX_ICONS_PER_MOVE)
    entries.push({
      kind: 'icons/move',
      body: { ids: chunk.map((m) => m.from.id), project_id: chunk[0]!.to.project_id },
      workspace_id: chunk[0]!.from.workspace_id,
      before: chunk.map((m) => snapshot(m.from.id, m.from)),
    })
  }
  return queue(entries, () => db.icons.bulkPut(moved.map((m) => m.to)))
}
