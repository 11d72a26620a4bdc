// Many icons of one request through the pool (create-many): at most two per worker waiting or
// running at once, all in the caller's lane, so other callers' icons are served in between.
import { isSvgError, type SvgError } from '../../common/svg/index.ts'
import type { SvgPool } from './pool.ts'

export type SvgJob = { input: string; idPrefix: string }

/**
 * The pipeline's output or its refusal (SvgError) per job, in order. Anything else (the pool busy,
 * a worker failing) stops the batch and is thrown: nothing of the request has been written yet.
 */
export async function processMany(
  pool: SvgPool,
  jobs: SvgJob[],
  lane: string,
): Promise<(string | SvgError)[]> {
  const results: (string | SvgError)[] = new Array(jobs.length)
  let next = 0
  let failure: { error: unknown } | null = null
  const runner = async () => {
    while (!failure && next < jobs.length) {
      const at = next++
      const job = jobs[at]!
      try {
        results[at] = await pool.process(job.input, { idPrefix: job.idPrefix }, lane)
      } catch (error) {
        if (isSvgError(error)) results[at] = error
        else failure ??= { error }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(2 * pool.size, jobs.length) }, runner))
  if (failure) throw (failure as { error: unknown }).error
  return results
}
