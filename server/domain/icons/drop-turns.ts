// A caller's drops are drawn one at a time, in the order they came (draw-many.ts, ADR 0113 round
// five): each waits for the turn of the one before it in its lane, per SVG pool.

/** The last turn taken in each lane, by pool. */
const lanesOf = new WeakMap<object, Map<string, Promise<void>>>()

/**
 * Waits until the drops of `lane` that came before have ended their turns; answers the call that
 * ends this one's (call it however the drawing ends, or the lane waits forever).
 */
export async function turnOf(pool: object, lane: string): Promise<() => void> {
  const lanes = lanesOf.get(pool) ?? new Map<string, Promise<void>>()
  lanesOf.set(pool, lanes)
  const before = lanes.get(lane)
  let end = () => {}
  const mine = new Promise<void>((resolve) => {
    end = resolve
  })
  const last = before ? before.then(() => mine) : mine
  lanes.set(lane, last)
  await before
  return () => {
    end()
    if (lanes.get(lane) === last) lanes.delete(lane)
  }
}
