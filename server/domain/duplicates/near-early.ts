// A create's near lookup in two parts (ADR 0113, round four). The lookup of new drawings against a
// large project is a create's costliest statement; made inside the create's transaction it ran under
// the project's locks, so the creates of a project looked up one after another on one core. Now:
//  - before the transaction (`nearBefore`): the project's indexed icons near each drawing, found as
//    nearIcons finds them, and the greatest print order (icon_prints.seq) of the project, in one
//    snapshot: creates of a project look up side by side;
//  - inside it, after the new prints are written (`nearAfter`): the prints written since that
//    snapshot (the batch's own, known here, and other creates', read), compared here, and what the
//    first part found, kept if its icon is still indexed with the same drawing (a deleted, moved or
//    redrawn icon is not).
// A project's prints are written only under its index lock (near-index.ts), each with a new seq, so
// every print the first part could not see has a greater seq than every print it saw.
import { sql } from 'drizzle-orm'
import {
  type Fingerprint,
  fingerprintDistance,
  NEAR_DUPLICATE_BITS,
  readFingerprint,
} from '../../../common/duplicates.ts'
import { queryNearKeys } from '../../../common/near-keys.ts'
import type { Db, Tx } from '../../db/client.ts'
import { icons } from '../../db/schema/index.ts'
import { uuidIn } from '../../db/uuid-in.ts'
import type { DrawingMeasure } from '../../svg-pool/fingerprint.ts'
import { nearFromCopy } from './near-cache.ts'
import { type NearIcon, nearIcons, rowsOf } from './near-lookup.ts'

/** What a lookup before the transaction found, by asked icon id, and the greatest print seq it saw. */
export type EarlyNear = { seq: number; near: Map<string, NearIcon[]> }

type Asked = { id: string; hash: string; print: Fingerprint }

/** The first part (see above), in one read-only snapshot. */
export async function nearBefore(db: Db, projectId: string, asked: readonly Asked[]): Promise<EarlyNear> {
  return db.transaction(
    async (tx) => {
      const [last] = rowsOf<{ seq: string | number | null }>(
        await tx.execute(sql`select max(seq) as seq from icon_prints where project_id = ${projectId}`),
      )
      const found = await nearIcons(tx, projectId, asked)
      return { seq: Number(last?.seq ?? 0), near: new Map(asked.map((a, at) => [a.id, found[at] ?? []])) }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

/**
 * The first part for a create's new drawings, project by project, side by side (a project with no
 * drawing measured still gets its seq): by project id.
 */
export async function nearBeforeCreate(
  db: Db,
  drawings: readonly { id: string; projectId: string; measure: DrawingMeasure | null }[],
): Promise<Map<string, EarlyNear>> {
  const byProject = new Map<string, Asked[]>()
  for (const { id, projectId, measure } of drawings) {
    const asked = byProject.get(projectId) ?? []
    byProject.set(projectId, asked)
    const print = measure?.drawing_hash ? readFingerprint(measure.fingerprint) : null
    if (print && measure) asked.push({ id, hash: measure.drawing_hash, print })
  }
  const out = new Map<string, EarlyNear>()
  await Promise.all(
    [...byProject].map(async ([projectId, asked]) => {
      // The process's copy of the project's prints when it can hold it (near-cache.ts), else SQL.
      const copied = await nearFromCopy(db, projectId, asked)
      out.set(
        projectId,
        copied
          ? { seq: copied.seq, near: new Map(asked.map((a, at) => [a.id, copied.near[at]!])) }
          : await nearBefore(db, projectId, asked),
      )
    }),
  )
  return out
}

/** Two first parts of one project as one: the lesser seq (the later prints are read again), both finds. */
export function mergeEarly(a: EarlyNear, b: EarlyNear): EarlyNear {
  return { seq: Math.min(a.seq, b.seq), near: new Map([...a.near, ...b.near]) }
}

/** A print written by the transaction itself: its icon's keys, drawing and place, known without reading them. */
export type OwnPrint = {
  id: string
  hash: string
  keys: readonly number[]
  print: Fingerprint | null
  created_ms: number
}

/**
 * The second part (see above), in the create's transaction once the batch's prints are in (`own`,
 * known here): for each drawing, what nearIcons would answer now.
 */
export async function nearAfter(
  tx: Tx,
  projectId: string,
  asked: readonly Asked[],
  own: readonly OwnPrint[],
  early: EarlyNear,
): Promise<NearIcon[][]> {
  // Other creates' prints since, then their icons, each read by its index whatever the planner
  // knows (a new column has no statistics until analyzed; guessing, it read both tables whole:
  // 120-240 ms at 50,000 icons).
  // Each setting goes with the statement after it (pipelined, ADR 0424), started first with `then`.
  const ownIds = own.map((o) => o.id)
  const [, read] = await Promise.all([
    tx.execute(sql`set local enable_seqscan = off`).then(() => undefined),
    tx.execute(sql`
      select icon_id, drawing_hash, near_keys from icon_prints
      where project_id = ${projectId} and seq > ${early.seq} and not ${uuidIn(sql`icon_id`, ownIds)}`),
  ])
  const prints = rowsOf<{ icon_id: string; drawing_hash: string; near_keys: (string | number)[] }>(read)
  // The icons of those prints and those the first part found, if indexed in the project (one read).
  const foundIds = [...early.near.values()].flat().map((n) => n.id)
  const [live] = await Promise.all([
    indexedIcons(tx, projectId, [...prints.map((p) => p.icon_id), ...foundIds]),
    tx.execute(sql`set local enable_seqscan = default`),
  ])
  const since: OwnPrint[] = [...own]
  for (const p of prints) {
    const icon = live.get(p.icon_id)
    if (icon)
      since.push({
        id: p.icon_id,
        hash: p.drawing_hash,
        keys: p.near_keys.map(Number),
        print: readFingerprint(icon.fingerprint),
        created_ms: icon.created_ms,
      })
  }
  const byKey = new Map<number, number[]>()
  since.forEach((row, at) => {
    for (const key of row.keys) {
      const list = byKey.get(key)
      if (list) list.push(at)
      else byKey.set(key, [at])
    }
  })
  return asked.map((a) => {
    const out = new Map<string, NearIcon>()
    for (const near of early.near.get(a.id) ?? []) {
      const now = live.get(near.id)
      if (now?.drawing_hash === near.hash) out.set(near.id, { ...near, created_ms: now.created_ms })
    }
    const seen = new Set<number>()
    for (const key of queryNearKeys(projectId, a.print))
      for (const at of byKey.get(key) ?? []) {
        if (seen.has(at)) continue
        seen.add(at)
        const row = since[at]!
        if (!row.print || row.id === a.id || row.hash === a.hash) continue
        const distance = fingerprintDistance(a.print, row.print, NEAR_DUPLICATE_BITS)
        if (distance <= NEAR_DUPLICATE_BITS)
          out.set(row.id, { id: row.id, hash: row.hash, distance, created_ms: row.created_ms })
      }
    return [...out.values()]
  })
}

/** Of these icons, those indexed in the project: their drawing, fingerprint and place, by id. */
async function indexedIcons(tx: Tx, projectId: string, ids: readonly string[]) {
  const rows = rowsOf<{ id: string; drawing_hash: string; fingerprint: string; created_ms: number }>(
    await tx.execute(sql`
      select id, drawing_hash, fingerprint, (extract(epoch from created_at) * 1000)::float8 as created_ms
      from ${icons}
      where ${uuidIn(sql`id`, [...new Set(ids)])} and project_id = ${projectId}
        and near_project = project_id and near_hash = drawing_hash`),
  )
  return new Map(rows.map((r) => [r.id, { ...r, created_ms: Number(r.created_ms) }]))
}
