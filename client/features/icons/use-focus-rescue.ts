// Keeps the keyboard's place in the vault when what had focus goes away: a deleted tile, the
// selection's bar after its Delete, a dialog whose opener went with the selection, a dismissed
// toast. The browser drops focus onto the page body then (Tab would start over from the top);
// instead it moves to `fallback()` (the grid's current tile, else the search box). Focus the user
// moved elsewhere, or never placed (a fresh page), is left alone.
import { useEffect, useRef } from 'react'

export function useFocusRescue(fallback: () => HTMLElement | null | undefined) {
  const fallbackRef = useRef(fallback)
  fallbackRef.current = fallback
  useEffect(() => {
    let last: Element | null = null
    let frame = 0
    const onFocusIn = (event: FocusEvent) => {
      last = event.target instanceof Element ? event.target : null
    }
    const check = () => {
      frame = 0
      const active = document.activeElement
      if (active && active !== document.body) return
      // Only when the focused element itself left the page (a click on the background keeps it).
      if (!last || last.isConnected) return
      last = null
      fallbackRef.current()?.focus({ preventScroll: true })
    }
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(check)
    })
    observer.observe(document.body, { childList: true, subtree: true })
    document.addEventListener('focusin', onFocusIn)
    return () => {
      observer.disconnect()
      document.removeEventListener('focusin', onFocusIn)
      cancelAnimationFrame(frame)
    }
  }, [])
}
