// What is kept so nothing is lost: every recorded version of an icon, the icons deleted
// in the last 30 days, and a project's releases with the exact set they shipped.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { IconAlias, IconChange, ReleaseChanges, ReleasedIcon } from '../../../common/schemas/rows.ts'
import { user } from './auth.ts'
import { projects } from './vault.ts'
import { workspaces } from './workspaces.ts'

/**
 * One row per version of an icon (its `revision`): the whole state a restore brings back. No
 * foreign key to icons: the history outlives a delete (the icon waits in deleted_icons) and goes
 * when the icon is purged.
 */
export const iconVersions = pgTable(
  'icon_versions',
  {
    icon_id: uuid('icon_id').notNull(),
    revision: integer('revision').notNull(),
    project_id: uuid('project_id').notNull(),
    name: text('name').notNull(),
    svg: text('svg').notNull(),
    icon_status: text('icon_status').notNull(),
    /** Who made this version (null once their account is gone). */
    user_id: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    /** What this version changed, and how (created, edited, restored, replaced, undeleted). */
    change: jsonb('change').$type<IconChange>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.icon_id, t.revision] })],
)

/**
 * Icons deleted in the last 30 days, as they were (same columns as icons), restorable with their id,
 * name and history. `with_project`: deleted together with their project, and restored with it.
 */
export const deletedIcons = pgTable(
  'deleted_icons',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    svg: text('svg').notNull(),
    user_id: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    origin_icon_id: uuid('origin_icon_id'),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    workspace_id: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    icon_status: text('icon_status').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
    revision: integer('revision').notNull(),
    aliases: jsonb('aliases').$type<IconAlias[]>().default([]).notNull(),
    // What the icon means and its duplicate measures, kept so a restore loses none of it.
    label: text('label').default('').notNull(),
    description: text('description').default('').notNull(),
    decorative: boolean('decorative').default(false).notNull(),
    tags: jsonb('tags').$type<string[]>().default([]).notNull(),
    drawing_hash: text('drawing_hash'),
    fingerprint: text('fingerprint'),
    // The review gate's (ADR 0112), kept so a restore brings back what was approved and said.
    approved_revision: integer('approved_revision'),
    review_comment: text('review_comment').default('').notNull(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }).defaultNow().notNull(),
    deleted_by: text('deleted_by').references(() => user.id, { onDelete: 'set null' }),
    with_project: uuid('with_project'),
  },
  (t) => [
    index('deleted_icons_project_id_deleted_at_idx').on(t.project_id, t.deleted_at),
    index('deleted_icons_deleted_at_idx').on(t.deleted_at),
  ],
)

/** A release of a project: its version, notes, the exact set it shipped and its changelog. */
export const projectReleases = pgTable(
  'project_releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** A semantic version, e.g. 1.2.0. */
    version: text('version').notNull(),
    notes: text('notes').default('').notNull(),
    user_id: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    /** The exact set: every icon with its name, markup, hash and aliases, in export order. */
    icons: jsonb('icons').$type<ReleasedIcon[]>().notNull(),
    changes: jsonb('changes').$type<ReleaseChanges>().notNull(),
  },
  (t) => [uniqueIndex('project_releases_project_id_version_idx').on(t.project_id, t.version)],
)
