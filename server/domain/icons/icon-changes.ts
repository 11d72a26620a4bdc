// What changed in one project since a cursor (GET /api/icons/changes, ADR 0020):
// the CLI's lock keeps the cursor, so a pull of an unchanged project costs a few hundred bytes and
// one after ten changes brings those ten. Built on the sync design (ADR 0303), no second mechanism:
// the cursor is the project's scope version; changed icons are the project's rows of a later
// version; removed ones are the scope's icon tombstones (deleted, moved to another scope) and the
// scope's icons of a later version now in another project, each kept only when its recorded
// history (icon_versions) places it in this project once (an icon with no history left, purged,
// is kept too: the client ignores ids it never had). Pages as /api/sync does (ADR 0308).
import { createHash } from 'node:crypto'
import { and, asc, eq, gt, isNull, lte, ne, type SQL, sql } from 'drizzle-orm'
import { changesMessages } from '../../../common/messages.ts'
import type { ChangesCursor, IconChanges } from '../../../common/schemas/icon-changes.ts'
import { icons, iconVersions, projects, syncScopes, syncTombstones } from '../../db/schema/index.ts'
import { serveMany } from '../../svg-pool/serve-many.ts'
import type { Scope } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { ApiError, badRequest } from '../errors.ts'
import { iconRowColumns, toIconRow } from '../rows.ts'
import { syncLimits } from '../sync/sync.ts'
import { scopeOf } from '../sync/sync-scopes.ts'

/** At most this many changed icons a page (and at most syncLimits.pageBytes of their markup). */
export const changesLimits = { pageRows: 1000 }

type Project = { id: string }

/** The cursor's tag: its project and scope, so a cursor is never read against another's versions. */
const tagOf = (projectId: string, scopeKey: string) =>
  createHash('sha256').update(`${projectId}|${scopeKey}`).digest('hex').slice(0, 12)

export async function iconChanges(
  deps: Deps,
  actor: Actor,
  project: Project,
  scope: Scope,
  since: ChangesCursor | undefined,
): Promise<IconChanges> {
  const { db } = deps
  const key = scopeOf(scope)
  const tag = tagOf(project.id, key)
  const [counter] = await db.select().from(syncScopes).where(eq(syncScopes.scope, key))
  const upto = counter?.version ?? 0
  const answer = (version: number, after: string | null = null, more = false): IconChanges => ({
    cursor: `${tag}.${version}${after ? `.${after}` : ''}`,
    changed: [],
    removed: [],
    more,
  })
  if (!since) return answer(upto)
  // Another project's cursor, or one from ahead of this scope (a restored backup): not ours to read.
  if (since.tag !== tag || since.version > upto) throw badRequest(changesMessages.cursorForeign)
  if (since.version > 0 && since.version < (counter?.pruned_through ?? 0))
    throw new ApiError(410, changesMessages.cursorTooOld, undefined, 'cursor_expired')
  if (since.version === upto && !since.after) return answer(upto)

  const v = since.version
  const inProject = eq(icons.project_id, project.id)
  const fromCursor = since.after
    ? sql`(${icons.version}, ${icons.id}) > (${v}, ${since.after}::uuid)`
    : gt(icons.version, v)
  const end = await pageEnd(deps, and(inProject, fromCursor, lte(icons.version, upto))!, upto)
  const page = answer(end.top, end.inside, end.more)
  const upToEnd = end.inside
    ? sql`(${icons.version}, ${icons.id}) <= (${end.top}, ${end.inside}::uuid)`
    : lte(icons.version, end.top)
  const [rows, removed] = await Promise.all([
    db
      .select(iconRowColumns)
      .from(icons)
      .where(and(inProject, fromCursor, upToEnd))
      .orderBy(asc(icons.version), asc(icons.id)),
    removedIds(deps, project.id, scope, key, v, end.top),
  ])
  const svgs = await serveMany(
    deps.svg,
    rows.map((r) => r.svg),
    actor.id,
  )
  page.changed = rows.map((row, at) => ({ ...toIconRow(row), svg: svgs[at]! }))
  const present = new Set(rows.map((r) => r.id))
  page.removed = removed.filter((id) => !present.has(id))
  return page
}

/**
 * Where this page ends: every change up to `upto`, or, past the page's rows or bytes, the version
 * before the first icon left out; inside a version (`inside`: the last icon taken) when that icon
 * is of the same version as the one before it. Reads ids and markup lengths only.
 */
async function pageEnd(deps: Deps, from: SQL, upto: number) {
  const sizes = await deps.db
    .select({
      v: icons.version,
      id: icons.id,
      bytes: sql<number>`octet_length(${icons.svg})`.mapWith(Number),
    })
    .from(icons)
    .where(from)
    .orderBy(asc(icons.version), asc(icons.id))
    .limit(changesLimits.pageRows + 1)
  let bytes = 0
  for (let at = 0; at < sizes.length; at++) {
    const size = sizes[at]!
    bytes += size.bytes + syncLimits.rowBytes
    if (at === 0 || (at < changesLimits.pageRows && bytes <= syncLimits.pageBytes)) continue
    const last = sizes[at - 1]!
    const [next, lastV] = [Number(size.v), Number(last.v)]
    return next > lastV
      ? { top: next - 1, inside: null, more: true }
      : { top: lastV, inside: last.id, more: true }
  }
  return { top: upto, inside: null, more: false }
}

/** Ids that left the project in versions (since, top]: see the file's head. */
async function removedIds(
  { db }: Deps,
  projectId: string,
  scope: Scope,
  key: string,
  since: number,
  top: number,
): Promise<string[]> {
  if (top <= since) return []
  const wasHere = (id: SQL) =>
    sql`exists (select 1 from ${iconVersions} h where h.icon_id = ${id} and h.project_id = ${projectId})`
  const noHistory = (id: SQL) => sql`not exists (select 1 from ${iconVersions} h where h.icon_id = ${id})`
  const inScope =
    scope.kind === 'workspace'
      ? eq(icons.workspace_id, scope.workspace.id)
      : and(
          isNull(icons.workspace_id),
          sql`${icons.project_id} in (select ${projects.id} from ${projects} where ${projects.workspace_id} is null and ${projects.user_id} = ${scope.ownerId})`,
        )
  const [moved, dead] = await Promise.all([
    db
      .select({ id: icons.id })
      .from(icons)
      .where(
        and(
          inScope,
          ne(icons.project_id, projectId),
          gt(icons.version, since),
          lte(icons.version, top),
          wasHere(sql`${icons.id}`),
        ),
      ),
    db
      .select({ id: syncTombstones.id })
      .from(syncTombstones)
      .where(
        and(
          eq(syncTombstones.scope, key),
          eq(syncTombstones.entity, 'icons'),
          gt(syncTombstones.version, since),
          lte(syncTombstones.version, top),
          sql`(${wasHere(sql`${syncTombstones.id}::uuid`)} or ${noHistory(sql`${syncTombstones.id}::uuid`)})`,
        ),
      ),
  ])
  return [...new Set([...moved, ...dead].map((r) => r.id))].sort()
}
