// A create's drawings before its insert (create-icons.ts): through the SVG pipeline in the worker
// pool, in the caller's lane, so single creates (this user's and others') are served in between (the
// pool busy refuses the request); measured for the duplicate check (ADR 0109); and looked up against
// the project's stored drawings (near-early.ts, ADR 0113). One icon goes through the pipeline and is
// measured in one job (one trip, ADR 0421), and is looked up in the insert's transaction. A drop
// goes in chunks (of 100, the last ones smaller): a chunk's outputs are measured in groups after it
// (measured in its jobs, a drop of the costliest icons held the one worker past the 10 s an icon may
// wait for it) while the next chunk is drawn, then its lookup starts, so the database looks up while
// the workers draw. A caller's drops are drawn one at a time, in the order they came (`turns`): the
// first is drawn at the workers' full pace and goes on to its insert while the next one is drawn,
// where two drawn side by side both waited for their last icon, then inserted one after the other
// while the workers had nothing to do (ADR 0113, round five).
import { isSvgError, type SvgError } from '../../../common/svg/index.ts'
import type { DrawingMeasure } from '../../svg-pool/fingerprint.ts'
import type { Measured } from '../../svg-pool/pool-api.ts'
import { processAndMeasureMany, processMany, type SvgJob } from '../../svg-pool/process-many.ts'
import type { Deps } from '../deps.ts'
import { measureMany } from '../duplicates/duplicates.ts'
import { type EarlyNear, mergeEarly, nearBeforeCreate } from '../duplicates/near-early.ts'
import { turnOf } from './drop-turns.ts'

/**
 * Icons of a drop drawn and measured before their lookup starts: 100, then half of what is left,
 * the last 50 or fewer at once, so the last lookup, which nothing overlaps, is a short one.
 */
const chunkSize = (left: number) => (left <= 50 ? left : Math.min(100, Math.ceil(left / 2)))

/** One icon to draw: its id and project, and its job in the pool. */
export type Drawing = { id: string; projectId: string; job: SvgJob }

/** Each drawing's output and measure, or its refusal, in order; the early lookup of those drawn, by project. */
export async function drawMany(
  deps: Deps,
  drawings: readonly Drawing[],
  lane: string,
): Promise<{ processed: (Measured | SvgError)[]; early: Map<string, EarlyNear> }> {
  // One drawing's lookup stays in the transaction: one statement, where the early one takes four.
  if (drawings.length === 1)
    return { processed: await processAndMeasureMany(deps.svg, [drawings[0]!.job], lane), early: new Map() }
  const processed: (Measured | SvgError)[] = new Array(drawings.length)
  const measuring: Promise<void>[] = []
  const lookups: Promise<Map<string, EarlyNear>>[] = []
  const done = await turnOf(deps.svg, lane)
  try {
    for (let at = 0; at < drawings.length; ) {
      const from = at
      const chunk = drawings.slice(at, at + chunkSize(drawings.length - at))
      at += chunk.length
      const outputs = await processMany(
        deps.svg,
        chunk.map((d) => d.job),
        lane,
        DROP_PER_WORKER,
      )
      // Measured while the next chunk is drawn (both in the lane, in turn).
      const measured = measuredAfter(deps, outputs, lane).then((out) => {
        processed.splice(from, out.length, ...out)
        lookups.push(lookUp(deps, chunk, out))
      })
      measured.catch(() => {})
      measuring.push(measured)
    }
    await Promise.all(measuring)
  } finally {
    done()
    // A chunk refused by the pool fails the request: the measures and lookups started are let finish first.
    await Promise.allSettled(measuring)
    await Promise.allSettled(lookups)
  }
  const early = new Map<string, EarlyNear>()
  for (const found of await Promise.all(lookups))
    for (const [projectId, near] of found) {
      const known = early.get(projectId)
      early.set(projectId, known ? mergeEarly(known, near) : near)
    }
  return { processed, early }
}

/** Jobs of a drop a worker may have waiting or running at once (drawn alone in its lane: process-many.ts). */
const DROP_PER_WORKER = 4

/** The early lookup (near-early.ts) of the drawings the pipeline accepted. */
function lookUp(deps: Deps, drawings: readonly Drawing[], processed: (Measured | SvgError)[]) {
  const accepted: { id: string; projectId: string; measure: DrawingMeasure | null }[] = []
  drawings.forEach(({ id, projectId }, at) => {
    const done = processed[at]
    if (done && !isSvgError(done)) accepted.push({ id, projectId, measure: done.measure })
  })
  return nearBeforeCreate(deps.db, accepted)
}

/** The pipeline's outputs with their measures (measureMany: groups of up to 50 a job); refusals as they are. */
async function measuredAfter(
  deps: Deps,
  outputs: (string | SvgError)[],
  lane: string,
): Promise<(Measured | SvgError)[]> {
  const svgs = outputs.filter((o): o is string => typeof o === 'string')
  const measured = await measureMany(deps, svgs, lane)
  let at = 0
  return outputs.map((o) => (typeof o === 'string' ? { svg: o, measure: measured[at++] ?? null } : o))
}
