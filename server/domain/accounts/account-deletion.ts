// What happens before an account is deleted (better-auth's delete-user calls it first; ADR 0012):
// its teams keep what it made. In each workspace the user is in or made something in, one
// transaction at the scope's next version: their projects and icons there stay, attributed to a
// former member (user_id null, stamped with the version and announced), the invitations they sent
// that are still pending are canceled, their access row goes with a tombstone; a workspace they own
// passes to the next person (one who may manage people, then one who may add icons, then anyone;
// the earliest to join first), or is deleted when nobody else is in it. Then their personal
// projects (icons with them) and their personal scope's history go. Every step can run again: a
// deletion that failed half-way is finished by the next attempt.
import { and, asc, eq, isNull, ne } from 'drizzle-orm'
import { can, type Role } from '../../../common/permissions.ts'
import type { Tx } from '../../db/client.ts'
import { icons, projects, workspaceAccess, workspaces } from '../../db/schema/index.ts'
import type { Deps } from '../deps.ts'
import { forgetPersonalHistory } from '../icons/history-cleanup.ts'
import { purgeWorkspace } from '../projects/trash.ts'
import { iconNotes } from '../sync/change-notes.ts'
import { scopeKey } from '../sync/sync-scopes.ts'
import { writeInScope } from '../sync/write-in-scope.ts'
import { cancelInvitationsBy } from '../workspaces/workspace-invitations.ts'
import { type Heir, tellHeirs } from './heir-notice.ts'

export async function releaseAccount(deps: Deps, userId: string): Promise<void> {
  const heirs = new Map<string, Heir>()
  for (const workspaceId of await workspacesOf(deps.db, userId)) {
    const gone = await leaveWorkspace(deps, workspaceId, userId, (heir) => heirs.set(workspaceId, heir))
    // Nobody is left to restore it: it goes for good (ADR 0018).
    if (gone) await purgeWorkspace(deps, gone.id)
  }
  // Each new owner is told by e-mail, once their workspace is theirs (heir-notice.ts).
  await tellHeirs(deps, userId, [...heirs.values()])
  // The personal scope goes with its projects: nobody may pull it any more (no version, no note).
  await writeInScope(deps, [], async ({ tx, forgetScope }) => {
    // Their icons' recorded history too (no foreign key holds it): history-cleanup.ts.
    await forgetPersonalHistory(tx, userId)
    await tx.delete(projects).where(and(isNull(projects.workspace_id), eq(projects.user_id, userId)))
    await forgetScope(scopeKey(null, userId))
  })
}

/** Every workspace where the user has access, owns, or made a project or an icon. */
async function workspacesOf(db: Deps['db'], userId: string): Promise<string[]> {
  const [access, owned, made, added] = await Promise.all([
    db
      .select({ id: workspaceAccess.workspace_id })
      .from(workspaceAccess)
      .where(eq(workspaceAccess.user_id, userId)),
    db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.user_id, userId)),
    db.selectDistinct({ id: projects.workspace_id }).from(projects).where(eq(projects.user_id, userId)),
    db.selectDistinct({ id: icons.workspace_id }).from(icons).where(eq(icons.user_id, userId)),
  ])
  const ids = new Set<string>()
  for (const { id } of [...access, ...owned, ...made, ...added]) if (id) ids.add(id)
  return [...ids].sort()
}

/** Rank of a possible new owner: who may manage people, then who may add icons, then anyone. */
const heirRank = (role: Role) => (can(role, 'workspace:manage-users') ? 0 : can(role, 'icon:create') ? 1 : 2)

/**
 * Takes the user out of one workspace, handing it on if they own it. Answers the workspace when they
 * own it and nobody else is in it: the caller deletes it (deleteWorkspace tells everyone).
 */
async function leaveWorkspace(deps: Deps, workspaceId: string, userId: string, onHeir: (heir: Heir) => void) {
  type Workspace = typeof workspaces.$inferSelect
  // The scope's version is taken first (as every write does), then the workspace's row is locked;
  // when there is nothing to change here after all, the version rolls back with the rest.
  return writeInScope<null, Workspace | null>(deps, [workspaceId], async (write) => {
    const { tx, announce, tombstone } = write
    const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for('update')
    if (!workspace) return write.rollBack(null)
    const heir = workspace.user_id === userId ? await heirOf(tx, workspaceId, userId) : null
    if (workspace.user_id === userId && !heir) return write.rollBack(workspace)
    const version = write.version(workspaceId)
    const v = { workspace_id: workspaceId, scope: workspaceId }
    if (heir) {
      await tx.update(workspaceAccess).set({ role: 'owner', version }).where(eq(workspaceAccess.id, heir.id))
      await tx
        .update(workspaces)
        .set({ user_id: heir.user_id!, version, updated_at: new Date() })
        .where(eq(workspaces.id, workspaceId))
      onHeir({ userId: heir.user_id!, email: heir.email, workspaceId, workspaceName: workspace.name })
      announce(
        { entity: 'workspaces_access', op: 'upsert', id: heir.id, ...v },
        { entity: 'workspaces', op: 'upsert', id: workspaceId, ...v },
      )
    }
    const mine = <T extends typeof projects | typeof icons>(t: T) =>
      and(eq(t.workspace_id, workspaceId), eq(t.user_id, userId))
    const keptProjects = await tx
      .update(projects)
      .set({ user_id: null, version })
      .where(mine(projects))
      .returning({ id: projects.id })
    for (const { id } of keptProjects) announce({ entity: 'projects', op: 'upsert', id, ...v })
    const keptIcons = await tx
      .update(icons)
      .set({ user_id: null, version })
      .where(mine(icons))
      .returning({ id: icons.id })
    const ids = keptIcons.map((r) => r.id)
    announce(...iconNotes(ids, workspaceId, undefined, undefined, { scope: workspaceId }))
    await cancelInvitationsBy(write, workspaceId, userId)
    const left = await tx
      .delete(workspaceAccess)
      .where(and(eq(workspaceAccess.workspace_id, workspaceId), eq(workspaceAccess.user_id, userId)))
      .returning({ id: workspaceAccess.id })
    await tombstone(
      workspaceId,
      'workspaces_access',
      left.map((r) => r.id),
    )
    for (const { id } of left) announce({ entity: 'workspaces_access', op: 'delete', id, ...v })
    return null
  })
}

/**
 * The person a workspace passes to when its owner's account goes; null when nobody else is in it.
 * The one heir rule: the deletion above and its preview (account-heirs.ts) both ask it.
 */
export async function heirOf(tx: Tx, workspaceId: string, userId: string) {
  const others = await tx
    .select()
    .from(workspaceAccess)
    .where(and(eq(workspaceAccess.workspace_id, workspaceId), ne(workspaceAccess.user_id, userId)))
    .orderBy(asc(workspaceAccess.created_at), asc(workspaceAccess.id))
  const people = others.filter((p) => p.user_id !== null)
  people.sort((a, b) => heirRank(a.role as Role) - heirRank(b.role as Role))
  return people[0] ?? null
}
