// The icon detail panel (a 500 px side panel): preview on light and dark, rename, review status,
// accessibility (label, description, decorative) and tags, aliases, origin, copy in each format (its code shown), downloads, history (compare, restore), open
// in the maker, copy to another project (ADR 0410), replace the drawing, delete. Viewers see it
// read-only (they may still copy it into a project of their own).
import { appMessages } from '@common/messages.ts'
import { TRASH_DAYS } from '@common/retention.ts'
import { Link } from '@tanstack/react-router'
import { CopyPlus, Trash2, WandSparkles } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button, buttonClass } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx'
import { ICON_INK, iconDataUri } from '../../../lib/icon-image.ts'
import { db, type LocalIcon, rowKey } from '../../../local/db.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'
import { MoveDialog } from '../bulk/move-dialog.tsx'
import { deleteWithUndo } from '../trash/delete-with-undo.ts'
import type { VaultAccess } from '../use-vault-access.ts'
import { AliasesSection } from './aliases-section.tsx'
import { CopySection } from './copy-section.tsx'
import { DownloadSection } from './download-section.tsx'
import { HistorySection } from './history-section.tsx'
import { IconFacts } from './icon-facts.tsx'
import { IconOrigin } from './icon-origin.tsx'
import { MeaningSection } from './meaning-section.tsx'
import { RenameForm } from './rename-form.tsx'
import { ReplaceSvg } from './replace-svg.tsx'
import { StepButtons } from './step-buttons.tsx'
import { TagsEditor } from './tags-editor.tsx'

interface IconDetailPanelProps {
  icon: LocalIcon | null
  access: VaultAccess
  onClose(): void
  onOpen(id: string): void
  /** Where focus goes when the panel closes (it has no trigger button to return to). */
  onCloseAutoFocus(event: Event): void
  /** Shows the previous (-1) or next (+1) icon of the grid; null at that end. */
  onStep: ((delta: -1 | 1) => void) | null
  position: { index: number; count: number } | null
}

/** Is the icon's creation still waiting in the outbox (not on the server yet)? */
const useCreatePending = (id: string | undefined) =>
  useLiveQuery(
    async () =>
      id
        ? (await db.outbox
            .where('keys')
            .equals(rowKey('icons', id))
            .filter((e) => e.kind === 'icons/create')
            .count()) > 0
        : false,
    [id],
  )

function Preview({ svg }: { svg: string }) {
  return (
    <div className="grid grid-cols-2 overflow-hidden rounded-lg border border-line">
      {(['light', 'dark'] as const).map((theme) => (
        <div
          key={theme}
          className={
            theme === 'light'
              ? 'grid h-36 place-items-center bg-white'
              : 'grid h-36 place-items-center bg-[#0c0c0f]'
          }
        >
          <img
            src={iconDataUri(svg, ICON_INK[theme])}
            alt={`Preview on ${theme}`}
            className="size-20 object-contain"
          />
        </div>
      ))}
    </div>
  )
}

export function IconDetailPanel(props: IconDetailPanelProps) {
  const { icon, access, onClose, onOpen, onCloseAutoFocus } = props
  // Keeps showing the last icon while the panel slides out.
  const last = useRef<LocalIcon | null>(null)
  if (icon) last.current = icon
  const shown = icon ?? last.current
  const pending = useCreatePending(shown?.id)
  const [confirming, setConfirming] = useState(false)
  const [copying, setCopying] = useState(false)
  if (!shown) return null

  const remove = async () => {
    await deleteWithUndo([shown])
    onClose()
  }

  return (
    <Dialog open={!!icon} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        variant="panel"
        title={shown.name}
        description="Icon details"
        data-testid="icon-detail"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <div className="flex flex-col gap-6">
          <StepButtons onStep={props.onStep} position={props.position} />
          <Preview svg={shown.svg} />
          {access.canUpdate ? <RenameForm icon={shown} /> : null}
          <IconFacts icon={shown} meId={access.userId} canApprove={access.canApprove} />
          {/* What most people open an icon for comes first, before what describes it. */}
          <CopySection icon={shown} />
          <DownloadSection icon={shown} onServer={pending === false} />
          <MeaningSection icon={shown} canUpdate={access.canUpdate} />
          <TagsEditor icon={shown} canUpdate={access.canUpdate} />
          <AliasesSection icon={shown} access={access} />
          {shown.origin_icon_id ? (
            <IconOrigin originId={shown.origin_icon_id} projectId={shown.project_id} onOpen={onOpen} />
          ) : null}
          <HistorySection
            icon={shown}
            meId={access.userId}
            onServer={pending === false}
            canRestore={access.canUpdate}
          />
          <div className="flex flex-wrap gap-2 border-t border-line pt-4">
            <Link
              to="/maker"
              search={{ projectId: shown.project_id, iconId: shown.id }}
              className={buttonClass('secondary', 'md')}
              data-testid="open-in-maker"
            >
              <WandSparkles className="size-4" aria-hidden /> Open in maker
            </Link>
            <Button variant="secondary" onClick={() => setCopying(true)}>
              <CopyPlus className="size-4" aria-hidden /> Copy to…
            </Button>
            {access.canUpdate ? <ReplaceSvg icon={shown} refusal={access.saveRefusal} /> : null}
            {access.canDelete ? (
              <Button variant="danger" className="ml-auto" onClick={() => setConfirming(true)}>
                <Trash2 className="size-4" aria-hidden /> Delete
              </Button>
            ) : null}
          </div>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={appMessages.deleteIconTitle(shown.name)}
          description={appMessages.deleteIconsDescription(1, TRASH_DAYS)}
          confirmLabel="Delete"
          onConfirm={() => void remove()}
        />
        {copying ? (
          <MoveDialog
            icons={[shown]}
            projectId={shown.project_id}
            mode="copy"
            open
            onOpenChange={setCopying}
            onMoved={() => undefined}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
