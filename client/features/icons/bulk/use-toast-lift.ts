// Keeps toasts clear of a control floating at the bottom of the page (the bulk bar): while it is
// shown, the toaster (components/ui/toaster.tsx) stands on it, through the --iv-toast-lift variable.
import { type RefObject, useLayoutEffect } from 'react'

const TOASTER_BOTTOM = 16
const GAP = 8

export function useToastLift(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const root = document.documentElement.style
    const measure = () => {
      const lift = window.innerHeight - element.getBoundingClientRect().top + GAP - TOASTER_BOTTOM
      root.setProperty('--iv-toast-lift', `${Math.max(0, Math.ceil(lift))}px`)
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    window.addEventListener('resize', measure)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', measure)
      root.removeProperty('--iv-toast-lift')
    }
  }, [ref])
}
