// One page of a project's icon list (ADR 0304): the query in the order of the list's index, and the
// page served (markup sanitised, memoised or in the SVG pool). icon-list-pages.ts reads a list page by
// page with these; the list's stamp (its project's creation and list version) says whether it changed.
import { and, asc, eq, sql } from 'drizzle-orm'
import { messages } from '../../../common/messages.ts'
import type { IconRow } from '../../../common/schemas/rows.ts'
import type { Db } from '../../db/client.ts'
import { icons, projects } from '../../db/schema/index.ts'
import { serveMany } from '../../svg-pool/serve-many.ts'
import type { Actor, Deps } from '../deps.ts'
import { ApiError } from '../errors.ts'
import { iconRowColumns, toIconRow } from '../rows.ts'

/** Where a page of a list ended: its last row's created_at as the database prints it (to the microsecond), its id. */
export type IconListCursor = { at: string; id: string }

/** One page of a project's icon list. */
export type IconPage = {
  rows: IconRow[]
  /**
   * The project's list stamp (its created_at and list version), read in the same statement as the
   * rows (a page and its stamp are one snapshot), or just after an empty page; null when the project
   * is gone.
   */
  stamp: string | null
  /** Where the next page starts; null when this page ends the list. */
  next: IconListCursor | null
}

/** The stamp of a project's list: a new project of the same id, or any change of its icons, makes another. */
export const listStamp = (createdAt: Date, listVersion: number) => `${createdAt.getTime()}.${listVersion}`

/**
 * The query of one page of a project's icons, oldest first (created_at, then id: a total order, so
 * pages neither skip nor repeat a row): at most `rows` icons and, past the first, none that would take
 * the page's markup over `bytes` (an uncorrelated subquery finds the page's last icon from the index
 * and the markup's lengths); with each row the project's stamp, read in the same statement. Keyset
 * paging on the (project_id, created_at, id) index, which gives the order with no sort at all.
 * Plain columns of one table, so drizzle maps the rows as cheaply as a plain select (a CTE's or a
 * join's cost about twice as much).
 */
export function iconPageQuery(
  db: Db,
  projectId: string,
  after: IconListCursor | null,
  limits: { rows: number; bytes: number },
) {
  const order = sql`${icons.created_at}, ${icons.id}`
  const onward = and(
    eq(icons.project_id, projectId),
    after ? sql`(${order}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
  )
  const markup = sql`octet_length(${icons.svg})`
  const before = sql`sum(${markup}) over (order by ${order} rows unbounded preceding) - ${markup}`
  const window = sql`select ${order}, ${before} as before from ${icons} where ${onward} order by ${order} limit ${limits.rows}`
  const last = sql`(select w.created_at, w.id from (${window}) w where w.before < ${limits.bytes} order by w.created_at desc, w.id desc limit 1)`
  const ofProject = (column: typeof projects.list_version | typeof projects.created_at) =>
    sql`(select ${column} from ${projects} where ${projects.id} = ${projectId})`
  return db
    .select({
      ...iconRowColumns,
      at: sql<string>`${icons.created_at}::text`,
      listVersion: ofProject(projects.list_version).mapWith(Number),
      projectCreated: ofProject(projects.created_at).mapWith(projects.created_at),
    })
    .from(icons)
    .where(and(onward, sql`(${order}) <= ${last}`))
    .orderBy(asc(icons.created_at), asc(icons.id))
    .limit(limits.rows)
}

/**
 * The project's stamp after a page with no rows (null when the project is gone), and whether icons
 * from the page's place on exist now: read in one statement, so a stamp without them is one at which
 * the list really ended there.
 */
async function stampAfterEmpty(
  db: Db,
  projectId: string,
  after: IconListCursor | null,
): Promise<{ stamp: string | null; more: boolean }> {
  const order = sql`${icons.created_at}, ${icons.id}`
  const onward = and(
    eq(icons.project_id, projectId),
    after ? sql`(${order}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
  )
  const [p] = await db
    .select({
      createdAt: projects.created_at,
      listVersion: projects.list_version,
      more: sql<boolean>`exists (select 1 from ${icons} where ${onward})`,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
  return { stamp: p ? listStamp(p.createdAt, p.listVersion) : null, more: p?.more === true }
}

/** Empty pages whose icons came while they were read, read again before the answer gives up (503). */
const EMPTY_ATTEMPTS = 3

/** A page's rows as the database gave them (queryIconPage), before their markup is served. */
export type StoredIconPage = {
  records: Awaited<ReturnType<typeof iconPageQuery>>
  /** The stamp when the page is empty (read just after it, when no icon has come since); a page with rows carries its own. */
  emptyStamp: string | null
  next: IconListCursor | null
}

/**
 * One page of the icons of a project the route located (requireAccess 'icon:read'): iconPageQuery
 * and where the next page starts. An empty page (the list's end) has its stamp read just after it,
 * with whether icons came meanwhile (then the page is read again): list versions only grow, so the
 * same stamp as before the page means nothing changed from then until after it.
 */
export async function queryIconPage(
  db: Db,
  projectId: string,
  after: IconListCursor | null,
  limits: { rows: number; bytes: number },
): Promise<StoredIconPage> {
  let records = await iconPageQuery(db, projectId, after, limits)
  // An empty page's stamp is read after it: paired with a stamp that already counts icons stored in
  // between, the empty list would be kept as that stamp's list (and answered until the next change).
  for (let attempt = 1; !records.length; attempt++) {
    const { stamp, more } = await stampAfterEmpty(db, projectId, after)
    if (!more) return { records, emptyStamp: stamp, next: null }
    if (attempt >= EMPTY_ATTEMPTS)
      throw new ApiError(503, messages.unexpectedError, { 'Retry-After': '1' }, 'busy')
    records = await iconPageQuery(db, projectId, after, limits)
  }
  const last = records.at(-1)!
  // Cut by count, or by markup (a following icon was left out only if the page's markup reached the bound).
  const cut =
    records.length >= limits.rows ||
    records.reduce((bytes, row) => bytes + Buffer.byteLength(row.svg), 0) >= limits.bytes
  return { records, emptyStamp: null, next: cut ? { at: last.at, id: last.id } : null }
}

/**
 * A queried page served: each row with its markup sanitised (memoised; else in the SVG worker pool,
 * not on the event loop).
 */
export async function serveIconPage({ svg }: Deps, actor: Actor, page: StoredIconPage): Promise<IconPage> {
  const { records, next } = page
  const head = records[0]
  if (!head) return { rows: [], stamp: page.emptyStamp, next: null }
  const svgs = await serveMany(
    svg,
    records.map((row) => row.svg),
    actor.id,
  )
  return {
    rows: records.map((row, at) => ({ ...toIconRow(row), svg: svgs[at]! })),
    stamp: listStamp(head.projectCreated, head.listVersion),
    next,
  }
}
