// Who signed in on this browser: the user whose local copy this is (engine.ts claims it on start).
// Read where a change's outcome or a stream's event is told only to its own person (conflict notices).
export const OWNER_KEY = 'iconvault-db-owner'

/** The local copy's owner, or null (nobody yet, or no storage). */
export function localOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY)
  } catch {
    return null
  }
}
