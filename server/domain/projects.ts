// Projects: personal (workspace_id null, only their owner sees them) or in a workspace
// (its members see them; admins and owners create, rename and delete them).
import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import type { z } from 'zod'
import { appMessages } from '../../common/messages.ts'
import type { createProjectBody, updateProjectBody } from '../../common/schemas/projects.ts'
import type { ProjectRow } from '../../common/schemas/rows.ts'
import { projects, workspaceAccess } from '../db/schema/index.ts'
import type { Scope } from './access.ts'
import type { Actor, Deps } from './deps.ts'
import { conflict } from './errors.ts'
import { toProjectRow } from './rows.ts'

type ProjectRecord = typeof projects.$inferSelect

export async function listProjects({ db }: Deps, actor: Actor): Promise<ProjectRow[]> {
  const mine = db
    .select({ id: workspaceAccess.workspace_id })
    .from(workspaceAccess)
    .where(eq(workspaceAccess.user_id, actor.id))
  const rows = await db
    .select()
    .from(projects)
    .where(
      or(
        and(isNull(projects.workspace_id), eq(projects.user_id, actor.id)),
        inArray(projects.workspace_id, mine),
      ),
    )
    .orderBy(projects.name)
  return rows.map(toProjectRow)
}

const workspaceIdOf = (scope: Scope) => (scope.kind === 'workspace' ? scope.workspace.id : null)

export async function createProject(
  { db, events }: Deps,
  actor: Actor,
  scope: Scope,
  body: z.output<typeof createProjectBody>,
): Promise<ProjectRow> {
  const workspaceId = workspaceIdOf(scope)
  const [created] = await db
    .insert(projects)
    .values({
      id: body.id,
      name: body.name,
      description: body.description,
      workspace_id: workspaceId,
      user_id: actor.id,
    })
    .onConflictDoNothing()
    .returning()
  if (!created) {
    const [existing] = await db.select().from(projects).where(eq(projects.id, body.id))
    if (!existing || existing.user_id !== actor.id || existing.workspace_id !== workspaceId) {
      throw conflict(appMessages.idTaken)
    }
    return toProjectRow(existing)
  }
  await events.publish({
    entity: 'projects',
    op: 'upsert',
    id: created.id,
    workspace_id: created.workspace_id,
    owner_id: created.user_id,
  })
  return toProjectRow(created)
}

export async function updateProject(
  { db, events }: Deps,
  project: ProjectRecord,
  body: z.output<typeof updateProjectBody>,
): Promise<ProjectRow> {
  const [row] = await db
    .update(projects)
    .set({ name: body.name, description: body.description, updated_at: new Date() })
    .where(eq(projects.id, project.id))
    .returning()
  await events.publish({
    entity: 'projects',
    op: 'upsert',
    id: row!.id,
    workspace_id: row!.workspace_id,
    owner_id: row!.user_id,
  })
  return toProjectRow(row!)
}

export async function deleteProject({ db, events }: Deps, project: ProjectRecord): Promise<{ id: string }> {
  // Its icons go with it (ON DELETE CASCADE).
  await db.delete(projects).where(eq(projects.id, project.id))
  await events.publish({
    entity: 'projects',
    op: 'delete',
    id: project.id,
    workspace_id: project.workspace_id,
    owner_id: project.user_id,
  })
  return { id: project.id }
}
