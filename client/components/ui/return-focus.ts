// Radix dialogs give focus back to their own Trigger on close; ours are often opened by a plain
// button, a menu item or code. This hands focus back to whatever held it when the dialog opened.
import { useRef } from 'react'

// The last elements that took focus. Radix reports no opening when a field of the dialog took
// focus itself (autoFocus): the opener is then the last one outside the dialog that is still there.
const recent: Element[] = []
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (!(event.target instanceof Element) || recent.at(-1) === event.target) return
      recent.push(event.target)
      if (recent.length > 20) recent.shift()
    },
    true,
  )
}

function lastFocusedOutside(content: Element | null): HTMLElement | null {
  for (let i = recent.length - 1; i >= 0; i--) {
    const el = recent[i]
    if (el instanceof HTMLElement && el.isConnected && el !== document.body && !content?.contains(el))
      return el
  }
  return null
}

export function useReturnFocus(onCloseAutoFocus?: (event: Event) => void) {
  const opener = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: () => {
      // Runs before Radix moves focus in: the active element is still the opener.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    },
    onCloseAutoFocus: (event: Event) => {
      const content = event.target instanceof Element ? event.target : null
      const el = opener.current?.isConnected ? opener.current : lastFocusedOutside(content)
      opener.current = null
      if (onCloseAutoFocus) return onCloseAutoFocus(event)
      if (el && el !== document.body) {
        event.preventDefault()
        el.focus()
      }
    },
  }
}
