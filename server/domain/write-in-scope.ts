// The one write path of the domain (ADR 0303, 0309). Every change of a synced row (workspaces,
// their people, projects, icons) and every change note goes through `writeInScope`:
//   1. it opens the transaction and bumps the version of every scope the write touches, in sorted
//      order (the counter rows' locks order the writers of a scope, and no two writers deadlock);
//   2. the callback writes, stamping each row with `version(scope)`, leaving tombstones for rows
//      that leave a scope (`tombstone`) and handing over the notes that announce it (`announce`);
//   3. the notes are published inside the transaction, stamped with their scope's version: Postgres
//      delivers them on commit, or not at all.
// A write that changes no synced row but must be heard (an invitation's status, a deleted workspace)
// passes no scope: its notes carry no version. Nothing else in server/domain may bump a scope or
// publish a note (scripts/check-boundaries.ts fails the lint). Writes of unsynced tables (the credit
// ledger, subscriptions, pruning tombstones) stay plain transactions: nobody is told of them.
import { eq, sql } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { syncScopes, syncTombstones } from '../db/schema/index.ts'
import type { ChangeNote } from './change-notes.ts'
import type { Deps } from './deps.ts'
import type { SyncEntity } from './sync-scopes.ts'

/** A write in progress: its transaction and what it may do there. */
export type ScopeWrite<R = unknown> = {
  /** The transaction: every statement of the write runs in it. */
  tx: Tx
  /** The version this write gives `scope` (one it was opened with): every row it writes there carries it. */
  version(scope: string): number
  /** Rows that left `scope` (deleted, or moved to another scope), kept for pulls at its version. */
  tombstone(scope: string, entity: SyncEntity, ids: readonly string[]): Promise<void>
  /** Forgets a scope that is gone (a deleted workspace): its counter and tombstones. */
  forgetScope(scope: string): Promise<void>
  /**
   * Announces changes on commit. A note naming one of the write's scopes (`scope`) carries that
   * scope's version; a note naming none carries none (it is no row of a scope).
   */
  announce(...notes: ChangeNote[]): void
  /**
   * Nothing to write after all: everything rolls back (the versions too) and the write answers
   * `value`, of the type its caller names (`writeInScope<Written, RolledBack>`).
   */
  rollBack(value: R): never
}

/** Thrown by rollBack, caught by writeInScope. */
class RolledBack {
  readonly value: unknown
  constructor(value: unknown) {
    this.value = value
  }
}

/**
 * Runs `write` in one transaction at the next version of each of `scopes` (see above); answers what
 * it answers, or what it rolled back with (`R`: none unless named).
 */
export async function writeInScope<T, R = never>(
  deps: Pick<Deps, 'db' | 'events'>,
  scopes: Iterable<string>,
  write: (w: ScopeWrite<R>) => Promise<T>,
): Promise<T | R> {
  try {
    return await deps.db.transaction(async (tx) => {
      const versions = new Map<string, number>()
      for (const scope of [...new Set(scopes)].sort()) versions.set(scope, await bumpScope(tx, scope))
      const version = (scope: string) => {
        const at = versions.get(scope)
        if (at === undefined) throw new Error(`This write did not open scope ${scope}`)
        return at
      }
      const notes: ChangeNote[] = []
      const result = await write({
        tx,
        version,
        tombstone: (scope, entity, ids) => addTombstones(tx, scope, entity, ids, version(scope)),
        forgetScope: (scope) => dropScope(tx, scope),
        announce: (...more) => {
          for (const note of more)
            notes.push(note.scope === undefined ? note : { ...note, version: version(note.scope) })
        },
        rollBack: (value) => {
          throw new RolledBack(value)
        },
      })
      // Every change of this write is named here, stamped with its version, before it is published:
      // where per-icon history (issue 22) records the icons' new versions, in this same transaction.
      for (const note of notes) await deps.events.publish(note, tx)
      return result
    })
  } catch (error) {
    if (error instanceof RolledBack) return error.value as R
    throw error
  }
}

/** Bumps one scope's version inside `tx` and returns it (holds the scope's row lock until commit). */
async function bumpScope(tx: Tx, scope: string): Promise<number> {
  const [row] = await tx
    .insert(syncScopes)
    .values({ scope, version: 1 })
    .onConflictDoUpdate({ target: syncScopes.scope, set: { version: sql`${syncScopes.version} + 1` } })
    .returning({ version: syncScopes.version })
  return Number(row!.version)
}

/** Records that rows left a scope (deleted, or moved elsewhere) at `version`. */
async function addTombstones(
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
async function dropScope(tx: Tx, scope: string): Promise<void> {
  await tx.delete(syncTombstones).where(eq(syncTombstones.scope, scope))
  await tx.delete(syncScopes).where(eq(syncScopes.scope, scope))
}
