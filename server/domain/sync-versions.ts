// Change versions per scope (ADR 0303). Every writing transaction bumps the counter of each scope it
// changes (the counter row's lock orders the writers of one scope, so versions commit in order and a
// reader never skips one), stamps the rows it writes with that version and leaves tombstones for the
// rows it deletes or moves out of a scope. Scopes: a workspace's id, or `user:<id>` (personal).
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { syncScopes, syncTombstones } from '../db/schema/index.ts'
import type { Scope } from './access.ts'

/** A transaction (or the database itself, where one statement is the transaction). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

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
  scope.kind === 'personal' ? `user:${scope.ownerId}` : scope.workspace.id

/** Bumps one scope's version inside `tx` and returns it (holds the scope's row lock until commit). */
export async function bumpScope(tx: Tx, scope: string): Promise<number> {
  const [row] = await tx
    .insert(syncScopes)
    .values({ scope, version: 1 })
    .onConflictDoUpdate({ target: syncScopes.scope, set: { version: sql`${syncScopes.version} + 1` } })
    .returning({ version: syncScopes.version })
  return Number(row!.version)
}

/** Bumps several scopes in one fixed order (no deadlock between two writers of the same scopes). */
export async function bumpScopes(tx: Tx, scopes: Iterable<string>): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  for (const scope of [...new Set(scopes)].sort()) out.set(scope, await bumpScope(tx, scope))
  return out
}

/** Records that rows left a scope (deleted, or moved elsewhere) at `version`. */
export async function addTombstones(
  tx: Tx,
  scope: string,
  entity: SyncEntity,
  ids: readonly string[],
  version: number,
): Promise<void> {
  if (!ids.length) return
  await tx
    .insert(syncTombstones)
    .values(ids.map((id) => ({ scope, entity, id, version })))
    .onConflictDoUpdate({
      target: [syncTombstones.scope, syncTombstones.entity, syncTombstones.id],
      set: { version: sql`excluded.version`, deleted_at: sql`now()` },
    })
}

/** Forgets a scope that is gone (a deleted workspace): its counter and tombstones. */
export async function dropScope(tx: Tx, scope: string): Promise<void> {
  await tx.delete(syncTombstones).where(eq(syncTombstones.scope, scope))
  await tx.delete(syncScopes).where(eq(syncScopes.scope, scope))
}
