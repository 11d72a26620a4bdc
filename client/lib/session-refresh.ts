// Session refresh signal (docs/product.md §Session): auth-client.ts reports better-auth's $sessionSignal here, and main.tsx
// decides what to refresh. Kept apart so the auth client loads only with the pages that use it.
let handler: (() => void) | null = null

export function onSessionChange(fn: () => void) {
  handler = fn
}

export function sessionChanged() {
  handler?.()
}
