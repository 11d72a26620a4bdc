// Icons: list a project's icons; what every create shares (create-icons.ts is the one create
// path: the plan's entitlement, the review status the server decides), rename or approve, delete.
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { newIconStatus } from '../../common/icon-rules.ts'
import { appMessages } from '../../common/messages.ts'
import type { Plan } from '../../common/plans.ts'
import { saveRefusal } from '../../common/save-rule.ts'
import type {
  createIconBody,
  IconStatus,
  IconUpdateAnswer,
  IconUpdateConflict,
  updateIconBody,
} from '../../common/schemas/icons.ts'
import type { IconChangedField, IconRow } from '../../common/schemas/rows.ts'
import type { Db, Tx } from '../db/client.ts'
import { deletedIcons, icons, iconVersions, projects, user } from '../db/schema/index.ts'
import { serveMany } from '../svg-pool/serve-many.ts'
import { assertCan, displayNameOf, projectScope, roleOf, type Scope } from './access.ts'
import type { Actor, Deps } from './deps.ts'
import { badRequest, forbidden } from './errors.ts'
import { assertNamesFree, renamedAliases } from './icon-aliases.ts'
import { type IconInScope, type IconRecord, lockIcon, onLockedIcon } from './locked-icon.ts'
import { toIconRow } from './rows.ts'
import { servedIconRow, servedSvg } from './served-svg.ts'
import { currentPlan } from './subscriptions.ts'
import { scopeOf } from './sync-scopes.ts'
import { writeInScope } from './write-in-scope.ts'

export { ICON_NOT_FOUND, type IconInScope, type IconRecord, iconScope } from './locked-icon.ts'

const { svg: _markup, ...columnsButSvg } = getTableColumns(icons)
/** Every column but the markup: a create does not read back the (up to 512 KB of) markup it wrote. */
export const iconColumnsButSvg = columnsButSvg

/** The stored markup, sanitised once more on the way out (defence in depth). */
export const served = servedIconRow

/** Sanitised markup to serve (memoised: served-svg.ts); an empty icon when it cannot be parsed. */
export const safeSvg = servedSvg

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
      ...getTableColumns(icons),
      at: sql<string>`${icons.created_at}::text`,
      listVersion: ofProject(projects.list_version).mapWith(Number),
      projectCreated: ofProject(projects.created_at).mapWith(projects.created_at),
    })
    .from(icons)
    .where(and(onward, sql`(${order}) <= ${last}`))
    .orderBy(asc(icons.created_at), asc(icons.id))
    .limit(limits.rows)
}

/** The project's stamp alone (after a page with no rows); null when the project is gone. */
async function stampOf(db: Db, projectId: string): Promise<string | null> {
  const [p] = await db
    .select({ createdAt: projects.created_at, listVersion: projects.list_version })
    .from(projects)
    .where(eq(projects.id, projectId))
  return p ? listStamp(p.createdAt, p.listVersion) : null
}

/** A page's rows as the database gave them (queryIconPage), before their markup is served. */
export type StoredIconPage = {
  records: Awaited<ReturnType<typeof iconPageQuery>>
  /** The stamp when the page is empty (read just after it); a page with rows carries its own. */
  emptyStamp: string | null
  next: IconListCursor | null
}

/**
 * One page of the icons of a project the route located (requireAccess 'icon:read'): iconPageQuery
 * and where the next page starts. An empty page (the list's end) has its stamp read just after it:
 * list versions only grow, so the same stamp as before the page means nothing changed from then
 * until after it.
 */
export async function queryIconPage(
  db: Db,
  projectId: string,
  after: IconListCursor | null,
  limits: { rows: number; bytes: number },
): Promise<StoredIconPage> {
  const records = await iconPageQuery(db, projectId, after, limits)
  const last = records.at(-1)
  if (!last) return { records, emptyStamp: await stampOf(db, projectId), next: null }
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

/** The workspace owner's plan now (a lapsed subscription settled first); none in personal mode. */
const ownerPlan = ({ db }: Deps, scope: Scope): Promise<Plan | undefined> =>
  scope.kind === 'personal' ? Promise.resolve(undefined) : currentPlan(db, scope.workspace.user_id)

/** The plan whose storage quota counts in this scope: the workspace owner's, else the caller's. */
export const quotaPlan = async (deps: Deps, actor: Actor, scope: Scope): Promise<Plan> =>
  (await ownerPlan(deps, scope)) ?? actor.plan

/** The status of an icon added in this scope (common/icon-rules.ts: the one review rule). */
export const decideStatus = (scope: Scope): IconStatus =>
  newIconStatus(scope.kind === 'workspace' && scope.workspace.review_icons, roleOf(scope))

/**
 * The checks every create of icons into a project shares (/create and /create-many), in this
 * order: the project is visible (404), the role may add icons (403), the body's workspace is the
 * project's (400), the plan may save icons (403, the message of docs/product.md §D7). Answers the plan that counts
 * here (the owner's in a workspace), whose storage quota the create then checks (quotas.ts).
 */
export async function createTarget(deps: Deps, actor: Actor, projectId: string, workspaceId: string | null) {
  const { scope, project } = await projectScope(deps.db, actor, projectId)
  assertCan(scope, 'icon:create')
  if (workspaceId !== project.workspace_id) throw badRequest(appMessages.iconWorkspaceMismatch)
  const workspaceOwnerPlan = await ownerPlan(deps, scope)
  // The one "may I save here?" rule (common/save-rule.ts), as the vault and the maker ask it.
  const refusal = saveRefusal({
    role: roleOf(scope),
    userPlan: actor.plan,
    ownerPlan: scope.kind === 'personal' ? undefined : (workspaceOwnerPlan ?? null),
  })
  if (refusal) throw forbidden(refusal.message, refusal.code)
  // The plan whose entitlements count here: its storage quota too (quotas.ts).
  return { scope, project, plan: workspaceOwnerPlan ?? actor.plan }
}

/** The row a create stores: the project's workspace, the status the server decides, the pipeline's markup. */
export function newIconRow(
  body: z.output<typeof createIconBody>,
  svg: string,
  actor: Actor,
  { scope, project }: Awaited<ReturnType<typeof createTarget>>,
  createdAt?: Date,
): typeof icons.$inferInsert {
  return {
    id: body.id,
    name: body.name,
    svg,
    user_id: actor.id,
    origin_icon_id: body.origin_icon_id,
    project_id: project.id,
    workspace_id: project.workspace_id,
    icon_status: decideStatus(scope),
    // What the icon means (issue 25): given by the caller, else the columns' defaults ('' and none).
    label: body.label ?? '',
    description: body.description ?? '',
    decorative: body.decorative ?? false,
    tags: body.tags ?? [],
    ...(createdAt ? { created_at: createdAt } : {}),
  }
}

/**
 * Renames an icon the route located (requireAccess 'icon:update'); a status change also needs
 * 'icon:approve'. A change of name or status is a new version (issue 22); a rename keeps the old
 * name as an alias, and may not take a name that is an alias of another icon (409). With a
 * `base_revision` older than the icon's and a newer version by someone else, the change still wins
 * and the answer names the version it replaced (`conflict`, ADR 0016).
 */
export async function updateIcon(
  deps: Deps,
  actor: Actor,
  located: IconInScope,
  body: z.output<typeof updateIconBody>,
): Promise<IconUpdateAnswer> {
  const { row, conflict } = await onLockedIcon(deps, actor, located, ['icon:update'], (at) =>
    writeInScope(deps, [scopeOf(at.scope)], async ({ tx, version, announce, record }) => {
      // The row as locked: what the change replaces is what is stored now, where it is now.
      const { icon: now, scope } = await lockIcon(tx, actor, at, ['icon:update'])
      const status = body.icon_status ?? (now.icon_status as IconStatus)
      if (status !== now.icon_status) assertCan(scope, 'icon:approve')
      const fields: IconChangedField[] = []
      if (body.name !== now.name) fields.push('name')
      if (status !== now.icon_status) fields.push('icon_status')
      if (fields.includes('name'))
        await assertNamesFree(tx, now.project_id, [{ id: now.id, name: body.name }])
      const conflict =
        fields.length && body.base_revision !== undefined && body.base_revision < now.revision
          ? await replacedVersion(tx, now, actor)
          : undefined
      const [row] = await tx
        .update(icons)
        .set({
          name: body.name,
          icon_status: status,
          aliases: renamedAliases(now.aliases, now.name, body.name),
          // What it means (issue 25): each field given replaces the stored one; not a version (ADR 0106).
          ...meaningOf(body),
          revision: fields.length ? now.revision + 1 : now.revision,
          updated_at: new Date(),
          version: version(scopeOf(scope)),
        })
        .where(eq(icons.id, now.id))
        .returning()
      if (fields.length) {
        const replaced = conflict && { revision: now.revision, user_id: conflict.replaced_by?.id ?? null }
        record(actor.id, [
          { id: now.id, change: { kind: 'edited', fields, ...(replaced ? { replaced } : {}) } },
        ])
      }
      // The replaced version's author hears it on their stream too, with who replaced it (ADR 0408).
      const owner = conflict?.replaced_by
      const replaced = owner && {
        user_id: owner.id,
        revision: conflict.replaced_revision,
        name: conflict.replaced_name,
        by: await displayNameOf(tx, actor),
      }
      announce({ ...note(row!, scope, 'upsert'), ...(replaced ? { replaced } : {}) })
      return { row: row!, conflict }
    }),
  )
  return conflict ? { data: served(row), conflict } : { data: served(row) }
}

/** The meaning fields an update gives (absent ones stay as they are). */
function meaningOf(body: z.output<typeof updateIconBody>) {
  const { label, description, decorative, tags } = body
  return {
    ...(label === undefined ? {} : { label }),
    ...(description === undefined ? {} : { description }),
    ...(decorative === undefined ? {} : { decorative }),
    ...(tags === undefined ? {} : { tags }),
  }
}

/**
 * The newest version of `icon`, when someone other than `actor` made it (or an account now gone):
 * the version a change based on an older one replaces without having seen it. Undefined when the
 * newer versions are the actor's own (their queued changes arriving in order).
 */
async function replacedVersion(
  tx: Tx,
  icon: IconRecord,
  actor: Actor,
): Promise<IconUpdateConflict | undefined> {
  const [head] = await tx
    .select({ user_id: iconVersions.user_id, name: iconVersions.name, by_name: user.name, email: user.email })
    .from(iconVersions)
    .leftJoin(user, eq(user.id, iconVersions.user_id))
    .where(and(eq(iconVersions.icon_id, icon.id), eq(iconVersions.revision, icon.revision)))
  if (head?.user_id === actor.id) return undefined
  return {
    replaced_revision: icon.revision,
    replaced_name: head?.name ?? icon.name,
    replaced_by:
      head?.user_id && head.email !== null
        ? { id: head.user_id, name: head.by_name ?? '', email: head.email }
        : null,
  }
}

/**
 * Deletes an icon the route located (requireAccess 'icon:delete'): it moves to the project's
 * "Recently deleted" (deleted_icons, kept TRASH_DAYS with its history) and a tombstone tells pulls
 * (ADR 0303), in one write.
 */
export async function deleteIcon(deps: Deps, actor: Actor, located: IconInScope): Promise<{ id: string }> {
  await onLockedIcon(deps, actor, located, ['icon:delete'], (at) =>
    writeInScope(deps, [scopeOf(at.scope)], async ({ tx, tombstone, announce }) => {
      // Decided on the row as locked: a teammate's move committed meanwhile makes this run again
      // in the icon's new scope (or answer 404), never delete it from there with this one's rights.
      const { icon, scope } = await lockIcon(tx, actor, at, ['icon:delete'])
      await tx.execute(sql`
        insert into ${deletedIcons} (id, name, svg, user_id, origin_icon_id, project_id, workspace_id,
          icon_status, created_at, updated_at, revision, aliases, label, description, decorative, tags,
          drawing_hash, fingerprint, deleted_at, deleted_by, with_project)
        select id, name, svg, user_id, origin_icon_id, project_id, workspace_id,
          icon_status, created_at, updated_at, revision, aliases, label, description, decorative, tags,
          drawing_hash, fingerprint, now(), ${actor.id}, null
        from ${icons} where id = ${icon.id}
        -- An id deleted before (and created again since): the trash keeps its latest state.
        on conflict (id) do update set name = excluded.name, svg = excluded.svg, user_id = excluded.user_id,
          origin_icon_id = excluded.origin_icon_id, project_id = excluded.project_id,
          workspace_id = excluded.workspace_id, icon_status = excluded.icon_status,
          created_at = excluded.created_at, updated_at = excluded.updated_at, revision = excluded.revision,
          aliases = excluded.aliases, label = excluded.label, description = excluded.description,
          decorative = excluded.decorative, tags = excluded.tags, drawing_hash = excluded.drawing_hash,
          fingerprint = excluded.fingerprint, deleted_at = excluded.deleted_at, deleted_by = excluded.deleted_by,
          with_project = null`)
      await tx.delete(icons).where(eq(icons.id, icon.id))
      await tombstone(scopeOf(scope), 'icons', [icon.id])
      announce(note(icon, scope, 'delete'))
    }),
  )
  return { id: located.icon.id }
}

/** The note announcing an icon's change in its scope (the write stamps its version). */
export const note = (icon: IconRecord, scope: Scope, op: 'upsert' | 'delete') => ({
  entity: 'icons' as const,
  op,
  id: icon.id,
  workspace_id: icon.workspace_id,
  owner_id: scope.kind === 'personal' ? scope.ownerId : undefined,
  scope: scopeOf(scope),
})
