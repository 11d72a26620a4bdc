// The vault of one project (/icons?projectId=…): toolbar, import progress, selection actions,
// the virtualised grid and the detail panel, all on the project's icons live from the local
// database. Clicking an icon selects it and copies it in the chosen format; on a touch screen a tap
// opens its details (grid-events.ts), where copying is a button.
import { appMessages } from '@common/messages.ts'
import { useCallback, useMemo, useRef, useState } from 'react'
import { copyIcon } from '../../copy/copy-icon.ts'
import { useDuplicateGroups } from '../../data/duplicates.ts'
import type { IconHead } from '../../data/icon-heads.ts'
import { iconSvg, useFullIcon } from '../../data/icon-svgs.ts'
import { useProjectIcons } from '../../data/use-project-icons.ts'
import { afterPaint } from '../../lib/after-paint.tsx'
import { ICON_INK } from '../../lib/icon-image.ts'
import { useTheme } from '../../lib/theme.ts'
import type { LocalProject } from '../../local/db.ts'
import { IconGrid } from './grid/icon-grid.tsx'
import { replaceOnDrop } from './grid/tile-drop.ts'
import { useTileSize } from './grid/tile-size.ts'
import { DropOverlay } from './import/drop-overlay.tsx'
import { FilePicker } from './import/file-picker.tsx'
import { useDropAndPaste } from './import/use-drop-and-paste.ts'
import { useImport } from './import/use-import.ts'
import { PlanNotice } from './plan-notice.tsx'
import { useIconSearch } from './search/use-icon-search.ts'
import { useDetail } from './use-detail.ts'
import { useFocusRescue } from './use-focus-rescue.ts'
import { useVaultAccess } from './use-vault-access.ts'
import { useVaultSelection } from './use-vault-selection.ts'
import { useVaultShortcuts } from './use-vault-shortcuts.ts'
import { EmptyVault, VaultLoading } from './vault-empty.tsx'
import { VaultToolbar } from './vault-toolbar.tsx'
import { matchNote, statusCounts, type ViewOptions, viewIcons } from './vault-view.ts'

// The selection's actions, the detail panel (dialogs, exports) and an import's report (its rule
// checklists) load after the first tiles painted (ADR 0406); until then there is nothing of them to
// show.
const BulkBar = afterPaint(
  () => import('./bulk/bulk-bar.tsx').then((m) => m.BulkBar),
  () => null,
)
const TrashDialog = afterPaint(
  () => import('./trash/trash-dialog.tsx').then((m) => m.TrashDialog),
  () => null,
)
const ImportProgress = afterPaint(
  () => import('./import/import-progress.tsx').then((m) => m.ImportProgress),
  () => null,
)
const IconDetailPanel = afterPaint(
  () => import('./detail/icon-detail-panel.tsx').then((m) => m.IconDetailPanel),
  () => null,
)

/** Copies a tile's icon: its markup is read for the clipboard (the list holds none, ADR 0423). */
const copyHead = (icon: IconHead) => void copyIcon({ ...icon, svg: iconSvg(icon) })

export function Vault({ project }: { project: LocalProject }) {
  const access = useVaultAccess(project)
  const { icons, syncing, waitingForNetwork, partial } = useProjectIcons(project.id)
  const [view, setView] = useState<ViewOptions>({ query: '', status: 'all', sort: 'relevance' })
  const search = useIconSearch(icons, view.query)
  // What the "Duplicates" filter groups (the server's answer), asked again when the icons change
  // (their stamp made only while the filter is on: a string of every id, at 50,000 icons).
  const grouping = view.status === 'duplicates'
  const stamp = useMemo(
    () => (grouping ? (icons ?? []).map((i) => `${i.id}@${i.revision}`).join() : ''),
    [icons, grouping],
  )
  const groups = useDuplicateGroups(project.id, grouping, stamp)
  const shown = useMemo(
    () => viewIcons(icons ?? [], view, search.ranked, groups ?? null),
    [icons, view, search.ranked, groups],
  )
  const noteOf = useCallback(
    (icon: IconHead) => matchNote(icon, view.query, search.ranked),
    [view.query, search.ranked],
  )
  const order = useMemo(() => shown.map((icon) => icon.id), [shown])
  const counts = useMemo(() => statusCounts(icons ?? []), [icons])
  const { selection, click, selectAll, clear } = useVaultSelection(order)
  const { detailId, open: openDetail, close: closeDetail, focusBack } = useDetail()
  const ink = ICON_INK[useTheme()]
  const [tileSize, setTileSize] = useTileSize()
  const searchRef = useRef<HTMLInputElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const importer = useImport(project, access)
  const dragging = useDropAndPaste(importer.start, true)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const [trashOpen, setTrashOpen] = useState(false)
  const vaultRef = useRef<HTMLDivElement>(null)
  useFocusRescue(
    () =>
      vaultRef.current?.querySelector<HTMLElement>('[role="grid"] [role="gridcell"][tabindex="0"]') ??
      searchRef.current,
  )
  useVaultShortcuts({
    focusSearch: () => searchRef.current?.focus(),
    selectAll,
    clearSelection: clear,
    deleteSelection: () => access.canDelete && selection.ids.size > 0 && setConfirmingDelete(true),
  })

  const onClickIcon = useCallback(
    (index: number, mods: { shift: boolean; toggle: boolean; plain: boolean }) => {
      const icon = shown[index]
      if (!icon) return
      click(icon.id, mods)
      if (mods.plain) copyHead(icon)
    },
    [shown, click],
  )
  const selected = useMemo(() => shown.filter((icon) => selection.ids.has(icon.id)), [shown, selection])
  const detail = useFullIcon((detailId && icons?.find((icon) => icon.id === detailId)) || null)
  const detailIndex = detailId ? order.indexOf(detailId) : -1
  const step = (delta: -1 | 1) => openDetail(order[detailIndex + delta] ?? detailId)
  // Where the plan refuses saving, the button says why (the plan notice) before any picker opens.
  const pickFiles = access.canCreate
    ? () => (access.planBlock ? importer.showPlanRefusal() : fileRef.current?.click())
    : null
  // Nothing to count yet: the local rows may be none of the project's while its first list runs, or
  // only its first screen (ADR 0419).
  const loading = icons === undefined || ((syncing || waitingForNetwork) && icons.length === 0)

  return (
    <div ref={vaultRef} className="relative flex h-full min-h-0 flex-col" data-testid="vault">
      <h1 className="sr-only">Icons of {project.name}</h1>
      <VaultToolbar
        view={view}
        onView={setView}
        searchRef={searchRef}
        onSearchFocus={search.warm}
        counts={
          loading
            ? null
            : partial
              ? 'partial'
              : { shown: shown.length, total: counts.all, review: counts['needs-review'] }
        }
        showReviewFilter={access.reviews || (access.canApprove && counts['needs-review'] > 0)}
        onPickFiles={pickFiles}
        tileSize={tileSize}
        onTileSize={setTileSize}
        onRecentlyDeleted={access.canUpdate ? () => setTrashOpen(true) : null}
      />
      <div className="pt-2 empty:hidden">
        {importer.state ? (
          <ImportProgress state={importer.state} onDismiss={importer.dismiss} onResolve={importer.resolve} />
        ) : null}
        {importer.planRefused && access.planBlock && icons?.length ? (
          <PlanNotice block={access.planBlock} refused onDismiss={importer.dismissPlanRefused} />
        ) : null}
      </div>
      {icons === undefined || (syncing && icons.length === 0) ? (
        <VaultLoading />
      ) : waitingForNetwork && icons.length === 0 ? (
        <VaultLoading label={appMessages.vaultWaitsForNetwork} />
      ) : icons.length === 0 ? (
        <EmptyVault
          canAdd={access.canCreate}
          onPick={() => pickFiles?.()}
          planBlock={access.planBlock}
          refused={importer.planRefused}
        />
      ) : shown.length === 0 ? (
        <p className="py-16 text-center text-sm text-muted" role="status">
          No icons match.
        </p>
      ) : (
        <IconGrid
          icons={shown}
          selection={selection}
          ink={ink}
          onClickIcon={onClickIcon}
          onOpen={(index) => openDetail(shown[index]?.id ?? null)}
          onCopy={(index) => shown[index] && copyHead(shown[index])}
          active={detailIndex}
          tileSize={tileSize}
          noteOf={view.query ? noteOf : null}
          onDropOnIcon={replaceOnDrop(access)}
        />
      )}
      {/* After the grid in the document, so Tab goes from the grid to the selection's actions. */}
      {selected.length ? (
        <BulkBar
          icons={selected}
          projectId={project.id}
          projectName={project.name}
          access={access}
          onClear={clear}
          confirming={confirmingDelete}
          onConfirming={setConfirmingDelete}
        />
      ) : null}
      {access.canCreate ? <FilePicker ref={fileRef} onFiles={importer.start} /> : null}
      {dragging ? <DropOverlay projectName={project.name} /> : null}
      {trashOpen ? <TrashDialog project={project} open={trashOpen} onOpenChange={setTrashOpen} /> : null}
      <IconDetailPanel
        icon={detail}
        access={access}
        onClose={closeDetail}
        onOpen={openDetail}
        onCloseAutoFocus={focusBack}
        onStep={detailIndex >= 0 ? step : null}
        position={detailIndex >= 0 ? { index: detailIndex, count: order.length } : null}
      />
    </div>
  )
}
