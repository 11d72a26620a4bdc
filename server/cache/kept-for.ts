// The one pattern for answers kept in process memory while notes keep them true (ADR 0303): an entry
// is believed for at most `ttlMs` (the bound when a note is missed: a listener's connection lost, a
// row changed behind the app's back) and never past its own expiry; notes and writes forget entries
// at once. A read that began before a forget may not keep what it read: `set` takes the generation
// seen when the read began and keeps nothing if anything was forgotten since (the read may have
// seen the state before the change the forget announced). The entries are held in the one bounded
// store (lru.ts, ADR 0034): the least recently used go first past `maxEntries` (and past
// `weight.maxBytes` when given, counted here: entries that share an object count its bytes once).
// `through` reads a missing entry once for all who ask at the same time: when an entry lapses under
// load, hundreds of requests would otherwise each read it (a session or a project list read 200
// times over held the event loop 300-450 ms at the start of a 200-connection run; bench/README.md).
// A request that arrives after a forget does not join a read begun before it.

import { Lru } from './lru.ts'
import { sharedReads } from './shared-reads.ts'

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
  /**
   * The kept value of `key`, else what `read` gives (kept when `keep`): one read at a time per key
   * and generation, shared by everyone who asks meanwhile (a failed read fails them all).
   */
  through<R extends V | null>(
    key: string,
    read: () => Promise<{ value: R; keep: boolean; expiresAt?: number }>,
  ): Promise<R>
}

type Entry<V> = { value: V; at: number; expiresAt: number }

/**
 * A bound on the bytes kept besides the count: `of` names what a value holds (`shared`: entries that
 * hold the same object count its bytes once) and how many bytes; oldest entries go first past it.
 */
export type KeptWeight<V> = { maxBytes: number; of: (value: V) => { shared: object; bytes: number } }

export function keptFor<V>(opts: {
  /** What is kept (cache/lru.ts cacheBounds). */
  name: string
  ttlMs: number
  maxEntries: number
  now?: () => number
  weight?: KeptWeight<V>
}): KeptFor<V> {
  const now = opts.now ?? Date.now
  // Past maxEntries the store lets the least recently used go; its bytes are given back by `release`.
  const byKey: Lru<string, Entry<V>> = new Lru({
    name: opts.name,
    maxEntries: opts.maxEntries,
    onEvict: (_, e) => release(e.value),
  })
  let generation = 0
  // A read is shared by key and generation: a request after a forget does not join one begun before.
  const reading = sharedReads<unknown>()
  // The weight: bytes of each shared object, counted once however many entries hold it.
  const held = new Map<object, { refs: number; bytes: number }>()
  let bytes = 0
  const weighIn = (value: V) => {
    if (!opts.weight) return
    const { shared, bytes: size } = opts.weight.of(value)
    const h = held.get(shared)
    if (h) h.refs++
    else {
      held.set(shared, { refs: 1, bytes: size })
      bytes += size
    }
  }
  const release = (value: V) => {
    if (!opts.weight) return
    const shared = opts.weight.of(value).shared
    const h = held.get(shared)!
    if (--h.refs > 0) return
    held.delete(shared)
    bytes -= h.bytes
  }
  const drop = (key: string) => {
    const e = byKey.peek(key)
    if (!e) return
    byKey.delete(key)
    release(e.value)
  }
  // The least recently used first out.
  const dropOldest = () => drop(byKey.entries().next().value![0])
  const kept: KeptFor<V> = {
    get(key) {
      const e = byKey.get(key)
      if (!e) return null
      const t = now()
      if (t - e.at < opts.ttlMs && e.expiresAt > t) return e.value
      drop(key)
      return null
    },
    generation: () => generation,
    set(key, value, since, expiresAt = Number.POSITIVE_INFINITY) {
      if (since !== generation) return
      drop(key)
      // A value larger than the whole bound is not kept (nor does it push the others out).
      if (opts.weight && opts.weight.of(value).bytes > opts.weight.maxBytes) return
      weighIn(value)
      byKey.set(key, { value, at: now(), expiresAt })
      // Past the bytes bound, oldest first.
      while (opts.weight && bytes > opts.weight.maxBytes) dropOldest()
    },
    forget(key) {
      generation++
      drop(key)
    },
    forgetWhere(pick) {
      generation++
      for (const [key, e] of [...byKey.entries()]) if (pick(e.value, key)) drop(key)
    },
    clear() {
      generation++
      byKey.clear()
      held.clear()
      bytes = 0
    },
    through<R extends V | null>(
      key: string,
      read: () => Promise<{ value: R; keep: boolean; expiresAt?: number }>,
    ): Promise<R> {
      const hit = kept.get(key)
      if (hit !== null) return Promise.resolve(hit as R)
      const since = generation
      return reading.share(`${since} ${key}`, () =>
        read().then((r) => {
          if (r.keep && r.value !== null) kept.set(key, r.value as V, since, r.expiresAt)
          return r.value
        }),
      ) as Promise<R>
    },
  }
  return kept
}
