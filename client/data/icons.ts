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
