// Icon changes for the vault and the maker: written locally first and queued in the same outbox
// as every other change; `syncProjectIcons` fetches a project's icons into the local database
// (through the leading tab). Permission and plan checks belong to the callers (common/permissions.ts,
// common/plans.ts); the server enforces them and a refusal rolls the change back with its toast.
import type { IconRow } from '@common/schemas/rows.ts'
import { db, type LocalIcon } from './db.ts'
import { requestSync } from './engine.ts'
import { queueChange } from './outbox.ts'

export function syncProjectIcons(projectId: string): Promise<void> {
  return requestSync({ icons: projectId })
}

/** The body of POST /api/icons/create (and of each icon of /create-many) for a local row. */
export const createBody = (row: LocalIcon) => ({
  id: row.id,
  name: row.name,
  svg: row.svg,
  project_id: row.project_id,
  origin_icon_id: row.origin_icon_id,
  workspace_id: row.workspace_id,
  icon_status: row.icon_status,
})

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

/** The icons of a project, for live queries: `useLiveQuery(() => projectIcons(id), [id])`. */
export const projectIcons = (projectId: string) => db.icons.where('project_id').equals(projectId).toArray()
