// Projects (personal when workspace_id is null) and the icons kept in them.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
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
import type { IconAlias } from '../../../common/schemas/rows.ts'
import { user } from './auth.ts'
import { versionColumn } from './sync.ts'
import { workspaces } from './workspaces.ts'

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').default('').notNull(),
    workspace_id: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    /**
     * The creator; the owner of a personal project. A workspace project outlives its creator's
     * account (null: a former member); personal projects go with the account (ADR 0012).
     */
    user_id: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    /** The scope's version of the row's last change (ADR 0303). */
    version: versionColumn(),
    /** Bumped by a trigger on every change of the project's icons, by any writer (icon-list-cache.ts). */
    list_version: bigint('list_version', { mode: 'number' }).default(0).notNull(),
    /** Its icons and their markup's bytes, kept by the same trigger in the writing transaction (ADR 0113). */
    icon_count: bigint('icon_count', { mode: 'number' }).default(0).notNull(),
    svg_bytes: bigint('svg_bytes', { mode: 'number' }).default(0).notNull(),
    /** Deleted, kept 30 days for a restore: hidden from every read but "Recently deleted". */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    /** Who deleted it (null once their account is gone). */
    deleted_by: text('deleted_by').references(() => user.id, { onDelete: 'set null' }),
    /**
     * The project's Iconify prefix: derived from its name, editable, unique among the live
     * projects of its workspace (or of its owner, for personal projects). Inserted blank, a trigger
     * derives it from the name (drizzle/0011_iconify_prefix.sql), so every writer gets one.
     */
    iconify_prefix: text('iconify_prefix').default('').notNull(),
  },
  (t) => [
    uniqueIndex('projects_iconify_prefix_unique')
      .on(sql`coalesce(${t.workspace_id}::text, ${t.user_id})`, t.iconify_prefix)
      .where(sql`${t.deleted_at} is null`),
    index('projects_workspace_id_idx').on(t.workspace_id),
    index('projects_user_id_idx').on(t.user_id),
    // A personal project always has its owner (the account's deletion removes them first).
    check('projects_personal_has_owner', sql`${t.workspace_id} is not null or ${t.user_id} is not null`),
  ],
)

export const icons = pgTable(
  'icons',
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
    /** 'needs-review' | 'approved' */
    icon_status: text('icon_status').default('approved').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    /** The scope's version of the row's last change (ADR 0303). */
    version: versionColumn(),
    /** The icon's own version: 1 when created, one more for every recorded change (icon_versions). */
    revision: integer('revision').default(1).notNull(),
    /** Its former names, kept so code using them does not break (stable names). */
    aliases: jsonb('aliases').$type<IconAlias[]>().default([]).notNull(),
    /** What the icon means, for assistive technology; '' when not given. */
    label: text('label').default('').notNull(),
    /** A longer description; '' when not given. */
    description: text('description').default('').notNull(),
    /** Decorative icons are hidden from assistive technology in every output. */
    decorative: boolean('decorative').default(false).notNull(),
    /** Search words. */
    tags: jsonb('tags').$type<string[]>().default([]).notNull(),
    /** Hash of the normalised drawing: equal drawings are duplicates; null until computed. */
    drawing_hash: text('drawing_hash'),
    /** A small raster fingerprint: near-equal ones are near-duplicates; null until computed. */
    fingerprint: text('fingerprint'),
    // The review gate (ADR 0112). A trigger (drizzle/0019_review_gate.sql) keeps these three for
    // every writer: approved_revision follows the revision while the icon is approved, review_since
    // is set when it enters needs-review, review_comment clears when the drawing changes.
    /** The last revision at which the icon stood approved (what a reviewer diffs against); null: never. */
    approved_revision: integer('approved_revision'),
    /** The reviewer's comment of the last rejection; '' when none or once the drawing changed. */
    review_comment: text('review_comment').default('').notNull(),
    /** When it last entered needs-review (the review queue's order); null while approved. Not synced. */
    review_since: timestamp('review_since', { withTimezone: true }),
    /**
     * The project and drawing hash the near-duplicate index (icon_prints, icon_near_links; ADR 0113)
     * was made for: when they differ from project_id and drawing_hash, the icon is indexed again.
     */
    near_project: uuid('near_project'),
    near_hash: text('near_hash'),
    /**
     * The name's key in the grid's name order (common/name-order.ts's nameKey), made by the database
     * from the name on every write (`icon_name_key`, drizzle/0023_name_key.sql): null for a name
     * outside the key's alphabet. A large project's first screen is a short read of its index (ADR 0419).
     */
    name_key: text('name_key').generatedAlwaysAs(sql`icon_name_key(name)`),
  },
  // The vault lists a project's icons by (created_at, id): one index serves the filter, the order and
  // the keyset of its pages.
  (t) => [
    index('icons_project_id_created_at_id_idx').on(t.project_id, t.created_at, t.id),
    index('icons_workspace_id_idx').on(t.workspace_id),
    // A pull reads a scope's changes since a version (ADR 0303).
    index('icons_workspace_id_version_idx').on(t.workspace_id, t.version),
    // Personal-scope pulls (ADR 0303): the icons of the user's projects by version.
    index('icons_project_id_version_idx').on(t.project_id, t.version),
    // Exact duplicates within a project.
    index('icons_project_id_drawing_hash_idx').on(t.project_id, t.drawing_hash),
    // The review queue (ADR 0112): a workspace's waiting icons, oldest waiting first.
    index('icons_review_queue_idx')
      .on(t.workspace_id, t.review_since, t.id)
      .where(sql`${t.icon_status} = 'needs-review'`),
    // The icons a project's duplicate index lacks (unmeasured, new, replaced or moved: ADR 0113).
    index('icons_project_id_unindexed_idx')
      .on(t.project_id)
      .where(
        sql`${t.drawing_hash} is null or ${t.fingerprint} is null or ${t.near_hash} is distinct from ${t.drawing_hash} or ${t.near_project} is distinct from ${t.project_id}`,
      ),
    // The few icons with aliases, read by the name checks of every create (icon-aliases.ts).
    index('icons_project_id_aliased_idx').on(t.project_id).where(sql`${t.aliases} <> '[]'::jsonb`),
    // A project's first screen (ADR 0419): its names in the key's plain string order (byte order,
    // which is JavaScript's for the key's characters), ties by id; names without a key are the nulls.
    index('icons_project_id_name_key_idx').on(t.project_id, sql`${t.name_key} collate "C"`, t.id),
  ],
)

/**
 * Each icon's code point in its project's icon font, kept for good once a font export gave it one
 * (ADR 0105): never changed while the project lives, so deleting, restoring or moving other icons
 * moves no glyph. No foreign key to icons: a deleted (or moved) icon keeps its point reserved, and
 * finds it again when it comes back. Goes with the project.
 */
export const iconCodePoints = pgTable(
  'icon_code_points',
  {
    project_id: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    icon_id: uuid('icon_id').notNull(),
    code_point: integer('code_point').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.project_id, t.icon_id] }),
    uniqueIndex('icon_code_points_project_id_code_point_idx').on(t.project_id, t.code_point),
  ],
)
