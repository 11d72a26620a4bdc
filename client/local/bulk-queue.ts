// Many icon changes at once, written locally and queued in the outbox in one transaction per call
// (the data layer's queueChange writes one change per transaction, too slow for thousands of
// files). Each entry is exactly what queueChange would queue, so sending, retries, rollback and
// toasts stay the outbox's own (client/local/outbox.ts).

import { MAX_ICONS_PER_MOVE, MOVE_PART_MARKUP_BYTES, utf8Bytes } from '@common/icon-limits.ts'
import type { IconMeaning } from '@common/icon-meaning.ts'
import type { NameClashChoice } from '@common/name-clashes.ts'
import type { LocalIcon, OutboxEntry, RowSnapshot } from './db.ts'
import { db, rwTransaction } from './db.ts'
import { createBody } from './icons.ts'
import { wakeOutbox } from './outbox.ts'
import { TAB_ID } from './tabs.ts'

type Entry = Omit<OutboxEntry, 'seq' | 'createdAt' | 'tab' | 'tries'>

const snapshot = (id: string, row: LocalIcon | null): RowSnapshot => ({ table: 'icons', id, row })

/** Writes and queues; answers the queued entries' keys (seq), in order. */
function queue(entries: Entry[], write: () => Promise<unknown>): Promise<number[]> {
  if (!entries.length) return Promise.resolve([])
  return queueBuilt(async () => {
    await write()
    return entries
  })
}

/** queue() for entries built inside the transaction, from the rows as they are then. */
async function queueBuilt(build: () => Promise<Entry[]>): Promise<number[]> {
  const createdAt = Date.now()
  const seqs = await rwTransaction(async () => {
    const entries = await build()
    const rows = entries.map((e) => ({ ...e, createdAt, tries: 0, tab: TAB_ID }))
    return rows.length ? db.outbox.bulkAdd(rows, { allKeys: true }) : []
  })
  if (seqs.length) wakeOutbox()
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

/**
 * Brings deleted icons back (Undo of a bulk delete): the rows are back at once and one
 * `icons/undelete` entry per icon is queued behind their deletes (ADR 0408).
 */
export function undeleteIcons(icons: LocalIcon[]) {
  const entries = icons.map((icon) => ({
    kind: 'icons/undelete' as const,
    body: { id: icon.id },
    workspace_id: icon.workspace_id,
    before: [snapshot(icon.id, null)],
  }))
  return queue(entries, () => db.icons.bulkPut(icons))
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
 * Changes what icons mean (bulk tags, decorative): `change` gives each icon's new fields,
 * from its row as it is when the change is queued (a tag added a moment before in the panel stays);
 * icons it leaves as they are queue nothing. Each is an `icons/update` of those fields alone, as the
 * detail panel sends it (not a version: the revision stays).
 */
export function updateIconsMeaning(
  icons: readonly { id: string }[],
  change: (icon: LocalIcon) => Partial<IconMeaning>,
) {
  return queueBuilt(async () => {
    const rows = await db.icons.bulkGet(icons.map((i) => i.id))
    // An icon deleted meanwhile is not brought back by a tag.
    const changed = rows
      .filter((row) => row !== undefined)
      .map((icon) => ({ icon, fields: change(icon) }))
      .filter(({ icon, fields }) =>
        (Object.keys(fields) as (keyof IconMeaning)[]).some(
          (key) => JSON.stringify(fields[key]) !== JSON.stringify(icon[key]),
        ),
      )
    await db.icons.bulkPut(changed.map(({ icon, fields }) => ({ ...icon, ...fields })))
    return changed.map(({ icon, fields }) => ({
      kind: 'icons/update' as const,
      body: {
        id: icon.id,
        name: icon.name,
        icon_status: icon.icon_status,
        base_revision: icon.revision,
        ...fields,
      },
      workspace_id: icon.workspace_id,
      before: [snapshot(icon.id, icon)],
    }))
  })
}

/**
 * Splits a move into the parts queued one entry each, in order: at most MAX_ICONS_PER_MOVE icons
 * and MOVE_PART_MARKUP_BYTES of the local rows' markup a part (the server refuses a move whose
 * markup passes twice that: its answer carries it, ADR 0308); an icon alone is always a part.
 */
export function moveParts<T extends { from: LocalIcon }>(moved: readonly T[]): T[][] {
  const parts: T[][] = []
  let part: T[] = []
  let bytes = 0
  for (const m of moved) {
    const size = utf8Bytes(m.from.svg)
    if (part.length && (part.length >= MAX_ICONS_PER_MOVE || bytes + size > MOVE_PART_MARKUP_BYTES)) {
      parts.push(part)
      part = []
      bytes = 0
    }
    part.push(m)
    bytes += size
  }
  if (part.length) parts.push(part)
  return parts
}

/**
 * Moves icons (same ids) to another project: the local rows change project at once, and one
 * 'icons/move' entry per part (moveParts) goes to POST /api/icons/move. A refusal rolls the rows
 * back to where they were (their snapshots); the answer settles them as the server stored them.
 * A 409 naming clashes (a name taken in the target since the dialog looked) rolls them back too,
 * once, with the server's message: no retry loop, and the icons stay in their project.
 */
export function moveIcons(moved: { from: LocalIcon; to: LocalIcon }[], onNameClash?: NameClashChoice) {
  const entries: Entry[] = []
  for (const chunk of moveParts(moved)) {
    const body = { ids: chunk.map((m) => m.from.id), project_id: chunk[0]!.to.project_id }
    entries.push({
      kind: 'icons/move',
      // What to do with names the target holds (ADR 0404): without it the server refuses them (409).
      body: onNameClash ? { ...body, on_name_clash: onNameClash } : body,
      workspace_id: chunk[0]!.from.workspace_id,
      before: chunk.map((m) => snapshot(m.from.id, m.from)),
    })
  }
  return queue(entries, () => db.icons.bulkPut(moved.map((m) => m.to)))
}
