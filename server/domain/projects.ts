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
import { scopeKey } from './sync-scopes.ts'
import { writeInScope } from './write-in-scope.ts'

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
    if (!existing || existing.user_id !== actor.id || existing.workspace_id !== workspaceId) {
      throw conflict(appMessages.idTaken)
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
  const row = await writeInScope(deps, [key], async ({ tx, version, announce }) => {
    const [row] = await tx
      .update(projects)
      .set({ name: body.name, description: body.description, updated_at: new Date(), version: version(key) })
      .where(eq(projects.id, project.id))
      .returning()
    announce(note(row!, 'upsert'))
    return row!
  })
  return toProjectRow(row)
}

export async function deleteProject(deps: Deps, project: ProjectRecord): Promise<{ id: string }> {
  const key = scopeKey(project.workspace_id, project.user_id)
  await writeInScope(deps, [key], async ({ tx, tombstone, announce }) => {
    // Its icons go with it (ON DELETE CASCADE); the project's tombstone stands for them (ADR 0303).
    await tx.delete(projects).where(eq(projects.id, project.id))
    await tombstone(key, 'projects', [project.id])
    announce(note(project, 'delete'))
  })
  return { id: project.id }
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
