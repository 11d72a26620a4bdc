// One icon in the grid: its drawing (inline markup that passed inline-svg.ts, else an image of a
// data URI, icon-image.ts; the markup read by icon-svgs.ts, as the list holds none), its full name
// (two lines, and a tooltip), selection and review marks.
// Clicks and keys are handled by the grid (event delegation), so tiles stay cheap to render. On a
// touch screen the selection box is always shown (there is no hover). Found by a search other than by
// its name, it says why in small text that is also part of its accessible name ("was home", "synonym
// of cog", "tag gear"); with files dragged over it, it shows that a drop replaces its drawing.
import { Check, Info } from 'lucide-react'
import { memo } from 'react'
import { cn } from '../../../components/ui/cn.ts'
import type { IconHead } from '../../../data/icon-heads.ts'
import { useIconSvg } from '../../../data/icon-svgs.ts'
import { iconDataUri } from '../../../lib/icon-image.ts'
import { inlineMarkup } from '../inline-svg.ts'

interface IconTileProps {
  icon: IconHead
  index: number
  column: number
  selected: boolean
  tabbable: boolean
  ink: string
  /** The drawing's size in px (the tile size setting). */
  drawing: number
  /** Why the search found it, when not by its name ("was home", "synonym of cog"), or null. */
  note?: string | null
  /** Files are dragged over it: a drop replaces its drawing. */
  dropping?: boolean
}

export const IconTile = memo(function IconTile({
  icon,
  index,
  column,
  selected,
  tabbable,
  ink,
  drawing,
  note = null,
  dropping = false,
}: IconTileProps) {
  const svg = useIconSvg(icon)
  const review = icon.icon_status === 'needs-review'
  const label = [icon.name, note, review ? 'needs review' : null].filter(Boolean).join(', ')
  return (
    // biome-ignore lint/a11y/useSemanticElements: a cell of an ARIA grid of tiles, not a table
    <div
      role="gridcell"
      aria-colindex={column + 1}
      aria-selected={selected}
      aria-label={label}
      tabIndex={tabbable ? 0 : -1}
      data-index={index}
      data-icon-id={icon.id}
      data-testid="icon-tile"
      title={icon.name}
      className={cn(
        'group relative flex h-full min-w-0 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border px-2 pt-3 pb-2',
        'outline-none transition-colors focus-visible:ring-2 focus-visible:ring-accent',
        selected ? 'border-accent bg-accent/10' : 'border-transparent hover:border-line hover:bg-surface',
        dropping && 'border-dashed border-accent bg-accent/10 ring-2 ring-accent',
      )}
    >
      <IconDrawing svg={svg} ink={ink} size={drawing} />
      {note ? (
        <span className="flex h-8 w-full shrink-0 flex-col text-center text-[11px] leading-4">
          <span className="truncate text-muted group-hover:text-fg" data-testid="icon-name">
            {icon.name}
          </span>
          <span className="truncate text-muted italic" data-testid="icon-match">
            {note}
          </span>
        </span>
      ) : (
        <span
          className="line-clamp-2 h-8 w-full shrink-0 text-center text-[11px] leading-4 [overflow-wrap:anywhere] text-muted group-hover:text-fg"
          data-testid="icon-name"
        >
          {icon.name}
        </span>
      )}
      {dropping ? (
        <span
          aria-hidden
          className="pointer-events-none absolute inset-x-1 top-1 rounded bg-accent-solid px-1 text-center text-[10px] leading-4 text-accent-fg"
        >
          Replace drawing
        </span>
      ) : null}
      <span
        aria-hidden
        className={cn(
          'absolute top-1.5 left-1.5 grid size-4 place-items-center rounded border pointer-coarse:size-6',
          selected
            ? 'border-accent bg-accent-solid text-accent-fg'
            : 'hidden border-line bg-raised group-hover:grid pointer-coarse:grid',
        )}
        data-action="toggle"
      >
        {selected ? <Check className="size-3" /> : null}
      </span>
      {review ? (
        <span
          aria-hidden
          title="Needs review"
          className="absolute top-2.5 right-7 size-2 rounded-full bg-amber-500 pointer-coarse:right-9"
        />
      ) : null}
      <button
        type="button"
        tabIndex={-1}
        aria-hidden
        data-action="details"
        title="Details"
        // top right, mirroring the selection box: never over the name (two lines at the bottom)
        className="absolute top-1.5 right-1.5 hidden place-items-center rounded p-0.5 text-muted group-hover:grid pointer-coarse:grid pointer-coarse:size-6 hover:bg-raised hover:text-fg"
      >
        <Info className="size-3.5" />
      </button>
    </div>
  )
})

/** The drawing; an empty box of its size until its markup is read (icon-svgs.ts). */
function IconDrawing({ svg, ink, size }: { svg: string | undefined; ink: string; size: number }) {
  if (svg === undefined)
    return <span aria-hidden style={{ width: size, height: size }} className="block shrink-0" />
  const markup = inlineMarkup(svg)
  if (markup !== null) {
    return (
      <span
        aria-hidden
        // contain: strict clips whatever the markup draws (or styles) outside the tile
        style={{ width: size, height: size }}
        className="block shrink-0 overflow-hidden text-fg [contain:strict] [&>svg]:size-full"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized pipeline output that passed inline-svg.ts
        dangerouslySetInnerHTML={{ __html: markup }}
      />
    )
  }
  return (
    <img
      src={iconDataUri(svg, ink)}
      alt=""
      width={size}
      height={size}
      draggable={false}
      style={{ width: size, height: size }}
      className="shrink-0 object-contain"
    />
  )
}
