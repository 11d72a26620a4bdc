// The review queue's keys, when no text field has focus and no dialog is open (ADR 0413): J next,
// K previous, A approve, R reject, D the changes (diff) or the checks. Without modifiers only, so
// that the browser's own shortcuts (Ctrl+R) stay theirs.
import { useEffect, useRef } from 'react'

export interface ReviewKeys {
  move(delta: 1 | -1): void
  approve(): void
  reject(): void
  toggleDiff(): void
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null)

const dialogOpen = () =>
  document.querySelector(
    '[role="dialog"], [role="alertdialog"], [role="listbox"][data-radix-select-viewport], [role="menu"]',
  ) !== null

export function useReviewKeys(keys: ReviewKeys) {
  const latest = useRef(keys)
  latest.current = keys
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
      if (typing(event.target) || dialogOpen()) return
      const key = event.key.toLowerCase()
      const action = (
        {
          j: () => latest.current.move(1),
          k: () => latest.current.move(-1),
          a: () => latest.current.approve(),
          r: () => latest.current.reject(),
          d: () => latest.current.toggleDiff(),
        } as Record<string, () => void>
      )[key]
      // Holding J or K walks the queue; a held A, R or D acts once.
      if (!action || (event.repeat && key !== 'j' && key !== 'k')) return
      event.preventDefault()
      action()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}
