// What GET /api/events (server-sent events) pushes to a browser: every change of a row the
// user may see. `event: change` carries a ChangeEvent as JSON; `event: ready` opens the
// stream (the client then re-fetches everything once, to cover what it missed offline);
// `event: pull` asks the same mid-stream: the server dropped events this stream had not read
// (ADR 0005: a stream's backlog is bounded) or may have missed some (its database blinked).
// `event: signed-out` ends a stream whose session ended (SignedOutEvent): the browser signs out
// at once and clears what it kept (ADR 0012).
import type { IconRow, ProjectRow, WorkspaceAccessRow, WorkspaceRow } from './rows.ts'

/**
 * On an icon's upsert made by an update based on an older revision: the version it replaced without
 * having seen it, so that version's author is told too (ADR 0408): whose it was (`user_id`), its
 * revision and name, and who replaced it (`by`: a name, else an e-mail).
 */
export type IconReplaced = { user_id: string; revision: number; name: string; by: string }

/**
 * A change of a synced row carries its scope (a workspace id or `user:<id>`) and the scope's version
 * after the change (ADR 0303): a version more than one past the client's cursor means it missed one.
 */
export type ChangeEvent = { scope?: string; version?: number } & (
  | { entity: 'workspaces'; op: 'upsert'; row: WorkspaceRow }
  /** `by`: who deleted it (a name, else an e-mail; ADR 0018). */
  /** `for_good`: purged (its owner's account went with nobody left in it), not kept for a restore. */
  | { entity: 'workspaces'; op: 'delete'; id: string; by?: string; for_good?: true }
  | { entity: 'workspaces_access'; op: 'upsert'; row: WorkspaceAccessRow }
  | { entity: 'workspaces_access'; op: 'delete'; id: string; workspace_id: string }
  | { entity: 'projects'; op: 'upsert'; row: ProjectRow }
  | { entity: 'projects'; op: 'delete'; id: string; by?: string }
  | { entity: 'icons'; op: 'upsert'; row: IconRow; replaced?: IconReplaced }
  | { entity: 'icons'; op: 'delete'; id: string }
  /** The user lost access to a workspace: drop everything of it from the browser. */
  | { entity: 'membership'; op: 'revoked'; workspace_id: string; by?: string }
  /** A new pending invitation for the user. */
  | { entity: 'invitations'; op: 'changed' }
)

/**
 * Why a session ended: its account was deleted, it was revoked (from another device, or all of the
 * user's sessions), it was signed out (another tab of the same browser), or it ended otherwise
 * (expired, or found gone).
 */
export const SESSION_END_REASONS = ['account-deleted', 'revoked', 'signed-out', 'ended'] as const
export type SessionEndReason = (typeof SESSION_END_REASONS)[number]

/** The data of `event: signed-out`, the last event of a stream whose session ended. */
export type SignedOutEvent = { reason: SessionEndReason }
