// Who may do what where: resolves the scope of a request (personal, or a workspace with
// the caller's role) and checks an action against the one permission table. A resource
// the caller may not see is "not found" (404), never "forbidden": its existence stays hidden.
// A deleted project or workspace (kept 30 days for a restore, ADR 0018) is not found here; only
// its restore locates it (deletedProjectScope, deletedWorkspaceScope).
import { and, eq, gt, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm'
import { appMessages } from '../../common/messages.ts'
import { type Action, can, type Role } from '../../common/permissions.ts'
import { TRASH_MS } from '../../common/retention.ts'
import type { Db, Tx } from '../db/client.ts'
import { projects, user, workspaceAccess, workspaces } from '../db/schema/index.ts'
import type { Actor } from './deps.ts'
import { forbidden, notFound } from './errors.ts'

type WorkspaceRecord = typeof workspaces.$inferSelect
type ProjectRecord = typeof projects.$inferSelect

export type Scope =
  | { kind: 'personal'; ownerId: string }
  | { kind: 'workspace'; workspace: WorkspaceRecord; role: Role; accessId: string }

const WORKSPACE_NOT_FOUND = 'Workspace not found'
const PROJECT_NOT_FOUND = 'Project not found'

/** The caller's workspace and role, or a 404 when they have no access to it. */
export const workspaceScope = (db: Tx, actor: Actor, workspaceId: string): Promise<Scope> =>
  memberScope(db, actor, workspaceId, isNull(workspaces.deleted_at), WORKSPACE_NOT_FOUND)

/** The caller's membership of a workspace that is as `state` says (live, or in the trash), or 404. */
async function memberScope(
  db: Tx,
  actor: Actor,
  workspaceId: string,
  state: SQL,
  missing: string,
): Promise<Scope> {
  const [row] = await db
    .select({ workspace: workspaces, role: workspaceAccess.role, accessId: workspaceAccess.id })
    .from(workspaces)
    .innerJoin(workspaceAccess, eq(workspaceAccess.workspace_id, workspaces.id))
    .where(and(eq(workspaces.id, workspaceId), eq(workspaceAccess.user_id, actor.id), state))
  if (!row) throw notFound(missing)
  return { kind: 'workspace', workspace: row.workspace, role: row.role as Role, accessId: row.accessId }
}

/** Whether the caller's API token (if any) may reach this project: one limited to projects sees no other (ADR 0019). */
export const tokenReaches = (actor: Actor, projectId: string): boolean =>
  !actor.token?.project_ids || actor.token.project_ids.includes(projectId)

/** Deleted less than TRASH_DAYS ago: still restorable. */
const inTrash = (deletedAt: typeof projects.deleted_at | typeof workspaces.deleted_at) =>
  and(isNotNull(deletedAt), gt(deletedAt, new Date(Date.now() - TRASH_MS)))!

/**
 * A workspace deleted in the last 30 days that the caller was in, with their role there (the roles
 * of a deleted workspace cannot change: nobody enters it); 404 otherwise.
 */
export const deletedWorkspaceScope = (db: Db, actor: Actor, workspaceId: string): Promise<Scope> =>
  memberScope(db, actor, workspaceId, inTrash(workspaces.deleted_at), appMessages.deletedWorkspaceNotFound)

/**
 * A project deleted in the last 30 days, in the caller's personal space or in a workspace of theirs
 * that is not deleted itself, with its scope; 404 otherwise.
 */
export const deletedProjectScope = (db: Db, actor: Actor, projectId: string) =>
  scopeOfProject(db, actor, projectId, inTrash(projects.deleted_at), appMessages.deletedProjectNotFound)

/**
 * The scope of a project the caller may see, with the project; 404 otherwise. Given a transaction,
 * it reads them there (a write deciding on the rows it holds, ADR 0309).
 */
export const projectScope = (db: Tx, actor: Actor, projectId: string) =>
  scopeOfProject(db, actor, projectId, isNull(projects.deleted_at), PROJECT_NOT_FOUND)

/**
 * A project that is as `state` says, with its scope: in one statement the project, its workspace if
 * live and the caller's membership there (every read of a project's icons and every create starts
 * here: one round trip, not two). A personal project of another user, a deleted workspace or one the
 * caller is not in: `missing` (404).
 */
async function scopeOfProject(
  db: Tx,
  actor: Actor,
  projectId: string,
  state: SQL,
  missing: string,
): Promise<{ scope: Scope; project: ProjectRecord }> {
  const [row] = await db
    .select({
      project: projects,
      workspace: workspaces,
      role: workspaceAccess.role,
      accessId: workspaceAccess.id,
    })
    .from(projects)
    .leftJoin(workspaces, and(eq(workspaces.id, projects.workspace_id), isNull(workspaces.deleted_at)))
    .leftJoin(
      workspaceAccess,
      and(eq(workspaceAccess.workspace_id, workspaces.id), eq(workspaceAccess.user_id, actor.id)),
    )
    .where(and(eq(projects.id, projectId), state))
  const project = row?.project
  if (!project || !tokenReaches(actor, project.id)) throw notFound(missing)
  if (!project.workspace_id) {
    if (project.user_id !== actor.id) throw notFound(missing)
    return { scope: { kind: 'personal', ownerId: actor.id }, project }
  }
  if (!row.workspace || row.role === null || row.accessId === null) throw notFound(missing)
  return {
    scope: { kind: 'workspace', workspace: row.workspace, role: row.role as Role, accessId: row.accessId },
    project,
  }
}

/** How members are told who did something: the person's name, else their e-mail (ADR 0018). */
export async function displayNameOf(db: Tx, actor: Actor): Promise<string> {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, actor.id))
  return row?.name.trim() || actor.email
}

export const roleOf = (scope: Scope) => (scope.kind === 'personal' ? 'personal' : scope.role)

/** Throws 403 'You are not authorized for this action' unless the scope's role may do it. */
export function assertCan(scope: Scope, action: Action): void {
  if (!can(roleOf(scope), action)) throw forbidden()
}

/**
 * The live projects `actorId` can see, as a condition on `projects`: their personal ones and those of
 * the live workspaces they belong to (the project list and the Iconify endpoint both start here).
 */
export function visibleProjects(db: Db, actorId: string): SQL {
  const mine = db
    .select({ id: workspaceAccess.workspace_id })
    .from(workspaceAccess)
    .innerJoin(workspaces, eq(workspaces.id, workspaceAccess.workspace_id))
    .where(and(eq(workspaceAccess.user_id, actorId), isNull(workspaces.deleted_at)))
  return and(
    isNull(projects.deleted_at),
    or(
      and(isNull(projects.workspace_id), eq(projects.user_id, actorId)),
      inArray(projects.workspace_id, mine),
    ),
  )!
}
