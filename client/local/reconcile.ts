// The one rule that settles what the local copy of a row becomes when the server's version
// arrives (a list on sync, an event on the live stream, the answer to a queued change):
//
//   A row with a pending local change keeps its local version until the server confirms that
//   change; otherwise the server wins, unless what arrives is older than what we hold
//   (events can overtake one another).
//
// "Older" is decided by the row's revision, never by a clock (ADR 0300): `updated_at` is stamped by
// whichever server process wrote the row, and processes of a cluster do not share a clock. Every
// row carries `version`, the version of its last change in its scope (ADR 0303: a counter the
// writers of a scope take one after another under a row lock, so a later change always has a
// higher one). An icon also carries `revision`, its own counter, which every move between scopes
// bumps: icons compare by revision first, and by version only within one revision (one scope).
//
// Pure functions, no Dexie: applyServerRows (apply.ts) applies them for sync, live and settling.

export interface Row {
  id: string
  /** The scope's version of the row's last change (ADR 0303). */
  version?: number
  /** An icon's own version (ADR 0015): one more on every recorded change, a move included. */
  revision?: number
}

export type Merge = 'keep' | 'put' | 'delete'

/** The order of two known numbers: -1, 0 or 1; null when either is unknown. */
function order(a: number | undefined, b: number | undefined): number | null {
  if (typeof a !== 'number' || typeof b !== 'number') return null
  return Math.sign(a - b)
}

/**
 * Is `a` a strictly newer server version than `b`? By revision, then version (see the header);
 * rows that do not both carry them (made in this browser, or stored before rows carried a version)
 * are never "newer", so the server's version is taken.
 */
export function isNewer(a: Row, b: Row): boolean {
  const byRevision = order(a.revision, b.revision)
  if (byRevision) return byRevision > 0
  return order(a.version, b.version) === 1
}

/**
 * What to do with the local row when the server's version of one row arrives.
 * `remote` null means the server deleted it.
 */
export function mergeRow(local: Row | undefined, remote: Row | null, pending: boolean): Merge {
  if (pending) return 'keep'
  if (remote === null) return local ? 'delete' : 'keep'
  if (local && isNewer(local, remote)) return 'keep'
  return 'put'
}

/** Equal field values: primitives by identity, the few structured ones (an icon's `aliases`) by content. */
const sameValue = (a: unknown, b: unknown) =>
  Object.is(a, b) ||
  (typeof a === 'object' &&
    a !== null &&
    typeof b === 'object' &&
    b !== null &&
    JSON.stringify(a) === JSON.stringify(b))

/**
 * Equality of two rows field by field, so that an unchanged list writes nothing (and wakes no
 * query); a structured field (an icon's `aliases`, a new array on every read) compares by content.
 */
export function sameRow(a: object | undefined, b: object): boolean {
  if (!a) return false
  const ak = Object.keys(a)
  const bk = Object.keys(b)
  if (ak.length !== bk.length) return false
  const ar = a as Record<string, unknown>
  const br = b as Record<string, unknown>
  return bk.every((k) => sameValue(ar[k], br[k]))
}
