// The scopes of incremental sync (ADR 0303): a workspace's id, or `user:<id>` (personal). Each has a
// change version; the one write path (write-in-scope.ts) bumps it, stamps rows with it and leaves
// tombstones; pulls (sync.ts) read by it.
import type { Scope } from '../access.ts'

export type SyncEntity = 'workspaces' | 'projects' | 'icons' | 'workspaces_access'

/**
 * The scope of a row: its workspace, else its owner's personal space. A personal row always has its
 * owner (projects_personal_has_owner); only a workspace's rows may have lost their creator.
 */
export function scopeKey(workspaceId: string | null, ownerId: string | null): string {
  if (workspaceId) return workspaceId
  if (!ownerId) throw new Error('A personal row without its owner')
  return `user:${ownerId}`
}

/** The scope key of a resolved access scope (access.ts). */
export const scopeOf = (scope: Scope): string =>
  scope.kind === 'personal' ? scopeKey(null, scope.ownerId) : scope.workspace.id
