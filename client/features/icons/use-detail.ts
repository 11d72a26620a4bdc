// Which icon the detail panel shows (initially the one named in the URL hash, #icon=<id>), and
// where focus returns when it closes: the icon's tile, else what had focus when it opened (the
// panel has no trigger button for Radix to return to).
import { useCallback, useRef, useState } from 'react'

const hashIcon = () => /(?:^#|&)icon=([\w-]+)/.exec(window.location.hash)?.[1] ?? null

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
    const tile = last.current && document.querySelector<HTMLElement>(`[data-icon-id="${last.current}"]`)
    const before = returnFocus.current
    const back = tile || (before instanceof HTMLElement && before.isConnected ? before : null)
    back?.focus({ preventScroll: true })
  }, [])

  return { detailId, open, close, focusBack }
}
