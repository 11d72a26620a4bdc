// A multimap from near keys (common/near-keys.ts) to the slots of a project's copy (near-cache.ts),
// in typed arrays: ~1.8 M keys for 50,000 prints would take ~100 MB as a Map of arrays, ~30 MB here.
// Open addressing with linear probing over the keys, each key the head of a chain of entries.
// Keys are compared below the project's salt (their low 35 bits), which is one per copy.

const EMPTY = -1
/** The end of a chain. */
export const NONE = -1
/** The bits of a key under the salt: its tag (4 bits) and word (31). */
const LOW = 2 ** 35

export class KeyTable {
  #keys: Float64Array<ArrayBuffer>
  #heads: Int32Array<ArrayBuffer>
  #used = 0
  #slots: Int32Array<ArrayBuffer>
  #next: Int32Array<ArrayBuffer>
  #entries = 0

  /**
   * Sized for about `keys` keys filed `entries` times: growing, the table is made again whole (~50 ms
   * at 500,000 keys), so a copy sizes it from its project's prints before it loads them.
   */
  constructor(keys = 768, entries = 4096) {
    const places = 2 ** Math.ceil(Math.log2(Math.max(1024, (keys * 5) / 4 + 1)))
    this.#keys = new Float64Array(places).fill(EMPTY)
    this.#heads = new Int32Array(places)
    this.#slots = new Int32Array(Math.max(16, entries))
    this.#next = new Int32Array(Math.max(16, entries))
  }

  /** Keys held (tests). */
  get size(): number {
    return this.#used
  }

  /** Files `slot` under `key`. */
  add(key: number, slot: number): void {
    // At most four places in five taken: a key missing is found so in a few probes.
    if ((this.#used + 1) * 5 > this.#keys.length * 4) this.#grow()
    if (this.#entries === this.#slots.length) {
      this.#slots = grown(this.#slots)
      this.#next = grown(this.#next)
    }
    const low = key % LOW
    const at = this.#find(low)
    const entry = this.#entries++
    this.#slots[entry] = slot
    if (this.#keys[at] === EMPTY) {
      this.#keys[at] = low
      this.#used++
      this.#next[entry] = NONE
    } else this.#next[entry] = this.#heads[at]!
    this.#heads[at] = entry
  }

  /**
   * The first entry filed under `key` (NONE if none), the latest first. The chain goes on through
   * chains().next, and chains().slots holds each entry's slot (read them again after an add).
   */
  first(key: number): number {
    const at = this.#find(key % LOW)
    return this.#keys[at] === EMPTY ? NONE : this.#heads[at]!
  }

  chains(): { next: Int32Array; slots: Int32Array } {
    return { next: this.#next, slots: this.#slots }
  }

  /** Where `low` is held, or the empty place it would take. */
  #find(low: number): number {
    const mask = this.#keys.length - 1
    // The word is a hash already (its low 31 bits); the tag is mixed in.
    let at = ((low % 2 ** 31) ^ Math.imul(Math.floor(low / 2 ** 31), 0x9e3779b1)) & mask
    for (;;) {
      const held = this.#keys[at]!
      if (held === low || held === EMPTY) return at
      at = (at + 1) & mask
    }
  }

  #grow(): void {
    const keys = this.#keys
    const heads = this.#heads
    this.#keys = new Float64Array(keys.length * 2).fill(EMPTY)
    this.#heads = new Int32Array(keys.length * 2)
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === EMPTY) continue
      const at = this.#find(keys[i]!)
      this.#keys[at] = keys[i]!
      this.#heads[at] = heads[i]!
    }
  }
}

type Grown = Uint32Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Int32Array<ArrayBuffer>

/** The array twice as long, what it held kept. */
export function grown<T extends Grown>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2)
  b.set(a)
  return b
}
