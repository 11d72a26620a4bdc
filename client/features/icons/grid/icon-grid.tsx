// The vault's virtualised grid (@tanstack/react-virtual): only the rows in view (and a few more)
// are in the DOM, so 10,000 icons scroll like 100. An ARIA grid with one focusable cell (roving
// tabindex): arrows, Home/End, PageUp/PageDown move; Shift extends the selection; Space toggles;
// Enter opens details; Ctrl/Cmd+C copies. Clicks are delegated from the grid to its own tiles
// (found by structure, grid-events.ts: nothing in an icon's markup can steer them). Files dropped on
// a tile replace its drawing (tile-drop.ts); a tile found by a search says why when not by its name
// ("was home", "synonym of cog").
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, useState } from 'react'
import type { IconHead } from '../../../data/icon-heads.ts'
import { svgsReady } from '../../../data/icon-svgs.ts'
import { markContentPainted } from '../../../lib/first-paint.ts'
import type { Selection } from '../selection.ts'
import { type ClickIcon, findTile, gridEvents } from './grid-events.ts'
import { IconTile } from './icon-tile.tsx'
import { type DropOnIcon, tileDropEvents } from './tile-drop.ts'
import { TILE_SIZES, type TileSize } from './tile-size.ts'
import { GAP, PADDING, useGridColumns } from './use-grid-columns.ts'

export interface IconGridProps {
  icons: readonly IconHead[]
  selection: Selection
  ink: string
  onClickIcon: ClickIcon
  onOpen(index: number): void
  onCopy(index: number): void
  /** The icon shown in the detail panel: kept focused-to-be and scrolled into view behind it. */
  active: number
  tileSize: TileSize
  /** Why a tile was found by the search, when not by its name (vault-view.ts matchNote); null: no search. */
  noteOf?: ((icon: IconHead) => string | null) | null
  /** Files dropped on a tile (replace its drawing); null: a drop on a tile is an import like elsewhere. */
  onDropOnIcon?: DropOnIcon | null
}

export function IconGrid(props: IconGridProps) {
  const { icons, selection, ink, onClickIcon, onOpen, onCopy, active, tileSize, noteOf } = props
  const [dropOver, setDropOver] = useState<number | null>(null)
  const size = TILE_SIZES[tileSize]
  const rowHeight = size.row + GAP
  const scrollRef = useRef<HTMLDivElement>(null)
  const columns = useGridColumns(scrollRef, size.min)
  const [focus, setFocus] = useState(0)
  const pendingFocus = useRef<number | null>(null)
  const rows = columns ? Math.ceil(icons.length / columns) : 0
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 4,
    paddingStart: PADDING / 2,
    paddingEnd: PADDING,
    // Scroll updates render in React's own time rather than synchronously in the scroll event.
    useFlushSync: false,
  })
  const current = Math.min(focus, Math.max(0, icons.length - 1))
  // A new tile size: the rows measured at the old height are measured again.
  useEffect(() => {
    if (rowHeight) virtualizer.measure()
  }, [rowHeight, virtualizer])

  useEffect(() => {
    if (pendingFocus.current === null) return
    const tile = findTile(scrollRef.current?.firstElementChild, 'index', pendingFocus.current)
    if (!tile) return
    tile.focus({ preventScroll: true })
    pendingFocus.current = null
  })

  useEffect(() => {
    if (active < 0 || !columns) return
    setFocus(active)
    virtualizer.scrollToIndex(Math.floor(active / columns))
  }, [active, columns, virtualizer])

  // The first tiles count as painted with their drawings (read apart from the list: icon-svgs.ts).
  const painted = useRef(false)
  useEffect(() => {
    if (painted.current || !icons.length || !columns) return
    painted.current = true
    const items = virtualizer.getVirtualItems()
    const end = ((items.at(-1)?.index ?? 0) + 1) * columns
    void svgsReady(icons.slice(0, end)).then(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          performance.mark('vault:grid-painted')
          markContentPainted()
        }, 0),
      ),
    )
  }, [icons, columns, virtualizer])

  const events = gridEvents({
    count: icons.length,
    columns,
    pageRows: () => Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight) / rowHeight)),
    current,
    moveTo: (index) => {
      setFocus(index)
      pendingFocus.current = index
      virtualizer.scrollToIndex(Math.floor(index / columns))
    },
    setFocus,
    onClickIcon,
    onOpen,
    onCopy,
    selecting: selection.ids.size > 0,
  })
  const drops = tileDropEvents({ icons, onDrop: props.onDropOnIcon ?? null, setOver: setDropOver })

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="icon-grid-scroll">
      {/* biome-ignore lint/a11y/useSemanticElements: an ARIA grid of virtualised rows, not a data table */}
      <div
        role="grid"
        aria-label="Icons"
        aria-rowcount={rows}
        aria-colcount={columns}
        aria-multiselectable
        tabIndex={-1}
        data-testid="icon-grid"
        {...events}
        {...drops}
        className="relative w-full outline-none select-none"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const first = row.index * columns
          return (
            // biome-ignore lint/a11y/useSemanticElements: rows of an ARIA grid, positioned by the virtualiser
            // biome-ignore lint/a11y/useFocusableInteractive: rows are not focused, their cells are
            <div
              key={row.key}
              role="row"
              aria-rowindex={row.index + 1}
              className="absolute inset-x-0 grid"
              style={{
                transform: `translateY(${row.start}px)`,
                height: rowHeight - GAP,
                gap: GAP,
                padding: `0 ${PADDING}px`,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              }}
            >
              {icons.slice(first, first + columns).map((icon, i) => (
                <IconTile
                  key={icon.id}
                  icon={icon}
                  index={first + i}
                  column={i}
                  selected={selection.ids.has(icon.id)}
                  tabbable={first + i === current}
                  ink={ink}
                  drawing={size.drawing}
                  note={noteOf ? noteOf(icon) : null}
                  dropping={dropOver === first + i}
                />
              ))}
            </div>
          )
        })}
      </div>
    </div>
  )
}
