// A failed chunk load (usually a deploy replaced the files) reloads the page once per distinct message.
// Offline, a reload would only show the browser's error page: it waits until the browser is online.
// TanStack Router's lazy route components already reload once per message on their own, remembered under
// `tanstack_router_reload:<message>`; we honour and set that key too, so the two never reload twice.
const STORAGE_KEY = 'iconvault-chunk-reloads'
const routerKey = (message: string) => `tanstack_router_reload:${message}`

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message)
}

function seenMessages(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : []
  } catch {
    return []
  }
}

/** Reloads unless this message already caused a reload in this tab; returns whether it reloads. */
export function reloadOnce(message: string): boolean {
  const seen = seenMessages()
  try {
    if (seen.includes(message) || sessionStorage.getItem(routerKey(message))) return false
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...seen, message]))
    sessionStorage.setItem(routerKey(message), '1')
  } catch {
    return false // without storage we could loop forever
  }
  if (navigator.onLine) window.location.reload()
  else window.addEventListener('online', () => window.location.reload(), { once: true })
  return true
}

export function listenForChunkErrors() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce(event.payload instanceof Error ? event.payload.message : String(event.payload))) {
      event.preventDefault()
    }
  })
}
