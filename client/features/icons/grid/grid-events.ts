// The grid's keyboard and pointer handling, delegated from the grid element to its tiles: keys of
// grid-keys.ts move focus (Shift extends the selection), Enter opens, Space toggles, Ctrl/Cmd+C
// copies; clicks select (and copy, for a plain click; the second click of a double-click does not
// copy again), double-clicks open. A tap (touch) opens the
// details instead, where copying is an explicit button, or, while some icons are selected, toggles
// the tile's selection (as its box does). Which tile an event is
// for is found by the grid's own structure (grid > row > tile), never by attributes an icon's
// markup could carry too (data-index, data-action, class): inline markup cannot steer it.
import type { FocusEvent, KeyboardEvent, MouseEvent, PointerEvent } from 'react'
import type { ClickMods } from '../selection.ts'
import { nextIndex } from './grid-keys.ts'

export type ClickIcon = (index: number, mods: ClickMods & { plain: boolean }) => void

interface GridEventsOptions {
  count: number
  columns: number
  /** Rows in view, for PageUp/PageDown. */
  pageRows(): number
  current: number
  moveTo(index: number): void
  setFocus(index: number): void
  onClickIcon: ClickIcon
  onOpen(index: number): void
  onCopy(index: number): void
  /** Some icons are selected: a tap toggles selection rather than opening details. */
  selecting: boolean
}

/** The tile of `grid` with this data attribute (`index` or `icon-id`) = value, by the grid's structure. */
export const findTile = (grid: Element | null | undefined, attribute: string, value: string | number) =>
  grid?.querySelector<HTMLElement>(
    `:scope > [role="row"] > [data-${attribute}="${CSS.escape(String(value))}"]`,
  ) ?? null

/** The grid's own tile an event target is in: the ancestor that is a cell of a row of `grid`. */
export function tileOf(target: EventTarget | null, grid: Element): HTMLElement | null {
  let node = target instanceof Element ? target : null
  while (node && node !== grid) {
    const row = node.parentElement
    if (row && row.parentElement === grid)
      return row.getAttribute('role') === 'row' ? (node as HTMLElement) : null
    node = row
  }
  return null
}

/** The tile's index in the grid (set by the grid itself on its own tile element). */
const tileIndex = (target: EventTarget | null, grid: Element) => {
  const tile = tileOf(target, grid)
  return tile ? Number(tile.dataset.index) : null
}

/** The tile's own control (toggle, details) a target is in: a direct child of the tile, never icon markup. */
function tileAction(target: EventTarget | null, tile: HTMLElement): string | undefined {
  let node = target instanceof Element ? target : null
  while (node && node.parentElement !== tile) node = node.parentElement
  return node instanceof HTMLElement ? node.dataset.action : undefined
}

/** The kind of pointer that pressed last (a click carries none of its own in every browser). */
let lastPointer = ''

export function gridEvents(o: GridEventsOptions) {
  const onPointerDown = (event: PointerEvent) => {
    lastPointer = event.pointerType
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const ctrl = event.ctrlKey || event.metaKey
    const next = nextIndex(
      event.key,
      o.current,
      { count: o.count, columns: o.columns, pageRows: o.pageRows() },
      ctrl,
    )
    if (next !== null) {
      event.preventDefault()
      o.moveTo(next)
      if (event.shiftKey) o.onClickIcon(next, { shift: true, toggle: false, plain: false })
    } else if (event.key === 'Enter') {
      event.preventDefault()
      o.onOpen(o.current)
    } else if (event.key === ' ') {
      event.preventDefault()
      o.onClickIcon(o.current, { shift: false, toggle: true, plain: false })
    } else if (ctrl && event.key.toLowerCase() === 'c' && !window.getSelection()?.toString()) {
      event.preventDefault()
      o.onCopy(o.current)
    }
  }

  const onClick = (event: MouseEvent) => {
    const tile = tileOf(event.target, event.currentTarget)
    if (!tile) return
    const index = Number(tile.dataset.index)
    o.setFocus(index)
    const action = tileAction(event.target, tile)
    const touch = lastPointer === 'touch'
    if (action === 'details' || (touch && action !== 'toggle' && !o.selecting)) return o.onOpen(index)
    // The second click of a double-click: the first copied already, the double-click opens.
    if (event.detail > 1 && !touch && !event.shiftKey && !event.ctrlKey && !event.metaKey) return
    const toggle = event.ctrlKey || event.metaKey || action === 'toggle' || touch
    o.onClickIcon(index, { shift: event.shiftKey, toggle, plain: !event.shiftKey && !toggle })
  }

  const onDoubleClick = (event: MouseEvent) => {
    if (lastPointer === 'touch') return // the first tap opened the details already
    const index = tileIndex(event.target, event.currentTarget)
    if (index !== null) o.onOpen(index)
  }

  const onFocus = (event: FocusEvent) => {
    const index = tileIndex(event.target, event.currentTarget)
    if (index !== null && index !== o.current) o.setFocus(index)
  }

  return { onKeyDown, onPointerDown, onClick, onDoubleClick, onFocus }
}
