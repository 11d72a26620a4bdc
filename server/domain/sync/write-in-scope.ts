// The one write path of the domain (ADR 0303, 0309). Every change of a synced row (workspaces,
// their people, projects, icons) and every change note goes through `writeInScope`:
//   1. it opens the transaction and bumps the version of every scope the write touches, in sorted
//      order (the counter rows' locks order the writers of a scope, and no two writers deadlock);
//   2. the callback writes, stamping each row with `version(scope)`, leaving tombstones for rows
//      that leave a scope (`tombstone`) and handing over the notes that announce it (`announce`);
//   3. the notes are published inside the transaction, stamped with their scope's version: Postgres
//      delivers them on commit, or not at all.
// Every icon version (ADR 0015) is recorded here too: the write names the icons it changed
// and how (`record`), and writeInScope copies their rows as they are at the end of the write into
// icon_versions in ONE INSERT … SELECT before the notes go out (a create of 500 icons is one
// statement). The write bumps each recorded icon's `revision` itself (a create stores 1), so the
// newest version always equals the icon's revision.
// A write that changes no synced row but must be heard (an invitation's status, a deleted workspace)
// passes no scope: its notes carry no version. Nothing else in server/domain may bump a scope or
// publish a note (scripts/check-boundaries.ts fails the lint). Writes of unsynced tables (the credit
// ledger, subscriptions, pruning tombstones) stay plain transactions: nobody is told of them.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { IconChange } from '../../../common/schemas/rows.ts'
import type { Tx } from '../../db/client.ts'
import { icons, iconVersions, syncScopes, syncTombstones } from '../../db/schema/index.ts'
import type { Deps } from '../deps.ts'
import type { ChangeNote } from './change-notes.ts'
import type { SyncEntity } from './sync-scopes.ts'

/** A write in progress: its transaction and what it may do there. */
export type ScopeWrite<R = unknown> = {
  /** The transaction: every statement of the write runs in it. */
  tx: Tx
  /** The version this write gives `scope` (one it was opened with): every row it writes there carries it. */
  version(scope: string): number
  /** Rows that left `scope` (deleted, or moved to another scope), kept for pulls at its version. */
  tombstone(scope: string, entity: SyncEntity, ids: readonly string[]): Promise<void>
  /**
   * Rows back in `scope` (an undeleted icon): their tombstones go, so a pull from any cursor ends
   * with the row (the row's new version brings it).
   */
  untombstone(scope: string, entity: SyncEntity, ids: readonly string[]): Promise<void>
  /**
   * Icons this write changed in a way history keeps (name, markup, status, created, moved, restored,
   * replaced, undeleted), by `by`: recorded as new versions at their revision after the write (the
   * write bumps it). Recorded once, at the end of the write, in one statement.
   */
  record(by: string | null, changes: readonly { id: string; change: IconChange }[]): void
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
      // In sorted order (sent in order, answered together: ADR 0424), so no two writers deadlock.
      const sorted = [...new Set(scopes)].sort()
      const bumped = await Promise.all(sorted.map((scope) => bumpScope(tx, scope)))
      const versions = new Map(sorted.map((scope, at) => [scope, bumped[at]!]))
      const version = (scope: string) => {
        const at = versions.get(scope)
        if (at === undefined) throw new Error(`This write did not open scope ${scope}`)
        return at
      }
      const notes: ChangeNote[] = []
      const recorded = new Map<string, { id: string; user_id: string | null; change: IconChange }>()
      const result = await write({
        tx,
        version,
        tombstone: (scope, entity, ids) => addTombstones(tx, scope, entity, ids, version(scope)),
        untombstone: (scope, entity, ids) => dropTombstones(tx, scope, entity, ids),
        record: (by, changes) => {
          for (const { id, change } of changes) recorded.set(id, { id, user_id: by, change })
        },
        forgetScope: (scope) => dropScope(tx, scope),
        announce: (...more) => {
          for (const note of more)
            notes.push(note.scope === undefined ? note : { ...note, version: version(note.scope) })
        },
        rollBack: (value) => {
          throw new RolledBack(value)
        },
      })
      // Every change of this write is named here, stamped with its version, before it is published;
      // the icons' new versions are recorded first, in this same transaction (ADR 0015).
      await Promise.all([recordVersions(tx, [...recorded.values()]), deps.events.publish(notes, tx)])
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

/** Rows back in a scope: their tombstones go. */
async function dropTombstones(tx: Tx, scope: string, entity: SyncEntity, ids: readonly string[]) {
  if (!ids.length) return
  await tx
    .delete(syncTombstones)
    .where(
      and(
        eq(syncTombstones.scope, scope),
        eq(syncTombstones.entity, entity),
        inArray(syncTombstones.id, [...ids]),
      ),
    )
}

/**
 * The recorded icons' rows as they are now, copied into icon_versions with who and what changed:
 * one INSERT … SELECT for the whole write (the changes travel as one JSON parameter).
 */
async function recordVersions(
  tx: Tx,
  changes: { id: string; user_id: string | null; change: IconChange }[],
): Promise<void> {
  if (!changes.length) return
  const c = sql`jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as c(id uuid, user_id text, change jsonb)`
  await tx.execute(sql`
    insert into ${iconVersions} (icon_id, revision, project_id, name, svg, icon_status, user_id, change)
    select i.id, i.revision, i.project_id, i.name, i.svg, i.icon_status, c.user_id, c.change
    from ${c} join ${icons} i on i.id = c.id`)
}

/** Forgets a scope that is gone (a deleted workspace): its counter and tombstones. */
async function dropScope(tx: Tx, scope: string): Promise<void> {
  await tx.delete(syncTombstones).where(eq(syncTombstones.scope, scope))
  await tx.delete(syncScopes).where(eq(syncScopes.scope, scope))
}
