// The vault's page-wide keys, when no text field has focus and no dialog is open: `/` focuses the
// search, Ctrl/Cmd+A selects every icon shown, Escape clears the selection, Delete (or Backspace,
// the Mac's delete key) asks to delete the selection (a confirmation, then a toast with Undo).
import { useEffect, useRef } from 'react'

export interface VaultShortcuts {
  focusSearch(): void
  selectAll(): void
  clearSelection(): void
  /** Asks to delete the selection (does nothing without one or without the right). */
  deleteSelection(): void
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null)

const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null

export function useVaultShortcuts(shortcuts: VaultShortcuts) {
  const latest = useRef(shortcuts)
  latest.current = shortcuts
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || typing(event.target) || dialogOpen()) return
      const ctrl = event.ctrlKey || event.metaKey
      if (event.key === '/' && !ctrl && !event.altKey) {
        event.preventDefault()
        latest.current.focusSearch()
      } else if (ctrl && !event.altKey && event.key.toLowerCase() === 'a') {
        event.preventDefault()
        latest.current.selectAll()
      } else if (event.key === 'Escape') {
        latest.current.clearSelection()
      } else if ((event.key === 'Delete' || event.key === 'Backspace') && !ctrl && !event.altKey) {
        event.preventDefault()
        latest.current.deleteSelection()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}
