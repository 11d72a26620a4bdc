// How the live stream's change events are grouped before they are applied (live.ts): events that
// arrive close together are applied in one transaction with bulk reads and writes, and what a later
// event of the same row makes moot is left out. Pure, tested beside this file.
import type { ChangeEvent } from '@common/schemas/events.ts'
import type { RowTable } from './db.ts'
import { isNewer } from './reconcile.ts'

/** An event about one row of a table of rows. */
export type RowEvent = Extract<ChangeEvent, { entity: RowTable }>
type Upsert = Extract<RowEvent, { op: 'upsert' }>

export const isRowEvent = (event: ChangeEvent): event is RowEvent =>
  event.entity !== 'membership' && event.entity !== 'invitations'

export const eventRowId = (event: RowEvent) => (event.op === 'upsert' ? event.row.id : event.id)

/** Deleting these takes their children with it, so such a delete is applied on its own. */
export const cascades = (event: RowEvent) =>
  event.op === 'delete' && (event.entity === 'workspaces' || event.entity === 'projects')

/**
 * Leaves out upserts that a later event of the same row makes moot, with the same outcome as
 * applying every event in order by the rule of reconcile.ts: a later delete wins over an upsert;
 * of two upserts the newer version (by revision and version, never a clock; the later one on a tie)
 * stays, at the later place.
 * Deletes are kept as they are (a delete and what follows it are not merged).
 */
export function coalesce(events: readonly RowEvent[]): RowEvent[] {
  const out: (RowEvent | null)[] = []
  const upserts = new Map<string, { at: number; event: Upsert }>()
  for (const event of events) {
    const key = `${event.entity}:${eventRowId(event)}`
    const before = upserts.get(key)
    if (before) out[before.at] = null
    if (event.op === 'upsert') {
      const kept = before && isNewer(before.event.row, event.row) ? before.event : event
      upserts.set(key, { at: out.length, event: kept })
      out.push(kept)
    } else {
      upserts.delete(key)
      out.push(event)
    }
  }
  return out.filter((e): e is RowEvent => e !== null)
}

/**
 * Splits coalesced events into runs that can be applied with bulk reads and writes: each run holds a
 * row at most once and no cascading delete; a cascading delete is a run of its own. Order is kept.
 */
export function runs(events: readonly RowEvent[]): RowEvent[][] {
  const out: RowEvent[][] = []
  let run: RowEvent[] = []
  let seen = new Set<string>()
  const close = () => {
    if (run.length) out.push(run)
    run = []
    seen = new Set()
  }
  for (const event of events) {
    if (cascades(event)) {
      close()
      out.push([event])
      continue
    }
    const key = `${event.entity}:${eventRowId(event)}`
    if (seen.has(key)) close()
    seen.add(key)
    run.push(event)
  }
  close()
  return out
}

/**
 * Takes the next batch off the front of the queue: up to `max` row events, or one other event
 * (membership revoked, invitations changed) alone, so that those keep their place in the order.
 */
export function takeBatch(queue: ChangeEvent[], max: number): ChangeEvent[] {
  if (!queue.length) return []
  if (!isRowEvent(queue[0]!)) return queue.splice(0, 1)
  let n = 1
  while (n < queue.length && n < max && isRowEvent(queue[n]!)) n++
  return queue.splice(0, n)
}
