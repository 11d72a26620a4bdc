// The actions on the selected icons, floating over the bottom of the grid while some are selected
// (no layout shift under the pointer; toasts stand above it, use-toast-lift.ts): approve (admins), move,
// copy to another project (anyone: the originals stay; the target decides, ADR 0410), export as a ZIP of SVGs, delete (after a confirmation, also asked by the Delete key: the vault
// holds whether it is open; then a toast with Undo), tags and decorative, clear the selection.
import { appMessages, meaningMessages } from '@common/messages.ts'
import { TRASH_DAYS } from '@common/retention.ts'
import { CheckCheck, Copy, Download, FolderInput, Tags, Trash2, X } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import type { ShownIcon } from '../../../data/icon-svgs.ts'
import { toast } from '../../../lib/toast.ts'
import type { VaultAccess } from '../use-vault-access.ts'
import { iconCount } from '../vault-view.ts'
import { approveSelected, deleteSelected, exportSelected } from './bulk-actions.ts'
import { MeaningDialog } from './meaning-dialog.tsx'
import { MoveDialog } from './move-dialog.tsx'
import { useToastLift } from './use-toast-lift.ts'

interface BulkBarProps {
  icons: readonly ShownIcon[]
  projectId: string
  projectName: string
  access: VaultAccess
  onClear(): void
  /** Whether the delete confirmation is open (the vault opens it on the Delete key too). */
  confirming: boolean
  onConfirming(open: boolean): void
}

export function BulkBar(props: BulkBarProps) {
  const { icons, projectId, projectName, access, onClear, confirming, onConfirming: setConfirming } = props
  const [moving, setMoving] = useState<'move' | 'copy' | null>(null)
  const [exporting, setExporting] = useState<number | null>(null)
  const [meaning, setMeaning] = useState(false)
  const reviewable = icons.some((icon) => icon.icon_status === 'needs-review')
  const bar = useRef<HTMLDivElement>(null)
  useToastLift(bar)

  const exportZip = async () => {
    setExporting(0)
    try {
      await exportSelected(icons, projectName, (done, total) =>
        setExporting(Math.round((done / total) * 100)),
      )
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error))
    } finally {
      setExporting(null)
    }
  }

  return (
    <div
      ref={bar}
      role="toolbar"
      aria-label="Selected icons"
      data-testid="bulk-bar"
      className="absolute bottom-4 left-1/2 z-20 flex w-max max-w-[calc(100%-2rem)] -translate-x-1/2 flex-wrap items-center gap-1.5 rounded-xl border border-line bg-raised px-3 py-1.5 shadow-xl"
    >
      <p className="mr-2 text-sm font-medium text-fg" aria-live="polite" data-testid="selection-count">
        {iconCount(icons.length)} selected
      </p>
      {access.canApprove && reviewable ? (
        <Button variant="ghost" size="sm" onClick={() => void approveSelected(icons)}>
          <CheckCheck className="size-4" aria-hidden /> Approve
        </Button>
      ) : null}
      {access.canCreate && access.canDelete ? (
        <Button variant="ghost" size="sm" onClick={() => setMoving('move')}>
          <FolderInput className="size-4" aria-hidden /> Move…
        </Button>
      ) : null}
      {access.canUpdate ? (
        <Button variant="ghost" size="sm" onClick={() => setMeaning(true)}>
          <Tags className="size-4" aria-hidden /> {meaningMessages.bulkMeaning}
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" onClick={() => setMoving('copy')}>
        <Copy className="size-4" aria-hidden /> Copy to…
      </Button>
      <Button variant="ghost" size="sm" onClick={() => void exportZip()} disabled={exporting !== null}>
        <Download className="size-4" aria-hidden />{' '}
        {exporting === null ? 'Export ZIP' : `Exporting… ${exporting}%`}
      </Button>
      {access.canDelete ? (
        <Button
          variant="ghost"
          size="sm"
          className="text-danger hover:text-danger"
          onClick={() => setConfirming(true)}
          aria-keyshortcuts="Delete"
        >
          <Trash2 className="size-4" aria-hidden /> Delete…
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear} aria-keyshortcuts="Escape">
        <X className="size-4" aria-hidden /> Clear
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={appMessages.deleteIconsTitle(icons.length)}
        description={appMessages.deleteIconsDescription(icons.length, TRASH_DAYS)}
        confirmLabel="Delete"
        onConfirm={() => {
          void deleteSelected(icons).then(onClear)
        }}
      />
      {meaning ? <MeaningDialog icons={icons} open onOpenChange={setMeaning} /> : null}
      {moving ? (
        <MoveDialog
          icons={icons}
          projectId={projectId}
          mode={moving}
          open
          onOpenChange={(open) => !open && setMoving(null)}
          onMoved={onClear}
        />
      ) : null}
    </div>
  )
}
