// Where a signed-out visitor was heading (never lose the user's place). The guard sends
// them to /sign-in?next=<path>; asking for the link there remembers it (the e-mailed link opens in
// another tab of the same browser, so localStorage carries it on), and the verified link goes
// there once. Only a path of this app, for one hour; anything else falls back to /icons.
const KEY = 'iconvault-return-path'
const KEPT_MS = 60 * 60 * 1000
const GUEST_PATHS = new Set(['/', '/sign-in', '/verify-identity'])

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
const browserStorage = (): Store => localStorage

/** A same-origin path of the signed-in app ("/info?projectId=…"), or null. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null
  if (value.includes('\\') || value.length > 2000) return null
  const path = value.split(/[?#]/, 1)[0]!.replace(/\/+$/, '') || '/'
  return GUEST_PATHS.has(path) ? null : value
}

/** Remembers where the visitor was heading (ignored for guest pages). */
export function rememberReturnPath(href: string, storage: () => Store = browserStorage) {
  const path = safeReturnPath(href)
  if (!path) return
  try {
    storage().setItem(KEY, JSON.stringify({ path, at: Date.now() }))
  } catch {
    // storage unavailable: the user lands on /icons
  }
}

/** Forgets it: the visitor asked for a link from /sign-in itself, heading nowhere in particular. */
export function forgetReturnPath(storage: () => Store = browserStorage) {
  try {
    storage().removeItem(KEY)
  } catch {
    // storage unavailable: nothing kept
  }
}

/** The remembered path if fresh, forgotten as it is read. */
export function takeReturnPath(now = Date.now(), storage: () => Store = browserStorage): string | null {
  try {
    const saved = storage().getItem(KEY)
    if (!saved) return null
    storage().removeItem(KEY)
    const { path, at } = JSON.parse(saved) as { path?: unknown; at?: unknown }
    return typeof at === 'number' && now - at < KEPT_MS && now >= at ? safeReturnPath(path) : null
  } catch {
    return null
  }
}
