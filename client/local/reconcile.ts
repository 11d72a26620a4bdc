// The one rule that settles what the local copy of a row becomes when the server's version
// arrives (a list on sync, an event on the live stream, the answer to a queued change):
//
//   A row with a pending local change keeps its local version until the server confirms that
//   change; otherwise the server wins, unless what arrives is older than what we hold
//   (events can overtake one another; rows carry updated_at).
//
// Pure functions, no Dexie: applyServerRows (apply.ts) applies them for sync, live and settling.

export interface Row {
  id: string
  updated_at?: string
}

export type Merge = 'keep' | 'put' | 'delete'

/** Is `a` a strictly newer server version than `b`? Rows without updated_at are never "newer". */
export function isNewer(a: Row, b: Row): boolean {
  if (!a.updated_at || !b.updated_at) return false
  return Date.parse(a.updated_at) > Date.parse(b.updated_at)
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
