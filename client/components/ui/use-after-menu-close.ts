// Opening a dialog from a menu or popover item: the dialog opens only once the menu has closed and
// put focus back on its trigger, so the dialog takes focus and hands it back to that trigger on close
// (opened at once, the menu's late focus return would pull focus out from under the modal).
import { useCallback, useRef } from 'react'

export function useAfterMenuClose() {
  const pending = useRef<(() => void) | null>(null)
  /** Call from the item, then close the menu (a Radix menu item closes it by itself). */
  const defer = useCallback((open: () => void) => {
    pending.current = open
  }, [])
  /** Pass as the menu content's onCloseAutoFocus: the trigger is focused right after it runs. */
  const onCloseAutoFocus = useCallback(() => {
    const open = pending.current
    pending.current = null
    open?.()
  }, [])
  return { defer, onCloseAutoFocus }
}
