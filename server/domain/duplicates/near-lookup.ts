// The duplicate index's lookups (ADR 0113; near-index.ts writes it): the indexed icons of a project
// near a drawing, found by shared keys in icon_prints and compared in SQL, and, for icons just
// indexed, the icons their indexing linked them to.
import { sql } from 'drizzle-orm'
import {
  type Fingerprint,
  fingerprintDistance,
  NEAR_DUPLICATE_BITS,
  readFingerprint,
} from '../../../common/duplicates.ts'
import { queryNearKeys } from '../../../common/near-keys.ts'
import type { Tx } from '../../db/client.ts'
import { icons } from '../../db/schema/index.ts'
import { uuidIn } from '../../db/uuid-in.ts'

/** The rows of a raw statement's answer. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/** An indexed icon near a drawing: its id, hash, distance and place in the project's order. */
export type NearIcon = { id: string; hash: string; distance: number; created_ms: number }

/**
 * For each drawing, the indexed icons of the project (and those of `batch`, being indexed) drawn
 * differently (another hash) within NEAR_DUPLICATE_BITS of it, but the drawing's own icon: found by
 * shared keys, their planes compared in SQL, then the rule itself (common/duplicates.ts) on the few
 * left. In the caller's transaction.
 */
export async function nearIcons(
  tx: Tx,
  projectId: string,
  asked: readonly { id: string | null; hash: string; print: Fingerprint }[],
  batch: readonly string[] = [],
): Promise<NearIcon[][]> {
  if (!asked.length) return []
  // The planner counts 100 rows for any jsonb_to_recordset, so even one drawing's lookup would pass
  // jit_above_cost (~50 ms of compiling for a lookup of a few): every Postgres connection of the app
  // runs with jit off (db/pg-pool.ts); PGlite has no JIT.
  const queries = asked.map((a, at) => {
    const hex = printHex(a.print)
    return {
      at,
      id: a.id,
      h: a.hash,
      k: queryNearKeys(projectId, a.print),
      s: hex.slice(0, 256),
      t: hex.slice(256),
      si: a.print.solidInk,
      ti: a.print.touchedInk,
    }
  })
  const found = rowsOf<{
    at: number
    id: string
    drawing_hash: string
    fingerprint: string
    created_ms: number
  }>(
    await tx.execute(sql`
      -- Materialized: each drawing's planes are made from their hex once, not once per candidate
      -- (inlined, that conversion was a third of a lookup's time at 50,000 icons).
      with q as materialized (
        select v.at, v.id, v.h, v.k, ('x' || v.s)::bit(1024) as s, ('x' || v.t)::bit(1024) as t, v.si, v.ti
        from jsonb_to_recordset(${JSON.stringify(queries)}::jsonb)
          as v(at int, id uuid, h text, k bigint[], s text, t text, si int, ti int)
      ),
      -- Materialized too: the candidates are found once, then their icons read by id. Joined
      -- directly, a planner without statistics (PGlite's tables before their first ANALYZE, a new
      -- project's) put the project's icons outside and ran every drawing's probe once per icon:
      -- 1.2 s for 13 drawings in a project of 115.
      c as materialized (
        select q.at, p.icon_id
        from q cross join lateral (
          select p.icon_id from icon_prints p
          where p.near_keys && q.k and p.project_id = ${projectId} and p.drawing_hash <> q.h
            and p.icon_id is distinct from q.id
            -- The rule's bound by ink counts first (fingerprintDistance's): integers, no bit string
            -- made; it drops about half of the candidates before the planes are compared.
            and bit_count(p.solid) <= q.ti + ${NEAR_DUPLICATE_BITS} and q.si <= bit_count(p.touched) + ${NEAR_DUPLICATE_BITS}
            and bit_count(q.s & ~p.touched) + bit_count(p.solid & ~q.t) <= ${NEAR_DUPLICATE_BITS}
          -- A fence: the lookup stays one GIN probe per drawing (flattened, Postgres chose a hash
          -- join over every print of the project: 0.5 M comparisons for 50 drawings at 10,000 icons).
          offset 0
        ) p
      )
      select c.at, i.id, i.drawing_hash, i.fingerprint, (extract(epoch from i.created_at) * 1000)::float8 as created_ms
      from c
      join ${icons} i on i.id = c.icon_id
      where i.project_id = ${projectId}
        and (i.near_project = i.project_id and i.near_hash = i.drawing_hash
          or ${uuidIn(sql`i.id`, batch)})`),
  )
  const out: NearIcon[][] = asked.map(() => [])
  for (const r of found) {
    const print = readFingerprint(r.fingerprint)
    if (!print) continue
    const distance = fingerprintDistance(asked[r.at]!.print, print, NEAR_DUPLICATE_BITS)
    if (distance <= NEAR_DUPLICATE_BITS)
      out[r.at]!.push({ id: r.id, hash: r.drawing_hash, distance, created_ms: Number(r.created_ms) })
  }
  return out
}

/** A fingerprint back to its hex (common/duplicates.ts reads it). */
const printHex = (print: Fingerprint) =>
  Array.from(print.solid, (w) => (w >>> 0).toString(16).padStart(8, '0')).join('') +
  Array.from(print.touched, (w) => (w >>> 0).toString(16).padStart(8, '0')).join('')

/**
 * For icons of the project just indexed (`asked`, each with its id), the icons they are linked to: what
 * nearIcons would answer for them now, read from the links their indexing made (the lesser id first,
 * so both directions are read) instead of looking their drawings up a second time.
 */
export async function linkedIcons(
  db: Tx,
  projectId: string,
  asked: readonly { id: string; hash: string; print: Fingerprint }[],
): Promise<NearIcon[][]> {
  if (!asked.length) return []
  const ids = asked.map((a) => a.id)
  const found = rowsOf<{
    from: string
    id: string
    drawing_hash: string
    fingerprint: string
    created_ms: number
  }>(
    await db.execute(sql`
      select l.from, i.id, i.drawing_hash, i.fingerprint, (extract(epoch from i.created_at) * 1000)::float8 as created_ms
      from (
        select icon_id as from, other_id as to from icon_near_links where ${uuidIn(sql`icon_id`, ids)}
        union all
        select other_id, icon_id from icon_near_links where ${uuidIn(sql`other_id`, ids)}
      ) l
      join ${icons} i on i.id = l.to
      where i.project_id = ${projectId} and i.near_project = i.project_id and i.near_hash = i.drawing_hash`),
  )
  const at = new Map(asked.map((a, i) => [a.id, i]))
  const out: NearIcon[][] = asked.map(() => [])
  for (const r of found) {
    const i = at.get(r.from)
    const print = readFingerprint(r.fingerprint)
    if (i === undefined || !print || r.drawing_hash === asked[i]!.hash) continue
    const distance = fingerprintDistance(asked[i]!.print, print, NEAR_DUPLICATE_BITS)
    if (distance <= NEAR_DUPLICATE_BITS)
      out[i]!.push({ id: r.id, hash: r.drawing_hash, distance, created_ms: Number(r.created_ms) })
  }
  return out
}
