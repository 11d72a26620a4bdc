// Personal API tokens (issue 24, ADR 0019): only the sha256 of a token is kept; the token itself is
// shown once, when it is created. A revoked token keeps its row (revoked_at) so the next request with
// it is told it was revoked; it goes with its user.
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

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
