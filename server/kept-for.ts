// The one pattern for answers kept in process memory while notes keep them true (ADR 0303): an entry
// is believed for at most `ttlMs` (the bound when a note is missed: a listener's connection lost, a
// row changed behind the app's back) and never past its own expiry; notes and writes forget entries
// at once. A read that began before a forget may not keep what it read: `set` takes the generation
// seen when the read began and keeps nothing if anything was forgotten since (the read may have
// seen the state before the change the forget announced). Oldest entries go first past `maxEntries`.

/** The longest a kept answer is believed without a note (the bound when a note is missed). */
export const KEPT_TTL_MS = 10_000

export type KeptFor<V> = {
  get(key: string): V | null
  /** The current generation: pass it to `set` for what is read from now on. */
  generation(): number
  /** Keeps `value` unless something was forgotten since generation `since` (then keeps nothing). */
  set(key: string, value: V, since: number, expiresAt?: number): void
  forget(key: string): void
  forgetWhere(pick: (value: V, key: string) => boolean): void
  clear(): void
}

type Entry<V> = { value: V; at: number; expiresAt: number }

export function keptFor<V>(opts: { ttlMs: number; maxEntries: number; now?: () => number }): KeptFor<V> {
  const now = opts.now ?? Date.now
  const byKey = new Map<string, Entry<V>>()
  let generation = 0
  return {
    get(key) {
      const e = byKey.get(key)
      if (!e) return null
      const t = now()
      if (t - e.at < opts.ttlMs && e.expiresAt > t) return e.value
      byKey.delete(key)
      return null
    },
    generation: () => generation,
    set(key, value, since, expiresAt = Number.POSITIVE_INFINITY) {
      if (since !== generation) return
      byKey.delete(key)
      // Oldest first out: a Map keeps insertion order.
      if (byKey.size >= opts.maxEntries) byKey.delete(byKey.keys().next().value!)
      byKey.set(key, { value, at: now(), expiresAt })
    },
    forget(key) {
      generation++
      byKey.delete(key)
    },
    forgetWhere(pick) {
      generation++
      for (const [key, e] of byKey) if (pick(e.value, key)) byKey.delete(key)
    },
    clear() {
      generation++
      byKey.clear()
    },
  }
}
