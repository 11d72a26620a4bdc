// Team workspaces, who may enter them (workspace_access) and pending e-mail invitations.
import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { versionColumn } from './sync.ts'

export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').default('').notNull(),
    /**
     * The owner: the user who created the workspace, or whom it passed to when the owner's account
     * was deleted (ADR 0012). Restrict: deleting a user never takes a team's workspace by cascade.
     */
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    credits_limit: integer('credits_limit').default(5000).notNull(),
    review_icons: boolean('review_icons').default(false).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    /** The scope's version of the row's last change (ADR 0303). */
    version: versionColumn(),
    /** Deleted, kept 30 days for a restore: nobody enters it meanwhile. */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    /** Who deleted it (null once their account is gone). */
    deleted_by: text('deleted_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [index('workspaces_user_id_idx').on(t.user_id)],
)

/** One row per person in a workspace; user_id is null until an invited e-mail signs up and accepts. */
export const workspaceAccess = pgTable(
  'workspaces_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    user_id: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** 'owner' | 'admin' | 'member' | 'viewer' */
    role: text('role').notNull(),
    email: text('email').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    /** The scope's version of the row's last change (ADR 0303). */
    version: versionColumn(),
  },
  (t) => [
    uniqueIndex('workspaces_access_workspace_email_uq').on(t.workspace_id, sql`lower(${t.email})`),
    index('workspaces_access_user_id_idx').on(t.user_id),
  ],
)

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** 'admin' | 'member' | 'viewer' */
    role: text('role').default('member').notNull(),
    invited_by: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    /** 'pending' | 'accepted' | 'declined' | 'canceled' (revoked, or its inviter lost the right) */
    status: text('status').default('pending').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    /** A pending invitation past this cannot be accepted (7 days; inviting again renews it). */
    expires_at: timestamp('expires_at', { withTimezone: true })
      .default(sql`now() + interval '7 days'`)
      .notNull(),
  },
  (t) => [
    uniqueIndex('invitations_pending_uq')
      .on(t.workspace_id, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index('invitations_email_idx').on(sql`lower(${t.email})`),
  ],
)
