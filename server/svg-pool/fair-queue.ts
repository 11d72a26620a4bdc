// A queue of lanes served in turn (round robin): one caller's many items never hold back another
// caller's one. Each lane is first in, first out.

export class FairQueue<T> {
  // Map keeps insertion order: the lane served next is the first; a served lane moves to the end.
  #lanes = new Map<string, T[]>()
  #size = 0

  get size(): number {
    return this.#size
  }

  /** Items waiting in `lane`. */
  sizeOf(lane: string): number {
    return this.#lanes.get(lane)?.length ?? 0
  }

  push(lane: string, item: T): void {
    const items = this.#lanes.get(lane)
    if (items) items.push(item)
    else this.#lanes.set(lane, [item])
    this.#size++
  }

  /** The oldest item of the lane whose turn it is, among the lanes `may` lets through (all by default). */
  shift(may?: (lane: string) => boolean): T | undefined {
    for (const [lane, items] of this.#lanes) {
      if (may && !may(lane)) continue
      const item = items.shift()
      this.#lanes.delete(lane)
      if (items.length) this.#lanes.set(lane, items)
      if (item === undefined) continue
      this.#size--
      return item
    }
    return undefined
  }

  /** Sends a lane behind every other (its caller was just served: the others' turn comes first). */
  toBack(lane: string): void {
    const items = this.#lanes.get(lane)
    if (!items) return
    this.#lanes.delete(lane)
    this.#lanes.set(lane, items)
  }

  /** Takes an item out wherever it waits; false when it is no longer queued. */
  remove(lane: string, item: T): boolean {
    const items = this.#lanes.get(lane)
    const at = items?.indexOf(item) ?? -1
    if (!items || at < 0) return false
    items.splice(at, 1)
    if (!items.length) this.#lanes.delete(lane)
    this.#size--
    return true
  }

  /** Empties the queue, returning what waited. */
  drain(): T[] {
    const all = [...this.#lanes.values()].flat()
    this.#lanes.clear()
    this.#size = 0
    return all
  }
}
