// Who belongs to which workspace, with their role, kept for live delivery (events/events.ts): a workspace's
// members are read once, then known until a change note says they may have changed. Every change of
// membership announces itself on the same ordered channel as the changes it governs (an access row
// upserted or deleted, a membership revoked, a workspace changed or deleted; a user's row changed or
// gone, by a database trigger), and the bus hears each note as it arrives, before it delivers that
// note's batch: so a batch never goes out by a membership older than the changes in it. A read that
// a forget overtook is used for its own batch but not kept. All is forgotten on resync.
import { inArray } from 'drizzle-orm'
import type { Role } from '../../common/permissions.ts'
import { Lru } from '../cache/lru.ts'
import type { Db } from '../db/client.ts'
import { workspaceAccess } from '../db/schema/index.ts'
import type { ChangeNote } from '../domain/sync/change-notes.ts'

/** Workspaces whose members are kept at most; past it, the least recently asked go (read again as needed). */
const MAX_KEPT = 10_000

type Members = Map<string, Role>

export type WorkspaceMembers = {
  /** The members of each workspace named (read in one query for those not kept). */
  of(workspaceIds: Iterable<string>): Promise<Map<string, Members>>
  /** A change note arrived: forgets the membership it may have changed. */
  hear(note: ChangeNote): void
  forgetAll(): void
}

/** `maxKept`: the bound (smaller in the test that it holds). */
export function workspaceMembers(db: Db, maxKept = MAX_KEPT): WorkspaceMembers {
  const kept = new Lru<string, Members>({ name: 'workspace members', maxEntries: maxKept })
  // Counts forgets: a read begun before one is not kept.
  let forgets = 0
  const forget = (workspaceId: string | null | undefined) => {
    forgets++
    if (workspaceId) kept.delete(workspaceId)
  }
  return {
    async of(workspaceIds) {
      const out = new Map<string, Members>()
      const missing: string[] = []
      for (const id of new Set(workspaceIds)) {
        const members = kept.get(id)
        if (members) out.set(id, members)
        else missing.push(id)
      }
      if (missing.length === 0) return out
      const began = forgets
      const rows = await db
        .select({
          workspace_id: workspaceAccess.workspace_id,
          user_id: workspaceAccess.user_id,
          role: workspaceAccess.role,
        })
        .from(workspaceAccess)
        .where(inArray(workspaceAccess.workspace_id, missing))
      for (const id of missing) out.set(id, new Map())
      for (const r of rows) if (r.user_id) out.get(r.workspace_id)?.set(r.user_id, r.role as Role)
      if (began === forgets) for (const id of missing) kept.set(id, out.get(id)!)
      return out
    },
    hear(note) {
      if (note.entity === 'users') {
        forgets++
        kept.clear()
      } else if (note.entity === 'workspaces_access' || note.entity === 'membership')
        forget(note.workspace_id)
      else if (note.entity === 'workspaces') {
        forget(note.id)
        forget(note.workspace_id)
      }
    },
    forgetAll() {
      forgets++
      kept.clear()
    },
  }
}
