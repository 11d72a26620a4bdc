// Change versions per scope (ADR 0303): one counter row per workspace or personal space, bumped
// inside every writing transaction (its row lock orders the writers of a scope, so versions commit
// in order), and tombstones of deleted rows so a pull from a cursor sees them.
import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** `scope`: a workspace's id, or `user:<id>` for a user's personal space. */
export const syncScopes = pgTable('sync_scopes', {
  scope: text('scope').primaryKey(),
  /** The version of the scope's last committed change (0: none yet). */
  version: bigint('version', { mode: 'number' }).default(0).notNull(),
  /** Tombstones at or below this version are gone: a cursor older than it must list in full. */
  pruned_through: bigint('pruned_through', { mode: 'number' }).default(0).notNull(),
})

/** A deleted (or moved-away) row: what a pull from an older cursor must drop. */
export const syncTombstones = pgTable(
  'sync_tombstones',
  {
    scope: text('scope').notNull(),
    /** 'workspaces' | 'projects' | 'icons' | 'workspaces_access' */
    entity: text('entity').notNull(),
    id: text('id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.entity, t.id] }),
    index('sync_tombstones_scope_version_idx').on(t.scope, t.version),
  ],
)

export const versionColumn = () => bigint('version', { mode: 'number' }).default(sql`0`).notNull()
