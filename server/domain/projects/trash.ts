// Deleted projects and workspaces are kept TRASH_DAYS for a restore (ADR 0018); after that they go
// for good, with the existing cascades (icons, deleted icons, releases, people, invitations, credit
// usage) and the history of the icons that went with them. Purged at most hourly per process, from
// the pulls every client makes (sync.ts), as tombstones are pruned; a workspace whose last person's
// account is deleted goes at once (account-deletion.ts).
import { and, eq, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm'
import { TRASH_MS } from '../../../common/retention.ts'
import type { Tx } from '../../db/client.ts'
import {
  deletedIcons,
  iconReviews,
  icons,
  iconVersions,
  projects,
  workspaceAccess,
  workspaces,
} from '../../db/schema/index.ts'
import type { Deps } from '../deps.ts'
import { writeInScope } from '../sync/write-in-scope.ts'
import { announcePendingInvitations } from '../workspaces/workspace-invitations.ts'

const PURGE_EVERY_MS = 3600 * 1000
const lastPurged = new WeakMap<object, number>()

/** Purges what was deleted over TRASH_DAYS ago, at most once an hour per process and database. */
export async function purgeDeletedLater(deps: Deps): Promise<void> {
  const now = Date.now()
  if (now - (lastPurged.get(deps.db) ?? 0) < PURGE_EVERY_MS) return
  lastPurged.set(deps.db, now)
  await purgeDeleted(deps, TRASH_MS)
}

/** Purges the projects and workspaces deleted more than `keepMs` ago (tests pass 0). */
export async function purgeDeleted(
  deps: Deps,
  keepMs: number,
): Promise<{ projects: number; workspaces: number }> {
  const before = new Date(Date.now() - keepMs)
  const oldWorkspaces = await deps.db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(isNotNull(workspaces.deleted_at), lt(workspaces.deleted_at, before)))
  for (const { id } of oldWorkspaces) await purgeWorkspace(deps, id)
  // Its tombstones were left when it was deleted and nobody sees it since: no version, no note.
  const purged = await writeInScope(deps, [], async ({ tx }) => {
    const old = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(isNotNull(projects.deleted_at), lt(projects.deleted_at, before)))
    const ids = old.map((p) => p.id)
    if (!ids.length) return 0
    await forgetHistory(tx, inArray(deletedIcons.project_id, ids), inArray(icons.project_id, ids))
    await tx.delete(projects).where(inArray(projects.id, ids))
    return ids.length
  })
  return { projects: purged, workspaces: oldWorkspaces.length }
}

/** The recorded versions and review log of the icons (kept or deleted) that a purge takes. */
async function forgetHistory(tx: Tx, deleted: SQL, kept: SQL) {
  const gone = tx
    .select({ id: deletedIcons.id })
    .from(deletedIcons)
    .where(deleted)
    .union(tx.select({ id: icons.id }).from(icons).where(kept))
  await tx.delete(iconVersions).where(sql`${iconVersions.icon_id} in (${gone})`)
  await tx.delete(iconReviews).where(sql`${iconReviews.icon_id} in (${gone})`)
}

/**
 * A workspace goes for good with everything in it (ON DELETE CASCADE) and its sync history: nobody
 * may pull the scope any more (ADR 0303). Its people and its invitees are told.
 */
export async function purgeWorkspace(deps: Deps, id: string): Promise<void> {
  await writeInScope(deps, [], async (write) => {
    const { tx } = write
    const rows = await tx
      .select({ user_id: workspaceAccess.user_id })
      .from(workspaceAccess)
      .where(and(eq(workspaceAccess.workspace_id, id), isNotNull(workspaceAccess.user_id)))
    await announcePendingInvitations(write, id)
    await forgetHistory(tx, eq(deletedIcons.workspace_id, id), eq(icons.workspace_id, id))
    // Personal projects never hold a workspace's icons; its own projects cascade.
    await tx.delete(workspaces).where(eq(workspaces.id, id))
    await write.forgetScope(id)
    const audience = rows.map((r) => r.user_id!)
    write.announce({ entity: 'workspaces', op: 'delete', id, workspace_id: id, audience, for_good: true })
  })
}
