// The vault's bulk actions on a selection: approve, move to another project, delete, export as a
// ZIP of SVG files. Changes are local first and queued (bulk-queue.ts); the outbox toasts failures.
import { appMessages } from '@common/messages.ts'
import type { IconStatus } from '@common/schemas/icons.ts'
import { toast } from '../../../lib/toast.ts'
import type { LocalIcon, LocalProject } from '../../../local/db.ts'
import { runExport, saveFile } from '../../copy/exports/run-export.ts'
import { approveIcons, deleteIcons, moveIcons } from '../bulk-queue.ts'

export async function approveSelected(icons: readonly LocalIcon[]) {
  const pending = icons.filter((icon) => icon.icon_status === 'needs-review')
  await approveIcons(pending)
  toast(appMessages.iconsApproved(pending.length), 'success')
}

export async function deleteSelected(icons: readonly LocalIcon[]) {
  await deleteIcons([...icons])
  toast(appMessages.iconsDeleted(icons.length), 'success')
}

export interface MoveTarget {
  project: LocalProject
  userId: string
  status: IconStatus
}

/** Copies the icons into the target project (new ids, same drawing), then deletes the originals. */
export async function moveSelected(icons: readonly LocalIcon[], target: MoveTarget) {
  const now = Date.now()
  const pairs = icons.map((from, i) => {
    const at = new Date(now + i).toISOString()
    const to: LocalIcon = {
      ...from,
      id: crypto.randomUUID(),
      user_id: target.userId,
      project_id: target.project.id,
      workspace_id: target.project.workspace_id,
      icon_status: target.status,
      created_at: at,
      updated_at: at,
    }
    return { from, to }
  })
  await moveIcons(pairs)
  toast(appMessages.iconsMoved(icons.length, target.project.name), 'success')
}

export async function exportSelected(
  icons: readonly LocalIcon[],
  projectName: string,
  onProgress: (done: number, total: number) => void,
) {
  const result = await runExport(
    { kind: 'svg-zip', projectName, icons: icons.map(({ name, svg }) => ({ name, svg })) },
    onProgress,
  )
  saveFile(result)
  toast(appMessages.exportReady(result.fileName), 'success')
}
