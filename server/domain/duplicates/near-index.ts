// The duplicate index of a project (ADR 0113), kept icon by icon. Exact duplicates need nothing more
// than the index on icons (project_id, drawing_hash). For near ones each icon has a row in
// icon_prints: its keys (common/near-keys.ts) in a GIN index and its two planes as bit strings; and
// each near pair of icons drawn differently is a row of icon_near_links, from which the duplicates
// view groups a project without comparing anything. An icon whose near_project and near_hash differ
// from its project and drawing hash (new, replaced, moved, undeleted, or stored before this index) is
// indexed again here: measured if it never was, then its print written, its old links dropped and
// its near icons linked. Any check or grouping of a project does that first, a few hundred icons at
// a time, so a change costs its own icons' work, never the project's. Projects are indexed one
// caller at a time (an advisory lock): of two icons indexed at once, the later sees the earlier.
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import { type Fingerprint, readFingerprint } from '../../../common/duplicates.ts'
import { storedNearKeys } from '../../../common/near-keys.ts'
import type { Tx } from '../../db/client.ts'
import { icons } from '../../db/schema/index.ts'
import { uuidIn } from '../../db/uuid-in.ts'
import type { Deps } from '../deps.ts'
import { measureMany } from './measure-many.ts'
import { type EarlyNear, nearAfter, type OwnPrint } from './near-early.ts'
import { type NearIcon, nearIcons, rowsOf } from './near-lookup.ts'

/** Icons indexed in one transaction (their keys are made on the event loop: ~50 µs each). */
const INDEX_BATCH = 250

/** Whether an icon's index is not that of its project and drawing (icons_project_id_unindexed_idx). */
const unindexed = or(
  isNull(icons.drawing_hash),
  isNull(icons.fingerprint),
  sql`${icons.near_hash} is distinct from ${icons.drawing_hash}`,
  sql`${icons.near_project} is distinct from ${icons.project_id}`,
)

/** Brings a project's duplicate index up to date (see above); true when it had icons to index. */
export async function indexProject(deps: Pick<Deps, 'db' | 'svg'>, projectId: string): Promise<boolean> {
  for (let first = true; ; first = false) {
    const rows = await deps.db
      .select({
        id: icons.id,
        svg: icons.svg,
        revision: icons.revision,
        drawing_hash: icons.drawing_hash,
        fingerprint: icons.fingerprint,
      })
      .from(icons)
      .where(and(eq(icons.project_id, projectId), unindexed))
      .limit(INDEX_BATCH)
    if (!rows.length) return !first
    const unmeasured = rows.filter((r) => r.drawing_hash === null || r.fingerprint === null)
    if (unmeasured.length) {
      await measureRows(deps, unmeasured)
      continue
    }
    await deps.db.transaction((tx) =>
      indexRows(
        tx,
        projectId,
        rows.map((r) => r.id),
      ),
    )
  }
}

/**
 * Fills hashes and fingerprints, pinned to the revision measured: a drawing replaced meanwhile keeps
 * its own. A drawing that cannot be drawn gets an empty hash and fingerprint: measured once, near
 * nothing. Derived columns nobody syncs: a plain update (ADR 0309).
 */
async function measureRows(
  deps: Pick<Deps, 'db' | 'svg'>,
  rows: { id: string; svg: string; revision: number }[],
): Promise<void> {
  const measured = await measureMany(
    deps,
    rows.map((m) => m.svg),
    '',
  )
  const values = rows.map((m, at) => ({
    id: m.id,
    r: m.revision,
    h: measured[at]?.drawing_hash ?? '',
    f: measured[at]?.fingerprint ?? '',
  }))
  await deps.db.execute(sql`
    update ${icons} set drawing_hash = v.h, fingerprint = v.f
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, r integer, h text, f text)
    where ${icons.id} = v.id and ${icons.revision} = v.r`)
}

/** The planes of a fingerprint's hex as the bit strings icon_prints keeps ('' when none). */
const planes = (hex: string | null) =>
  hex && hex.length === 512 ? { s: hex.slice(0, 256), t: hex.slice(256) } : { s: null, t: null }

/** Takes the project's index for the caller's transaction: of two icons indexed at once, the later sees the earlier. */
const lockIndex = (tx: Tx, projectId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`near-index:${projectId}`}, 0))`)

/** Indexes these icons of the project, in the caller's transaction (see above). */
async function indexRows(tx: Tx, projectId: string, ids: string[]): Promise<void> {
  await lockIndex(tx, projectId)
  // Read again under the lock, locked: a concurrent replace or move waits for this to commit.
  const rows = rowsOf<{ id: string; drawing_hash: string; fingerprint: string }>(
    await tx.execute(sql`
      select id, drawing_hash, fingerprint from ${icons}
      where ${uuidIn(sql`id`, ids)} and project_id = ${projectId}
        and drawing_hash is not null and fingerprint is not null
      for update`),
  )
  if (!rows.length) return
  const list = rows.map((r) => r.id)
  await tx.execute(sql`
    delete from icon_near_links where ${uuidIn(sql`icon_id`, list)} or ${uuidIn(sql`other_id`, list)}`)
  await printAndLink(tx, projectId, rows)
  // Marked last: this update bumps the project's list_version (its row locked until commit), so the
  // project's other writers wait for the marking, not for the lookups.
  await tx.execute(sql`
    update ${icons} set near_project = project_id, near_hash = drawing_hash where ${uuidIn(sql`id`, list)}`)
}

/**
 * Indexes icons inserted in the caller's transaction (a create, create-icons.ts), stored already
 * marked indexed (`near_project`, `near_hash`: indexedColumns): their prints and links are written
 * here, in the same transaction, so a create costs no second one (ADR 0113, 0417). With `early`,
 * what a lookup before the transaction found (near-early.ts): only the prints written since are read.
 */
export async function indexCreated(
  tx: Tx,
  projectId: string,
  rows: readonly { id: string; drawing_hash: string; fingerprint: string; created_ms: number }[],
  early?: EarlyNear,
): Promise<Map<string, NearIcon[]>> {
  if (!rows.length) return new Map()
  // The lock is sent with the statements after it (ADR 0424): Postgres takes it before running them.
  // A statement is sent when it is awaited; `then` sends it now, ahead of printAndLink's.
  const locked = lockIndex(tx, projectId).then(() => undefined)
  const [, near] = await Promise.all([locked, printAndLink(tx, projectId, rows, early)])
  return near
}

/** What marks an icon stored with this measure as indexed (its near_project and near_hash). */
export const indexedColumns = (projectId: string, measure: { drawing_hash: string } | null | undefined) =>
  measure?.drawing_hash ? { near_project: projectId, near_hash: measure.drawing_hash } : {}

/**
 * Writes the icons' prints and links them to the near icons of the project and of their batch;
 * answers each icon's near icons (by id), as linkedIcons would read them back.
 */
async function printAndLink(
  tx: Tx,
  projectId: string,
  rows: readonly { id: string; drawing_hash: string; fingerprint: string; created_ms?: number }[],
  early?: EarlyNear,
): Promise<Map<string, NearIcon[]>> {
  const parsed = rows.map((r) => readFingerprint(r.fingerprint))
  const prints = rows.map((r, at) => {
    const print = parsed[at]
    return {
      id: r.id,
      h: r.drawing_hash,
      k: print ? storedNearKeys(projectId, print) : [],
      ...planes(print ? r.fingerprint : null),
    }
  })
  await tx.execute(sql`
    insert into icon_prints (icon_id, project_id, drawing_hash, near_keys, solid, touched)
    select v.id, ${projectId}, v.h, v.k, ('x' || v.s)::bit(1024), ('x' || v.t)::bit(1024)
    from jsonb_to_recordset(${JSON.stringify(prints)}::jsonb) as v(id uuid, h text, k bigint[], s text, t text)
    on conflict (icon_id) do update set project_id = excluded.project_id,
      drawing_hash = excluded.drawing_hash, near_keys = excluded.near_keys,
      solid = excluded.solid, touched = excluded.touched, seq = excluded.seq`)
  const asked = rows.flatMap((r, at) => {
    const print = parsed[at]
    return print ? [{ id: r.id, hash: r.drawing_hash, print }] : []
  })
  // The batch's prints are in, so its icons find each other, though not yet marked indexed.
  const batch = rows.map((r) => r.id)
  const found = early
    ? await nearAfter(tx, projectId, asked, ownPrints(rows, parsed, prints), early)
    : await nearIcons(tx, projectId, asked, batch)
  const links = new Set<string>()
  const nearById = new Map<string, NearIcon[]>()
  found.forEach((near, at) => {
    const id = asked[at]!.id
    nearById.set(id, near)
    for (const other of near) links.add(id < other.id ? `${id} ${other.id}` : `${other.id} ${id}`)
  })
  if (!links.size) return nearById
  const pairs = [...links].map((l) => {
    const [a, b] = l.split(' ')
    return { a, b }
  })
  await tx.execute(sql`
    insert into icon_near_links (project_id, icon_id, other_id)
    select ${projectId}, v.a, v.b from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v(a uuid, b uuid)
    on conflict do nothing`)
  return nearById
}

/** The prints a create just wrote, as nearAfter compares them (near-early.ts). */
const ownPrints = (
  rows: readonly { id: string; drawing_hash: string; created_ms?: number }[],
  parsed: readonly (Fingerprint | null)[],
  prints: readonly { k: number[] }[],
): OwnPrint[] =>
  rows.map((r, at) => ({
    id: r.id,
    hash: r.drawing_hash,
    keys: prints[at]!.k,
    print: parsed[at] ?? null,
    created_ms: r.created_ms ?? 0,
  }))
