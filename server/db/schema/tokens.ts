// Personal API tokens (ADR 0019): only the sha256 of a token is kept; the token itself is
// shown once, when it is created. A revoked token keeps its row (revoked_at) so the next request with
// it is told it was revoked; it goes with its user. Iconify pins: which project answers a prefix for
// a user's tokens (ADR 0021).
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { projects } from './vault.ts'

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey(),
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'read' (GET and HEAD only) or 'write'. */
    scope: text('scope').notNull(),
    /** The projects it may reach; null: every project of its user. */
    project_ids: jsonb('project_ids').$type<string[]>(),
    /** sha256 of the token, hex. */
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    /** Updated at most once a minute. */
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.user_id)],
)

/**
 * Which project answers an Iconify prefix for a user's tokens (ADR 0021): recorded the first time the
 * prefix answers (chosen false), or chosen by the user in Account → Tokens (chosen true). A project
 * that later takes the same prefix never displaces it; a pin to a project the user no longer sees
 * under that prefix is replaced at the next resolution.
 */
export const iconifyPins = pgTable(
  'iconify_pins',
  {
    user_id: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    chosen: boolean('chosen').default(false).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.prefix] }), index('iconify_pins_project_idx').on(t.project_id)],
)
