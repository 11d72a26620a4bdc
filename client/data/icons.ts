// Icon changes of the vault and the maker: written locally first and queued in the same outbox as
// every other change (client/local/outbox.ts). Permission and plan checks belong to the callers
// (common/permissions.ts, common/plans.ts); the server enforces them and a refusal rolls the change
// back with its toast. Many at once (imports, bulk actions): client/local/bulk-queue.ts.
import type { IconRow } from '@common/schemas/rows.ts'
import type { LocalIcon } from '../local/db.ts'
import { createBody } from '../local/icons.ts'
import { queueChange } from '../local/outbox.ts'

export async function createIcon(input: Omit<IconRow, 'id' | 'created_at' | 'updated_at'> & { id?: string }) {
  const now = new Date().toISOString()
  const row: LocalIcon = { ...input, id: input.id ?? crypto.randomUUID(), created_at: now, updated_at: now }
  await queueChange('icons/create', createBody(row), row.workspace_id, (w) => w.put('icons', row))
  return row
}

export async function updateIcon(icon: LocalIcon, changes: Partial<Pick<LocalIcon, 'name' | 'icon_status'>>) {
  const next = { ...icon, ...changes }
  const body = { id: next.id, name: next.name, icon_status: next.icon_status }
  await queueChange('icons/update', body, icon.workspace_id, (w) => w.put('icons', next))
}

export async function deleteIcon(icon: LocalIcon) {
  await queueChange('icons/delete', { id: icon.id }, icon.workspace_id, (w) => w.delete('icons', icon.id))
}

/**
 * Makes a former version current again (issue 22): locally at once with that version's name and
 * markup, queued as `icons/restore { id, version }`; the server records it as a new version and
 * answers the icon as it is now (its revision, its aliases), which settles the local row.
 */
export async function restoreIconVersion(
  icon: LocalIcon,
  version: { version: number; name: string; svg: string },
) {
  const next: LocalIcon = { ...icon, name: version.name, svg: version.svg }
  await queueChange('icons/restore', { id: icon.id, version: version.version }, icon.workspace_id, (w) =>
    w.put('icons', next),
  )
}

/**
 * A new drawing for an icon, keeping its id, name, aliases and history: `svg` is already the client
 * pipeline's output for this icon's id prefix (as the maker's save makes it), queued as
 * `icons/replace { id, svg }`; the server runs it through the create pipeline again.
 */
export async function replaceIconSvg(icon: LocalIcon, svg: string) {
  const next: LocalIcon = { ...icon, svg }
  await queueChange('icons/replace', { id: icon.id, svg }, icon.workspace_id, (w) => w.put('icons', next))
}
