// Many icon changes at once, written locally and queued in the outbox in one transaction per call
// (the data layer's queueChange writes one change per transaction, too slow for thousands of
// files). Each entry is exactly what queueChange would queue, so sending, retries, rollback and
// toasts stay the outbox's own (client/local/outbox.ts).
import type { LocalIcon, OutboxEntry, RowSnapshot } from '../../local/db.ts'
import { db, ROW_TABLES } from '../../local/db.ts'
import { createBody } from '../../local/icons.ts'
import { wakeOutbox } from '../../local/outbox.ts'
import { TAB_ID } from '../../local/tabs.ts'

type Entry = Omit<OutboxEntry, 'seq' | 'createdAt' | 'tab' | 'tries'>

const tables = () => [db.outbox, ...ROW_TABLES.map((t) => db.table(t))]
const snapshot = (id: string, row: LocalIcon | null): RowSnapshot => ({ table: 'icons', id, row })

async function queue(entries: Entry[], write: () => Promise<unknown>) {
  if (!entries.length) return
  const createdAt = Date.now()
  await db.transaction('rw', tables(), async () => {
    await write()
    await db.outbox.bulkAdd(entries.map((e) => ({ ...e, createdAt, tries: 0, tab: TAB_ID })))
  })
  wakeOutbox()
}

/** Creates new icons (ids not used yet). */
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
 * Moves icons: a copy is created in the target project, then the original deleted. The create
 * also notes the original in its snapshot, so the outbox treats the delete as built on it: if the
 * server refuses the copy, the delete is rolled back with it and nothing is lost.
 */
export function moveIcons(pairs: { from: LocalIcon; to: LocalIcon }[]) {
  const entries: Entry[] = []
  for (const { from, to } of pairs) {
    entries.push({
      kind: 'icons/create',
      body: createBody(to),
      workspace_id: to.workspace_id,
      before: [snapshot(to.id, null), snapshot(from.id, from)],
    })
    entries.push({
      kind: 'icons/delete',
      body: { id: from.id },
      workspace_id: from.workspace_id,
      before: [snapshot(from.id, from)],
    })
  }
  return queue(entries, async () => {
    await db.icons.bulkPut(pairs.map((p) => p.to))
    await db.icons.bulkDelete(pairs.map((p) => p.from.id))
  })
}
