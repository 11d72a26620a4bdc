// Projects: personal (workspace_id null, only their owner sees them) or in a workspace
// (its members see them; admins and owners create, rename and delete them). A deleted project is
// kept 30 days with its icons (in deleted_icons, `with_project`), hidden from every read, and
// restorable by those who may delete it; then purged (trash.ts, ADR 0018).
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { appMessages, iconifyMessages } from '../../../common/messages.ts'
import type { Plan } from '../../../common/plans.ts'
import { TRASH_MS } from '../../../common/retention.ts'
import type {
  createProjectBody,
  DeletedProjectRow,
  updateProjectBody,
} from '../../../common/schemas/projects.ts'
import type { ProjectRow } from '../../../common/schemas/rows.ts'
import { deletedIcons, icons, projects, user } from '../../db/schema/index.ts'
import { isUniqueViolation } from '../../db/unique-violation.ts'
import { displayNameOf, type Scope, visibleProjects } from '../access.ts'
import type { Actor, Deps } from '../deps.ts'
import { conflict } from '../errors.ts'
import { assertRoom } from '../plans/quotas.ts'
import { toProjectRow } from '../rows.ts'
import { iconNotes } from '../sync/change-notes.ts'
import { scopeKey } from '../sync/sync-scopes.ts'
import { writeInScope } from '../sync/write-in-scope.ts'

type ProjectRecord = typeof projects.$inferSelect

export async function listProjects({ db }: Deps, actor: Actor): Promise<ProjectRow[]> {
  const rows = await db.select().from(projects).where(visibleProjects(db, actor.id)).orderBy(projects.name)
  return rows.map(toProjectRow)
}

const workspaceIdOf = (scope: Scope) => (scope.kind === 'workspace' ? scope.workspace.id : null)

export async function createProject(
  deps: Deps,
  actor: Actor,
  scope: Scope,
  body: z.output<typeof createProjectBody>,
): Promise<ProjectRow> {
  const workspaceId = workspaceIdOf(scope)
  const key = scopeKey(workspaceId, actor.id)
  const created = await writeInScope(deps, [key], async ({ tx, version, announce }) => {
    const [row] = await tx
      .insert(projects)
      .values({
        id: body.id,
        name: body.name,
        description: body.description,
        workspace_id: workspaceId,
        user_id: actor.id,
        version: version(key),
      })
      .onConflictDoNothing()
      .returning()
    if (row) announce(note(row, 'upsert'))
    return row
  })
  if (!created) {
    const [existing] = await deps.db.select().from(projects).where(eq(projects.id, body.id))
    // A deleted project's id stays taken: it is restored, not created again (ADR 0018).
    if (
      !existing ||
      existing.deleted_at ||
      existing.user_id !== actor.id ||
      existing.workspace_id !== workspaceId
    ) {
      throw conflict(appMessages.idTaken, 'id_taken')
    }
    return toProjectRow(existing)
  }
  return toProjectRow(created)
}

export async function updateProject(
  deps: Deps,
  project: ProjectRecord,
  body: z.output<typeof updateProjectBody>,
): Promise<ProjectRow> {
  const key = scopeKey(project.workspace_id, project.user_id)
  const prefix = body.iconify_prefix
  const write = () =>
    writeInScope(deps, [key], async ({ tx, version, announce }) => {
      const [row] = await tx
        .update(projects)
        .set({
          name: body.name,
          description: body.description,
          ...(prefix === undefined ? {} : { iconify_prefix: prefix }),
          updated_at: new Date(),
          version: version(key),
        })
        .where(eq(projects.id, project.id))
        .returning()
      announce(note(row!, 'upsert'))
      return row!
    })
  try {
    return toProjectRow(await write())
  } catch (error) {
    // The partial unique index: another live project of this workspace (or owner) has the prefix.
    if (prefix !== undefined && isUniqueViolation(error))
      throw conflict(iconifyMessages.prefixTaken(prefix), 'name_taken')
    throw error
  }
}

/**
 * A restored project's Iconify prefix: its own, unless a live project of its scope took it meanwhile;
 * then a fresh one derived from its name (the database's rule, drizzle/0011_iconify_prefix.sql).
 */
const restoredPrefix = sql`case when exists (
    select 1 from ${projects} as other
    where coalesce(other.workspace_id::text, other.user_id) = coalesce(${projects.workspace_id}::text, ${projects.user_id})
      and other.iconify_prefix = ${projects.iconify_prefix} and other.deleted_at is null and other.id <> ${projects.id})
  then iconvault_iconify_prefix(${projects.name}, coalesce(${projects.workspace_id}::text, ${projects.user_id}), ${projects.id})
  else ${projects.iconify_prefix} end`

/** Columns an icon keeps in deleted_icons and brings back (the same in both tables). */
const KEPT_COLUMNS = sql.raw(
  'id, name, svg, user_id, origin_icon_id, project_id, workspace_id, icon_status, created_at, updated_at, revision, aliases, ' +
    'label, description, decorative, tags, drawing_hash, fingerprint, approved_revision, review_comment',
)

/** Both drivers (PGlite, node-postgres) answer raw queries with `{ rows }`. */
const idsOf = (result: unknown) =>
  (((result as { rows?: { id: string }[] }).rows ?? []) as { id: string }[]).map((r) => r.id)

/**
 * POST /api/projects/delete: the project is kept 30 days (deleted_at, deleted_by) and its icons move
 * to deleted_icons with `with_project`, in one write with tombstones for the project and its icons:
 * every read path then behaves as if it were gone. Its members are told, and by whom.
 */
export async function deleteProject(
  deps: Deps,
  actor: Actor,
  project: ProjectRecord,
): Promise<{ id: string }> {
  const key = scopeKey(project.workspace_id, project.user_id)
  const by = await displayNameOf(deps.db, actor)
  await writeInScope(deps, [key], async ({ tx, version, tombstone, announce }) => {
    const moved = idsOf(
      await tx.execute(sql`
        insert into ${deletedIcons} (${KEPT_COLUMNS}, deleted_at, deleted_by, with_project)
        select ${KEPT_COLUMNS}, now(), ${actor.id}, ${project.id}::uuid
        from ${icons} where ${icons.project_id} = ${project.id}
        returning id`),
    )
    await tx.delete(icons).where(eq(icons.project_id, project.id))
    await tx
      .update(projects)
      .set({ deleted_at: sql`now()`, deleted_by: actor.id, version: version(key) })
      .where(eq(projects.id, project.id))
    await tombstone(key, 'projects', [project.id])
    await tombstone(key, 'icons', moved)
    announce({ ...note(project, 'delete'), by })
  })
  return { id: project.id }
}

/** GET /api/projects/deleted: the scope's projects deleted in the last 30 days, newest first. */
export async function listDeletedProjects({ db }: Deps, scope: Scope): Promise<DeletedProjectRow[]> {
  const where =
    scope.kind === 'personal'
      ? and(isNull(projects.workspace_id), eq(projects.user_id, scope.ownerId))
      : eq(projects.workspace_id, scope.workspace.id)
  const iconCount = db
    .select({ project: deletedIcons.with_project, n: count().as('n') })
    .from(deletedIcons)
    .groupBy(deletedIcons.with_project)
    .as('icon_count')
  const rows = await db
    .select({ project: projects, by: { id: user.id, name: user.name, email: user.email }, n: iconCount.n })
    .from(projects)
    .leftJoin(user, eq(user.id, projects.deleted_by))
    .leftJoin(iconCount, eq(iconCount.project, projects.id))
    .where(and(where, gt(projects.deleted_at, new Date(Date.now() - TRASH_MS))))
    .orderBy(desc(projects.deleted_at))
  return rows.map(({ project, by, n }) => ({
    id: project.id,
    name: project.name,
    workspace_id: project.workspace_id,
    deleted_at: project.deleted_at!.toISOString(),
    deleted_by: by?.id ? { id: by.id, name: by.name, email: by.email } : null,
    icon_count: Number(n ?? 0),
  }))
}

/** Whose plan counts in a scope: the personal owner's, or the workspace owner's. */
async function planOf({ db }: Deps, actor: Actor, scope: Scope): Promise<Plan> {
  if (scope.kind === 'personal') return actor.plan
  const [owner] = await db.select({ plan: user.plan }).from(user).where(eq(user.id, scope.workspace.user_id))
  return (owner?.plan ?? 'free') as Plan
}

/**
 * POST /api/projects/restore: a project deleted in the last 30 days comes back with every icon that
 * went with it (same ids, names, history), at the scope's next version so every client pulls them,
 * their tombstones gone. Refused (403) when its icons no longer fit the plan's storage quota.
 */
export async function restoreProject(
  deps: Deps,
  actor: Actor,
  scope: Scope,
  project: ProjectRecord,
): Promise<ProjectRow> {
  const key = scopeKey(project.workspace_id, project.user_id)
  const plan = await planOf(deps, actor, scope)
  const row = await writeInScope(deps, [key], async ({ tx, version, untombstone, announce }) => {
    const sizes = await tx
      .select({ bytes: sql<number>`octet_length(${deletedIcons.svg})`.mapWith(Number) })
      .from(deletedIcons)
      .where(eq(deletedIcons.with_project, project.id))
    await assertRoom(
      tx,
      deps.config,
      sizes.map(({ bytes }) => ({ target: { scope, plan }, bytes })),
    )
    const [row] = await tx
      .update(projects)
      .set({
        deleted_at: null,
        deleted_by: null,
        iconify_prefix: restoredPrefix,
        updated_at: new Date(),
        version: version(key),
      })
      .where(eq(projects.id, project.id))
      .returning()
    const back = idsOf(
      await tx.execute(sql`
        insert into ${icons} (${KEPT_COLUMNS}, version)
        select ${KEPT_COLUMNS}, ${version(key)}::bigint
        from ${deletedIcons} where ${deletedIcons.with_project} = ${project.id}
        returning id`),
    )
    await tx.delete(deletedIcons).where(eq(deletedIcons.with_project, project.id))
    await untombstone(key, 'projects', [project.id])
    await untombstone(key, 'icons', back)
    announce(
      note(row!, 'upsert'),
      ...iconNotes(back, project.workspace_id, project.user_id ?? undefined, undefined, { scope: key }),
    )
    return row!
  })
  return toProjectRow(row)
}

/** The note announcing a project's change in its scope (the write stamps its version). */
const note = (p: ProjectRecord, op: 'upsert' | 'delete') => ({
  entity: 'projects' as const,
  op,
  id: p.id,
  workspace_id: p.workspace_id,
  owner_id: p.user_id ?? undefined,
  scope: scopeKey(p.workspace_id, p.user_id),
})
