// Many icons of one request through the pool (create, create-many): a few per worker waiting or
// running at once (two; a drop, drawn alone in its lane, four: draw-many.ts), all in the caller's
// lane, so other callers' icons are served in between.
import { isSvgError, type SvgError } from '../../common/svg/index.ts'
import type { Measured, SvgPool } from './pool-api.ts'
import { MAX_QUEUED_PER_LANE } from './settings.ts'

export type SvgJob = { input: string; idPrefix: string }

/**
 * The pipeline's output or its refusal (SvgError) per job, in order. Anything else (the pool busy,
 * a worker failing) stops the batch and is thrown: nothing of the request has been written yet.
 */
export const processMany = (
  pool: SvgPool,
  jobs: SvgJob[],
  lane: string,
  perWorker = 2,
): Promise<(string | SvgError)[]> =>
  eachInLane(pool, jobs, (job) => pool.process(job.input, { idPrefix: job.idPrefix }, lane), perWorker)

/**
 * As processMany, each output with its measure (null where it cannot be drawn, or when measuring it
 * ran past the deadline: the pipeline's output stands), made in the same job: a create's one trip
 * to the pool.
 */
export const processAndMeasureMany = (
  pool: SvgPool,
  jobs: SvgJob[],
  lane: string,
): Promise<(Measured | SvgError)[]> =>
  eachInLane(pool, jobs, (job) => pool.processMeasured(job.input, { idPrefix: job.idPrefix }, lane), 2)

/** `run` on each job, at most `perWorker` per worker waiting or running at once; SvgErrors are results. */
async function eachInLane<T>(
  pool: SvgPool,
  jobs: SvgJob[],
  run: (job: SvgJob) => Promise<T>,
  perWorker: number,
): Promise<(T | SvgError)[]> {
  const results: (T | SvgError)[] = new Array(jobs.length)
  let next = 0
  let failure: { error: unknown } | null = null
  const runner = async () => {
    while (!failure && next < jobs.length) {
      const at = next++
      try {
        results[at] = await run(jobs[at]!)
      } catch (error) {
        if (isSvgError(error)) results[at] = error
        else failure ??= { error }
      }
    }
  }
  // Never more waiting than half of what a lane may queue (the rest is for the caller's other work).
  const atOnce = Math.min(perWorker * pool.size, pool.size + MAX_QUEUED_PER_LANE / 2, jobs.length)
  await Promise.all(Array.from({ length: atOnce }, runner))
  if (failure) throw (failure as { error: unknown }).error
  return results
}
