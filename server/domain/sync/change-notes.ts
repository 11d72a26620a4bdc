// What a change note says (ADR 0005, 0303): the few fields that travel through NOTIFY from the
// transaction that wrote to every server process, which turns them into `change` events
// (note-events.ts, events/events.ts). Domain code hands them to its write (write-in-scope.ts), which
// stamps them with their scope's version and publishes them inside the transaction.
import type { IconReplaced, SessionEndReason } from '../../../common/schemas/events.ts'

/** The scope (a workspace id or `user:<id>`) and its version after the change (ADR 0303). */
export type Versioned = { scope?: string; version?: number }

/** What travels through NOTIFY (kept far below its 8000-byte limit: ids only). */
export type ChangeNote = Versioned &
  (
    | {
        entity: 'workspaces' | 'projects' | 'icons' | 'workspaces_access'
        op: 'upsert'
        id: string
        workspace_id: string | null
        owner_id?: string
        /** An icon update replaced this version without having seen it: its author is told. */
        replaced?: IconReplaced
      }
    | {
        entity: 'workspaces' | 'projects' | 'icons' | 'workspaces_access'
        op: 'delete'
        id: string
        workspace_id: string | null
        owner_id?: string
        /** Who must hear of it when the workspace's access rows are gone too. */
        audience?: string[]
        /** Who deleted it (a name, else an e-mail): members are told by whom (ADR 0018). */
        by?: string
        /** Gone for good, not into "Recently deleted" (a workspace purged): nobody can restore it. */
        for_good?: true
      }
    /** Many icons created at once (POST /api/icons/create-many); see iconNotes for the size. */
    | {
        entity: 'icons'
        op: 'upsert-many'
        ids: string[]
        workspace_id: string | null
        owner_id?: string
        /** The session that made the change holds the answer already: its streams are skipped. */
        except_session?: string
      }
    | { entity: 'membership'; op: 'revoked'; workspace_id: string; audience: string[]; by?: string }
    | { entity: 'invitations'; op: 'changed'; email: string }
    /** Sessions ended through better-auth (sign-out, revoke, delete-user): their streams end, saying why. */
    | { entity: 'sessions'; op: 'ended'; ids: string[]; reason?: SessionEndReason }
    /** A user's row changed or went (a database trigger, migration 0004): cached sessions of theirs go. */
    | { entity: 'users'; op: 'changed'; ids: string[] }
    /** An API token was revoked, changed or deleted (a database trigger, migration 0014). */
    | { entity: 'api_tokens'; op: 'changed'; ids: string[] }
    /** A user chose (or lost) the project an Iconify prefix answers (a database trigger, migration 0016). */
    | { entity: 'iconify_pins'; op: 'changed'; ids: string[] }
  )

/** Ids per upsert-many note: 150 uuids are about 6 kB of JSON, under NOTIFY's 8000 bytes. */
const IDS_PER_NOTE = 150

/** The notes announcing icons created together in one workspace (or one owner's personal project). */
export function iconNotes(
  ids: readonly string[],
  workspaceId: string | null,
  ownerId?: string,
  exceptSession?: string,
  versioned: Versioned = {},
): ChangeNote[] {
  const notes: ChangeNote[] = []
  for (let i = 0; i < ids.length; i += IDS_PER_NOTE) {
    const chunk = ids.slice(i, i + IDS_PER_NOTE)
    notes.push({
      entity: 'icons',
      op: 'upsert-many',
      ids: chunk,
      workspace_id: workspaceId,
      owner_id: ownerId,
      except_session: exceptSession,
      ...versioned,
    })
  }
  return notes
}
