// Which icon the detail panel shows (initially the one named in the URL hash, #icon=<id>: lib/icon-hash.ts), and
// where focus returns when it closes: the icon's tile, else what had focus when it opened (the
// panel has no trigger button for Radix to return to).
import { useCallback, useRef, useState } from 'react'
import { iconIdFromHash } from '../../lib/icon-hash.ts'
import { findTile } from './grid/grid-events.ts'

const hashIcon = () => iconIdFromHash(window.location.hash)

export function useDetail() {
  const [detailId, setDetailId] = useState<string | null>(hashIcon)
  const last = useRef<string | null>(null)
  const returnFocus = useRef<Element | null>(null)

  const open = useCallback((id: string | null) => {
    setDetailId((current) => {
      if (!current) returnFocus.current = document.activeElement
      return id
    })
    if (id) last.current = id
  }, [])
  const close = useCallback(() => setDetailId(null), [])

  const focusBack = useCallback((event: Event) => {
    event.preventDefault()
    const grid = document.querySelector('[role="grid"][aria-label="Icons"]')
    const tile = last.current && findTile(grid, 'icon-id', last.current)
    const before = returnFocus.current
    const back = tile || (before instanceof HTMLElement && before.isConnected ? before : null)
    back?.focus({ preventScroll: true })
  }, [])

  return { detailId, open, close, focusBack }
}
