// The vault's toolbar: search by name, tag or meaning (`/` focuses it; focusing it readies the search
// worker), status filter, sort, tile size, the count and, for those who may add icons, the button that
// opens the file picker; "Recently deleted" for those who may restore icons (ADR 0408).

import { formatCount } from '@common/format-count.ts'
import { appMessages } from '@common/messages.ts'
import { ArchiveRestore, Search, Upload } from 'lucide-react'
import { type RefObject, useId } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { TILE_SIZE_IDS, TILE_SIZES, type TileSize } from './grid/tile-size.ts'
import { ToolbarSelect as Select } from './toolbar-select.tsx'
import {
  iconCount,
  SORT_LABELS,
  type SortKey,
  STATUS_FILTERS,
  STATUS_LABELS,
  type StatusFilter,
  shownSort,
  sortChoices,
  type ViewOptions,
} from './vault-view.ts'

interface VaultToolbarProps {
  view: ViewOptions
  onView(view: ViewOptions): void
  searchRef: RefObject<HTMLInputElement | null>
  /** The search box got focus: the search index starts building, before the first key. */
  onSearchFocus?(): void
  /**
   * Shown / total icons; null while the project's first list is still coming (no count to give);
   * 'partial' while only its first screen is shown (ADR 0419): the rest is said to be coming.
   */
  counts: { shown: number; total: number; review: number } | 'partial' | null
  showReviewFilter: boolean
  /** Opens the file picker; null for those who may not add icons. */
  onPickFiles: (() => void) | null
  tileSize: TileSize
  onTileSize(size: TileSize): void
  /** Opens the project's recently deleted icons; null for those who may not restore them. */
  onRecentlyDeleted?: (() => void) | null
}

export function VaultToolbar({
  view,
  onView,
  searchRef,
  onSearchFocus,
  counts,
  showReviewFilter,
  onPickFiles,
  tileSize,
  onTileSize,
  onRecentlyDeleted,
}: VaultToolbarProps) {
  const countId = useId()
  const statuses = STATUS_FILTERS.filter((s) => s !== 'needs-review' || showReviewFilter || view.status === s)
  return (
    <div
      className="flex flex-wrap items-center gap-2 border-b border-line px-3 py-2.5 sm:px-4"
      data-testid="vault-toolbar"
    >
      <div className="relative min-w-48 flex-1 sm:max-w-80">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted"
          aria-hidden
        />
        <Input
          ref={searchRef}
          type="search"
          value={view.query}
          onChange={(e) => onView({ ...view, query: e.target.value })}
          onFocus={onSearchFocus}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && view.query) {
              e.stopPropagation()
              onView({ ...view, query: '' })
            }
          }}
          placeholder="Search icons"
          aria-label="Search icons by name, tag or meaning"
          aria-describedby={countId}
          aria-keyshortcuts="/"
          className="h-9 pr-8 pl-8"
        />
        <kbd className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 rounded border border-line px-1 text-[10px] text-muted pointer-coarse:hidden">
          /
        </kbd>
      </div>
      <Select<StatusFilter>
        aria-label="Filter by status"
        data-testid="status-filter"
        value={view.status}
        onValueChange={(status) => onView({ ...view, status })}
        options={statuses.map((s) => ({
          value: s,
          label:
            s === 'needs-review' && counts && counts !== 'partial'
              ? `${STATUS_LABELS[s]} (${counts.review})`
              : STATUS_LABELS[s],
        }))}
      />
      <Select<SortKey>
        aria-label="Sort icons"
        data-testid="sort-select"
        value={shownSort(view)}
        onValueChange={(sort) => onView({ ...view, sort })}
        options={sortChoices(view.query).map((s) => ({ value: s, label: SORT_LABELS[s] }))}
      />
      <Select<TileSize>
        aria-label="Tile size"
        data-testid="tile-size"
        value={tileSize}
        onValueChange={onTileSize}
        options={TILE_SIZE_IDS.map((s) => ({ value: s, label: TILE_SIZES[s].label }))}
      />
      {/* On a phone the count is the toolbar's last line, always: "206 of 1,234 icons" is wider than
          "1,234 icons", and beside the selects it wrapped onto a line of its own while a search was
          typed, moving the grid down. */}
      <p
        id={countId}
        className="order-last min-h-4 basis-full text-xs text-muted tabular-nums sm:order-none sm:min-h-0 sm:basis-auto sm:text-sm"
        data-testid="icon-count"
        aria-live="polite"
      >
        {counts === null
          ? null
          : counts === 'partial'
            ? appMessages.firstScreenShown
            : counts.shown === counts.total
              ? iconCount(counts.total)
              : `${formatCount(counts.shown)} of ${iconCount(counts.total)}`}
      </p>
      {onRecentlyDeleted ? (
        <Button
          variant="ghost"
          size="md"
          className="ml-auto"
          onClick={onRecentlyDeleted}
          data-testid="recently-deleted"
        >
          {/* Labelled at every width, with a restore mark: a bare bin beside "Add SVG files" reads as "delete". */}
          <ArchiveRestore className="size-4" aria-hidden />
          {appMessages.recentlyDeleted}
        </Button>
      ) : null}
      {onPickFiles ? (
        <Button
          variant="secondary"
          size="md"
          className={onRecentlyDeleted ? '' : 'ml-auto'}
          onClick={onPickFiles}
        >
          <Upload className="size-4" aria-hidden />
          Add SVG files
        </Button>
      ) : null}
    </div>
  )
}
