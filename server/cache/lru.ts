// The one bounded store of the server's in-memory caches (ADR 0034): least recently used out first,
// past `maxEntries` and, when given, past `maxWeight` (what `weigh` counts: characters, bytes, icons).
// Every cache of the server is one of these, its bound written where it is made; kept-for.ts adds the
// rules of answers kept while change notes keep them true on top of it.
// - `get` and `set` make an entry the most recently used; `peek` and iteration do not.
// - A value that alone weighs more than `maxWeight` is not kept (nor does it push the others out),
//   unless `keepOversized`: then it is kept alone (the one a caller is using right now).
// - `reweigh(key)` counts an entry again after its value grew or shrank in place.
// - `onEvict` hears every entry that leaves by the bound (not by delete or clear).

export type LruOptions<K, V> = {
  /** What it keeps, as cacheBounds() lists it (tests/integration/cache-bounds.test.ts). */
  name: string
  maxEntries: number
  maxWeight?: number
  weigh?: (value: V, key: K) => number
  keepOversized?: boolean
  onEvict?: (key: K, value: V) => void
}

/** One cache's bounds and what it holds now. */
export type CacheBound = {
  name: string
  size: number
  weight: number
  maxEntries: number
  maxWeight: number | undefined
  keepOversized: boolean
}

/** Every live cache of the process (weakly: a test app's caches go with it). */
const live = new Set<WeakRef<Lru<unknown, unknown>>>()

/** The bounds and sizes of the process's live caches, for the test that every bound holds. */
export function cacheBounds(): CacheBound[] {
  const out: CacheBound[] = []
  for (const ref of live) {
    const lru = ref.deref()
    if (!lru) live.delete(ref)
    else out.push(lru.bound())
  }
  return out
}

export class Lru<K, V> {
  readonly #opts: LruOptions<K, V>
  // Map keeps insertion order: the first entry is the least recently used.
  readonly #entries = new Map<K, { value: V; weight: number }>()
  #weight = 0

  constructor(opts: LruOptions<K, V>) {
    if (!(opts.maxEntries >= 1)) throw new Error('An Lru keeps at least one entry')
    if (opts.maxWeight !== undefined && !opts.weigh) throw new Error('maxWeight needs weigh')
    this.#opts = opts
    live.add(new WeakRef(this as Lru<unknown, unknown>))
  }

  bound(): CacheBound {
    const { name, maxEntries, maxWeight, keepOversized = false } = this.#opts
    return { name, size: this.size, weight: this.#weight, maxEntries, maxWeight, keepOversized }
  }

  get size(): number {
    return this.#entries.size
  }

  /** What the entries weigh together (0 without `weigh`). */
  get weight(): number {
    return this.#weight
  }

  has(key: K): boolean {
    return this.#entries.has(key)
  }

  /** The value, now the most recently used; undefined when not kept. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return entry.value
  }

  /** The value, its place left as it is. */
  peek(key: K): V | undefined {
    return this.#entries.get(key)?.value
  }

  /** Keeps `value` as the most recently used; false when it alone is over the weight bound. */
  set(key: K, value: V): boolean {
    this.delete(key)
    const weight = this.#opts.weigh?.(value, key) ?? 0
    const max = this.#opts.maxWeight
    if (max !== undefined && weight > max && !this.#opts.keepOversized) return false
    this.#entries.set(key, { value, weight })
    this.#weight += weight
    this.#trim(key)
    return true
  }

  /** Counts `key`'s value again (it changed in place), then keeps within the bounds. */
  reweigh(key: K): void {
    const entry = this.#entries.get(key)
    if (!entry || !this.#opts.weigh) return
    const weight = this.#opts.weigh(entry.value, key)
    this.#weight += weight - entry.weight
    entry.weight = weight
    this.#trim(key)
  }

  delete(key: K): boolean {
    const entry = this.#entries.get(key)
    if (!entry) return false
    this.#entries.delete(key)
    this.#weight -= entry.weight
    return true
  }

  /** Deletes every entry `pick` chooses. */
  deleteWhere(pick: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.#entries) if (pick(entry.value, key)) this.delete(key)
  }

  clear(): void {
    this.#entries.clear()
    this.#weight = 0
  }

  /** Least recently used first. */
  *entries(): IterableIterator<[K, V]> {
    for (const [key, entry] of this.#entries) yield [key, entry.value]
  }

  *values(): IterableIterator<V> {
    for (const entry of this.#entries.values()) yield entry.value
  }

  /** Least recently used out until within the bounds; `spare` (the entry just used) goes last. */
  #trim(spare: K): void {
    const { maxEntries, maxWeight = Number.POSITIVE_INFINITY } = this.#opts
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= maxEntries && this.#weight <= maxWeight) return
      if (key === spare) continue
      this.delete(key)
      this.#opts.onEvict?.(key, entry.value)
    }
    // Only `spare` is left over the bound: it goes too unless it may stay alone.
    const left = this.#entries.get(spare)
    if (left && this.#weight > maxWeight && !this.#opts.keepOversized) {
      this.delete(spare)
      this.#opts.onEvict?.(spare, left.value)
    }
  }
}
