// The markup to serve for many stored icons (a list): memoised ones at once, the others sanitised
// in the pool in groups of up to 1 MB, at most two groups per worker at once, in the caller's lane,
// so a list of heavy stored icons (after a restart, or past the memo's size) never sanitises on the
// event loop. A group that fails (too slow, a worker lost) is retried icon by icon; an icon that
// fails alone is served as an empty drawing (and remembered so, not retried on every read).
import { ApiError } from '../domain/errors.ts'
import { EMPTY_SVG } from '../domain/icons/sanitize-served.ts'
import { cachedServedSvg, primeServedSvg } from '../domain/icons/served-svg.ts'
import type { SvgPool } from './pool-api.ts'

const GROUP_CHARS = 1024 * 1024
const GROUP_ITEMS = 500

/** Throws only what the pool answers when it is busy (ApiError 429/503). */
export async function serveMany(pool: SvgPool, svgs: string[], lane: string): Promise<string[]> {
  const out: string[] = new Array(svgs.length)
  const groups: number[][] = []
  let group: number[] = []
  let chars = 0
  svgs.forEach((svg, at) => {
    const hit = cachedServedSvg(svg)
    if (hit !== undefined) {
      out[at] = hit
      return
    }
    if (group.length && (chars + svg.length > GROUP_CHARS || group.length >= GROUP_ITEMS)) {
      groups.push(group)
      group = []
      chars = 0
    }
    group.push(at)
    chars += svg.length
  })
  if (group.length) groups.push(group)

  const serve = async (ats: number[]): Promise<void> => {
    try {
      const served = await pool.serve(
        ats.map((at) => svgs[at]!),
        lane,
      )
      ats.forEach((at, k) => {
        primeServedSvg(svgs[at]!, served[k]!)
        out[at] = served[k]!
      })
    } catch (error) {
      if (error instanceof ApiError) throw error
      if (ats.length > 1) for (const at of ats) await serve([at])
      else {
        primeServedSvg(svgs[ats[0]!]!, EMPTY_SVG)
        out[ats[0]!] = EMPTY_SVG
      }
    }
  }
  let next = 0
  const runner = async () => {
    while (next < groups.length) await serve(groups[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(2 * pool.size, groups.length) }, runner))
  return out
}
