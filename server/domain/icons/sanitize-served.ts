// The served form of stored markup, computed: sanitised once more (served-svg.ts memoises it). Apart
// from the memo and the rows so that the SVG pool's workers load only the sanitiser: with the rows
// (the database schema) a worker took 1.3 s longer to start serving after a restart.
import { sanitizeSvg } from '../../../common/svg/index.ts'

export const EMPTY_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"/>'

/** The markup served for stored markup `svg` (what servedSvg memoises). */
export function sanitizeOrEmpty(svg: string): string {
  try {
    const clean = sanitizeSvg(svg)
    // Keep one string in memory when nothing changed.
    return clean === svg ? svg : clean
  } catch {
    return EMPTY_SVG
  }
}
