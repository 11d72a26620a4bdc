// A project's first screen (GET /api/icons/first, ADR 0419): its first icons in the grid's name order
// (common/name-order.ts), so that a new device paints a large project's first tiles while the whole
// list (icon-list-cache.ts) is still coming. One statement reads the project's list stamp, its first
// `limit` names by their stored keys (icons.name_key, an index read: drizzle/0023_name_key.sql) and
// every name without a key; the first `limit` of those are picked (the collator orders names
// without a key among the others, a slice at a time so the event loop is never held), then those
// icons read and served as the list serves them, with the project's row. Kept per project, stamp and
// limit, and shared by requests that ask for the same one at once.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { byId, nameCollator, nameKey } from '../../../common/name-order.ts'
import type { IconRow } from '../../../common/schemas/rows.ts'
import { type KeptAnswer, keptAnswer } from '../../cache/kept-answer.ts'
import { Lru } from '../../cache/lru.ts'
import { type SharedReads, sharedReads } from '../../cache/shared-reads.ts'
import { icons, projects } from '../../db/schema/index.ts'
import { serveMany } from '../../svg-pool/serve-many.ts'
import type { Actor, Deps } from '../deps.ts'
import { iconRowColumns, toIconRow } from '../rows.ts'
import type { ListedProject } from './icon-list-cache.ts'
import { listStamp } from './icon-page-query.ts'

/** Names ordered between two turns of the event loop. */
const SLICE = 5_000

/** The root collation: where a page's language orders names otherwise, its whole list corrects the order. */
const collator = nameCollator('en')

type Named = { id: string; name: string; key: string | null }

const compare = (a: Named, b: Named) =>
  (a.key !== null && b.key !== null
    ? a.key < b.key
      ? -1
      : a.key > b.key
        ? 1
        : 0
    : collator.compare(a.name, b.name)) || byId(a.id, b.id)

const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The first `limit` of `names` in the name order: candidates kept sorted, at most twice `limit` at a
 * time; a name after the last of the best so far is passed over at the cost of one comparison.
 */
export async function firstByName(names: readonly { id: string; name: string }[], limit: number) {
  let best: Named[] = []
  let last: Named | undefined // the last of the best `limit`, once there are that many
  for (let start = 0; start < names.length; start += SLICE) {
    if (start) await turn()
    for (const { id, name } of names.slice(start, start + SLICE)) {
      const named = { id, name, key: nameKey(name) }
      if (last && compare(named, last) >= 0) continue
      best.push(named)
      if (best.length < 2 * limit) continue
      best = best.sort(compare).slice(0, limit)
      last = best.at(-1)
    }
  }
  return best.sort(compare).slice(0, limit)
}

type Entry = { stamp: string; answer: KeptAnswer }
type Store = { kept: Lru<string, Entry>; reading: SharedReads<KeptAnswer> }
/** At most this many bytes of first screens kept, by database (tests run several apps in one process). */
const MAX_BYTES = 16 * 1024 * 1024
const stores = new WeakMap<object, Store>()
const storeOf = (db: object): Store => {
  let store = stores.get(db)
  if (!store) {
    store = {
      kept: new Lru({
        name: 'first screens',
        maxEntries: 2_000,
        maxWeight: MAX_BYTES,
        weigh: (e) => e.answer.body.byteLength,
      }),
      reading: sharedReads(),
    }
    stores.set(db, store)
  }
  return store
}

/**
 * `{ "project": row, "data": [...icons] }`: the first `limit` icons of a project the caller may read,
 * in the name order, with the project's row, so that the page can show the vault before its sync
 * has brought the project (ADR 0425). Kept per list stamp and project version.
 */
export function firstScreenAnswer(
  deps: Deps,
  actor: Actor,
  project: ListedProject,
  limit: number,
): Promise<KeptAnswer> {
  const store = storeOf(deps.db)
  const listed = listStamp(project.createdAt, project.listVersion)
  const stamp = `${listed} ${project.row.version}`
  const key = `${project.id} ${limit}`
  const kept = store.kept.get(key)
  if (kept?.stamp === stamp) return Promise.resolve(kept.answer)
  return store.reading.share(`${key} ${stamp}`, () =>
    readFirstScreen(deps, actor, project.id, limit).then((read) => {
      const answer = keptAnswer({ project: project.row, data: read.rows })
      // Read at another stamp than the route's (a change in between): answered, not kept as this one.
      if (read.stamp === listed) store.kept.set(key, { stamp, answer })
      return answer
    }),
  )
}

/** The first screen as the database has it now, and the list stamp its names were read at. */
async function readFirstScreen(deps: Deps, actor: Actor, projectId: string, limit: number) {
  // The names as JSON values with the stamp, in one statement: one field to decode, not two per icon
  // (the database thread's cost on PGlite is per field). The keyed names come from the index in its
  // order, `limit` of them at most; the names without a key are few where icon sets are kept.
  const [project] = await deps.db
    .select({
      createdAt: projects.created_at,
      listVersion: projects.list_version,
      keyed: sql<[string, string][] | null>`(select json_agg(json_build_array(k.id, k.name)) from (
        select i.id, i.name from icons i where i.project_id = ${projectId} and i.name_key is not null
        order by i.name_key collate "C", i.id limit ${limit}) k)`,
      unkeyed: sql<
        [string, string][] | null
      >`(select json_agg(json_build_array(i.id, i.name)) from icons i where i.project_id = ${projectId} and i.name_key is null)`,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
  const names = [...(project?.keyed ?? []), ...(project?.unkeyed ?? [])]
  if (!project || !names.length) return { rows: [] as IconRow[], stamp: null }
  const first = await firstByName(
    names.map(([id, name]) => ({ id, name })),
    limit,
  )
  const records = await deps.db
    .select(iconRowColumns)
    .from(icons)
    .where(
      and(
        eq(icons.project_id, projectId),
        inArray(
          icons.id,
          first.map((icon) => icon.id),
        ),
      ),
    )
  const byIdOf = new Map(records.map((row) => [row.id, row]))
  // An icon deleted in between is left out; one renamed keeps its place until the whole list comes.
  const found = first.flatMap((icon) => byIdOf.get(icon.id) ?? [])
  const svgs = await serveMany(
    deps.svg,
    found.map((row) => row.svg),
    actor.id,
  )
  return {
    rows: found.map((row, at) => ({ ...toIconRow(row), svg: svgs[at]! })),
    stamp: listStamp(project.createdAt, Number(project.listVersion)),
  }
}
