// Who may do what where: resolves the scope of a request (personal, or a workspace with
// the caller's role) and checks an action against the one permission table. A resource
// the caller may not see is "not found" (404), never "forbidden": its existence stays hidden.
import { and, eq } from 'drizzle-orm'
import { type Action, can, type Role } from '../../common/permissions.ts'
import type { Db } from '../db/client.ts'
import { projects, workspaceAccess, workspaces } from '../db/schema/index.ts'
import type { Actor } from './deps.ts'
import { ApiError, forbidden, notFound } from './errors.ts'

type WorkspaceRecord = typeof workspaces.$inferSelect
type ProjectRecord = typeof projects.$inferSelect

export type Scope =
  | { kind: 'personal'; ownerId: string }
  | { kind: 'workspace'; workspace: WorkspaceRecord; role: Role; accessId: string }

const WORKSPACE_NOT_FOUND = 'Workspace not found'
const PROJECT_NOT_FOUND = 'Project not found'

/** The caller's workspace and role, or a 404 when they have no access to it. */
export async function workspaceScope(db: Db, actor: Actor, workspaceId: string): Promise<Scope> {
  const [row] = await db
    .select({ workspace: workspaces, role: workspaceAccess.role, accessId: workspaceAccess.id })
    .from(workspaces)
    .innerJoin(workspaceAccess, eq(workspaceAccess.workspace_id, workspaces.id))
    .where(and(eq(workspaces.id, workspaceId), eq(workspaceAccess.user_id, actor.id)))
  if (!row) throw notFound(WORKSPACE_NOT_FOUND)
  return { kind: 'workspace', workspace: row.workspace, role: row.role as Role, accessId: row.accessId }
}

/** The scope of a project the caller may see, with the project; 404 otherwise. */
export async function projectScope(
  db: Db,
  actor: Actor,
  projectId: string,
): Promise<{ scope: Scope; project: ProjectRecord }> {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId))
  if (!project) throw notFound(PROJECT_NOT_FOUND)
  if (!project.workspace_id) {
    if (project.user_id !== actor.id) throw notFound(PROJECT_NOT_FOUND)
    return { scope: { kind: 'personal', ownerId: actor.id }, project }
  }
  try {
    return { scope: await workspaceScope(db, actor, project.workspace_id), project }
  } catch (error) {
    // Only "no access to the workspace" becomes the project's 404; a database failure stays one.
    if (error instanceof ApiError && error.status === 404) throw notFound(PROJECT_NOT_FOUND)
    throw error
  }
}

export const roleOf = (scope: Scope) => (scope.kind === 'personal' ? 'personal' : scope.role)

/** Throws 403 'You are not authorized for this action' unless the scope's role may do it. */
export function assertCan(scope: Scope, action: Action): void {
  if (!can(roleOf(scope), action)) throw forbidden()
}
