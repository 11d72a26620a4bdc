// Icons in the local database: `syncProjectIcons` fetches a project's icons into it (through the
// leading tab), `createBody` is what a queued create sends, `projectIcons` reads a project's rows,
// `isHeld` says whether they are all here.
// The changes themselves: client/data/icons.ts (one) and bulk-queue.ts (many).
import { db, type LocalIcon } from './db.ts'
import { requestSync } from './engine.ts'

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
  label: row.label,
  description: row.description,
  decorative: row.decorative,
  tags: row.tags,
})

/** Whether the project's icons are held here (listed whole once, then kept by pulls). */
export const isHeld = async (projectId: string) => (await db.held.get(projectId)) !== undefined

/** The icons of a project, for live queries: `useLiveQuery(() => projectIcons(id), [id])`. */
export const projectIcons = (projectId: string) => db.icons.where('project_id').equals(projectId).toArray()
