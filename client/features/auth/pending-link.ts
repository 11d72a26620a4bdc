// A sign-in link opened in a browser that is already signed in (login CSRF, ADR 0013): the link is
// not used then. /verify-identity keeps its token for this tab and goes to /icons (docs/product.md §Verify identity), where
// PendingLinkDialog asks whether to sign out and continue with it. Nothing is verified unasked.
const KEY = 'iconvault.pending-sign-in-link'

export function keepPendingLink(token: string): void {
  try {
    sessionStorage.setItem(KEY, token)
  } catch {} // storage refused: the link is simply not offered
}

/** The kept token, if any (read again until answered: a reload still asks). */
export function pendingLink(): string | null {
  try {
    return sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}

export function forgetPendingLink(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {}
}
