// One icon in the grid: its drawing (inline markup that passed inline-svg.ts, else an image of a
// data URI, icon-image.ts), its name, selection and review marks. Clicks and keys are handled by
// the grid (event delegation), so tiles stay cheap to render.
import { Check, Info } from 'lucide-react'
import { memo } from 'react'
import { cn } from '../../../components/ui/cn.ts'
import type { LocalIcon } from '../../../local/db.ts'
import { iconDataUri } from '../icon-image.ts'
import { inlineMarkup } from '../inline-svg.ts'

interface IconTileProps {
  icon: LocalIcon
  index: number
  column: number
  selected: boolean
  tabbable: boolean
  ink: string
}

export const IconTile = memo(function IconTile({
  icon,
  index,
  column,
  selected,
  tabbable,
  ink,
}: IconTileProps) {
  const review = icon.icon_status === 'needs-review'
  return (
    // biome-ignore lint/a11y/useSemanticElements: a cell of an ARIA grid of tiles, not a table
    <div
      role="gridcell"
      aria-colindex={column + 1}
      aria-selected={selected}
      aria-label={review ? `${icon.name}, needs review` : icon.name}
      tabIndex={tabbable ? 0 : -1}
      data-index={index}
      data-icon-id={icon.id}
      data-testid="icon-tile"
      className={cn(
        'group relative flex h-full min-w-0 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border px-2 pt-3 pb-2',
        'outline-none transition-colors focus-visible:ring-2 focus-visible:ring-accent',
        selected ? 'border-accent bg-accent/10' : 'border-transparent hover:border-line hover:bg-surface',
      )}
    >
      <IconDrawing svg={icon.svg} ink={ink} />
      <span className="w-full truncate text-center text-[11px] leading-4 text-muted group-hover:text-fg">
        {icon.name}
      </span>
      <span
        aria-hidden
        className={cn(
          'absolute top-1.5 left-1.5 grid size-4 place-items-center rounded border',
          selected
            ? 'border-accent bg-accent-solid text-accent-fg'
            : 'hidden border-line bg-raised group-hover:grid',
        )}
        data-action="toggle"
      >
        {selected ? <Check className="size-3" /> : null}
      </span>
      {review ? (
        <span
          aria-hidden
          title="Needs review"
          className="absolute top-2 right-2 size-2 rounded-full bg-amber-500"
        />
      ) : null}
      <button
        type="button"
        tabIndex={-1}
        aria-hidden
        data-action="details"
        title="Details"
        className="absolute right-1 bottom-7 hidden rounded p-0.5 text-muted group-hover:block hover:bg-raised hover:text-fg"
      >
        <Info className="size-3.5" />
      </button>
    </div>
  )
})

function IconDrawing({ svg, ink }: { svg: string; ink: string }) {
  const markup = inlineMarkup(svg)
  if (markup !== null) {
    return (
      <span
        aria-hidden
        // contain: strict clips whatever the markup draws (or styles) outside the tile
        className="block size-9 overflow-hidden text-fg [contain:strict] [&>svg]:size-full"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized pipeline output that passed inline-svg.ts
        dangerouslySetInnerHTML={{ __html: markup }}
      />
    )
  }
  return (
    <img
      src={iconDataUri(svg, ink)}
      alt=""
      width={36}
      height={36}
      draggable={false}
      className="size-9 object-contain"
    />
  )
}
