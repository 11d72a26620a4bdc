// The markup an icon is served with: the stored markup sanitised once more on the way out (defence
// in depth; it was sanitised when stored). sanitizeSvg is a pure function of the markup, so its
// result is memoised: a bounded LRU keyed by the stored markup itself (exact, no hash to collide,
// and no second copy when the output equals the input, as it does for the pipeline's own output).
// Markup not served before is always sanitised; GET /api/icons of 10,000 icons no longer spends
// ~0.8 s re-sanitising the same strings on every read (ADR 0402).
import type { IconRow } from '../../../common/schemas/rows.ts'
import { Lru } from '../../cache/lru.ts'
import type { icons } from '../../db/schema/index.ts'
import { toIconRow } from '../rows.ts'
import { sanitizeOrEmpty } from './sanitize-served.ts'

/**
 * A least-recently-used memo of a string -> string function (the one bounded store, cache/lru.ts),
 * bounded by total characters (an output equal to its input counts once) and by `maxEntries`.
 */
export function stringMemo(
  name: string,
  fn: (input: string) => string,
  maxChars: number,
  maxEntries = 1_000_000,
) {
  const cost = (value: string, key: string) => key.length + (value === key ? 0 : value.length)
  const entries = new Lru<string, string>({ name, maxEntries, maxWeight: maxChars, weigh: cost })
  const set = (input: string, value: string): string => {
    if (!entries.has(input)) entries.set(input, value)
    return value
  }
  return {
    /** The value kept for input (now the most recently used), or undefined: nothing is computed. */
    peek: (input: string): string | undefined => entries.get(input),
    get: (input: string): string => entries.get(input) ?? set(input, fn(input)),
    /** Keeps a value computed elsewhere (the SVG worker pool sanitises fresh markup off the event loop). */
    set,
    get size() {
      return entries.size
    },
    get chars() {
      return entries.weight
    },
  }
}

/** About 64 MB of markup at most (one byte a character for the ASCII markup the pipeline writes). */
const MAX_CHARS = 64 * 1024 * 1024
/** And at most this many markups (a tiny icon's entry costs more than its characters). */
const MAX_ENTRIES = 200_000

const memo = stringMemo('served markup', sanitizeOrEmpty, MAX_CHARS, MAX_ENTRIES)

/** The stored markup as served: sanitised (memoised), or an empty icon if it cannot be parsed. */
export const servedSvg = (svg: string): string => memo.get(svg)

/** The served markup of `svg` if it is memoised; undefined otherwise (nothing is sanitised). */
export const cachedServedSvg = (svg: string): string | undefined => memo.peek(svg)

/** Remembers `served` (sanitizeOrEmpty(svg), computed in an SVG worker) as svg's served markup. */
export const primeServedSvg = (svg: string, served: string): void => {
  memo.set(svg, served)
}

/** An icon row as every answer and live event carries it: its markup as served. */
export const servedIconRow = (icon: typeof icons.$inferSelect): IconRow => ({
  ...toIconRow(icon),
  svg: servedSvg(icon.svg),
})
