// Deleting icons from the vault (the detail panel, the bulk bar, the Delete key on a selection):
// local first and queued (local/bulk-queue.ts), then a toast "Deleted 3 icons" with Undo, which
// brings the same icons back (ids, names, aliases, history), online or offline: their undeletes go
// out behind the deletes, in order (ADR 0408). Deleted icons stay 30 days in "Recently deleted".
import { appMessages } from '@common/messages.ts'
import { fullIcons, type ShownIcon } from '../../../data/icon-svgs.ts'
import { toast } from '../../../lib/toast.ts'
import { deleteIcons, undeleteIcons } from '../../../local/bulk-queue.ts'
import type { LocalIcon } from '../../../local/db.ts'

/** Deletes the icons (heads or whole rows; what Undo brings back is the whole row). */
export async function deleteWithUndo(icons: readonly ShownIcon[]) {
  const deleted = await fullIcons(icons)
  if (!deleted.length) return
  await deleteIcons(deleted)
  toast(appMessages.iconsDeleted(deleted.length), 'success', {
    action: { label: appMessages.undo, run: () => undoDelete(deleted) },
  })
}

async function undoDelete(icons: LocalIcon[]) {
  await undeleteIcons(icons)
  toast(appMessages.iconsRestored(icons.length), 'success')
}
