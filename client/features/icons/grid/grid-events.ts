// The grid's keyboard and pointer handling, delegated from the grid element to its tiles: keys of
// grid-keys.ts move focus (Shift extends the selection), Enter opens, Space toggles, Ctrl/Cmd+C
// copies; clicks select (and copy, for a plain click), double-clicks open.
import type { FocusEvent, KeyboardEvent, MouseEvent } from 'react'
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
}

export const tileIndex = (target: EventTarget) => {
  const tile = (target as HTMLElement).closest<HTMLElement>('[data-index]')
  return tile ? Number(tile.dataset.index) : null
}

export function gridEvents(o: GridEventsOptions) {
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
    const index = tileIndex(event.target)
    if (index === null) return
    o.setFocus(index)
    const action = (event.target as HTMLElement).closest<HTMLElement>('[data-action]')?.dataset.action
    if (action === 'details') return o.onOpen(index)
    const toggle = event.ctrlKey || event.metaKey || action === 'toggle'
    o.onClickIcon(index, { shift: event.shiftKey, toggle, plain: !event.shiftKey && !toggle })
  }

  const onDoubleClick = (event: MouseEvent) => {
    const index = tileIndex(event.target)
    if (index !== null) o.onOpen(index)
  }

  const onFocus = (event: FocusEvent) => {
    const index = tileIndex(event.target)
    if (index !== null && index !== o.current) o.setFocus(index)
  }

  return { onKeyDown, onClick, onDoubleClick, onFocus }
}
