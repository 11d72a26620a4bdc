// Request bodies of /api/icons/* (docs/product.md §API), with its validation messages (§Validation).
import { z } from 'zod'
import type { ErrorCode } from '../error-codes.ts'
import { formatCount } from '../format-count.ts'
import {
  DEFAULT_FIRST_SCREEN,
  MAX_FIRST_SCREEN,
  MAX_ICONS_PER_BATCH,
  MAX_ICONS_PER_MOVE,
} from '../icon-limits.ts'
import { appMessages, messages } from '../messages.ts'
import { NAME_CLASH_CHOICES } from '../name-clashes.ts'
import { requiredId, requiredText } from './fields.ts'
import { iconMeaningFields } from './icon-meaning.ts'
import { ICON_STATUSES, type IconChange, type IconRow, type IconStatus } from './rows.ts'

export type { IconStatus }

const iconId = requiredId(messages.iconIdRequired)
const iconStatus = z.enum(ICON_STATUSES, { error: 'Status must be needs-review or approved' })

export const listIconsQuery = z.strictObject({ project_id: requiredId(messages.projectIdRequired) })

/** GET /api/icons/first: a project's first icons in the grid's name order (ADR 0419). */
export const firstIconsQuery = z.strictObject({
  project_id: requiredId(messages.projectIdRequired),
  limit: z.coerce
    .number({ error: appMessages.firstScreenLimitInvalid })
    .int({ error: appMessages.firstScreenLimitInvalid })
    .min(1, { error: appMessages.firstScreenLimitInvalid })
    .max(MAX_FIRST_SCREEN, { error: appMessages.firstScreenLimitInvalid })
    .default(DEFAULT_FIRST_SCREEN),
})

export const createIconBody = z
  .strictObject({
    id: iconId,
    name: requiredText(messages.iconNameRequired),
    svg: z.string({ error: 'SVG is required' }).min(1, { error: 'SVG is required' }),
    project_id: requiredId(messages.projectIdRequired),
    origin_icon_id: z
      .uuid({ error: 'Invalid origin icon id' })
      .nullish()
      .transform((v) => v ?? null),
    workspace_id: z
      .uuid({ error: 'Invalid workspace id' })
      .nullish()
      .transform((v) => v ?? null),
    /** A wish only: the server decides the status (docs/product.md §Review). */
    icon_status: iconStatus.nullish(),
    /** label, description, decorative, tags; none when absent. */
    ...iconMeaningFields,
  })
  .meta({ id: 'CreateIconBody' })

const revisionNumber = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(2_147_483_647, {
    error: message,
  })

export const updateIconBody = z
  .strictObject({
    id: iconId,
    name: requiredText(messages.iconNameRequired),
    icon_status: iconStatus.optional(),
    /**
     * The icon's revision the change was based on: older than the icon's revision, the
     * change still wins, but the answer names the version it replaced (`conflict`).
     */
    base_revision: revisionNumber(appMessages.baseRevisionInvalid).optional(),
    /** label, description, decorative, tags: each absent one stays as it is. */
    ...iconMeaningFields,
  })
  .meta({ id: 'UpdateIconBody' })

export const deleteIconBody = z.strictObject({ id: iconId }).meta({ id: 'DeleteIconBody' })

/** GET /api/icons/history?id=. */
export const iconHistoryQuery = z.strictObject({ id: iconId })

/** POST /api/icons/restore: bring back a version's name and markup as a new version. */
export const restoreIconBody = z
  .strictObject({
    id: iconId,
    version: revisionNumber(appMessages.versionRequired),
  })
  .meta({ id: 'RestoreIconBody' })

/** POST /api/icons/replace: a new drawing, through the create pipeline, keeping the icon's identity. */
export const replaceIconBody = z
  .strictObject({
    id: iconId,
    svg: z.string({ error: 'SVG is required' }).min(1, { error: 'SVG is required' }),
  })
  .meta({ id: 'ReplaceIconBody' })

/** GET /api/icons/deleted?project_id=: the project's recently deleted icons. */
export const deletedIconsQuery = z.strictObject({ project_id: requiredId(messages.projectIdRequired) })

/** POST /api/icons/undelete: an icon back from the recently deleted list. */
export const undeleteIconBody = z.strictObject({ id: iconId }).meta({ id: 'UndeleteIconBody' })

/** One version of an icon (GET /api/icons/history), newest first. */
export type IconVersionRow = {
  /** The icon's revision this version made. */
  version: number
  name: string
  /** The markup, served sanitised like an icon row's. */
  svg: string
  icon_status: IconStatus
  /** Who made it (null once their account is gone). */
  user_id: string | null
  created_at: string
  change: IconChange
}

/** An icon in a project's "Recently deleted" (GET /api/icons/deleted). */
export type DeletedIconRow = IconRow & { deleted_at: string; deleted_by: string | null }

/** What POST /api/icons/update answers when its base revision was older than the icon's. */
export type IconUpdateConflict = {
  /** The revision the change replaced without having seen it. */
  replaced_revision: number
  /** That version's name. */
  replaced_name: string
  /** Its author (null once their account is gone). */
  replaced_by: { id: string; name: string; email: string } | null
}

/** The answer of POST /api/icons/update. */
export type IconUpdateAnswer = { data: IconRow; conflict?: IconUpdateConflict }

export { MAX_ICONS_PER_BATCH } from '../icon-limits.ts'
export const ICONS_REQUIRED = 'Icons are required'
export const TOO_MANY_ICONS = `At most ${formatCount(MAX_ICONS_PER_BATCH)} icons at once`

/**
 * POST /api/icons/create-many: many creates at once (a drop of files). Only the envelope is
 * checked here; each item is checked with createIconBody on its own, so that one bad icon is
 * refused alone (docs/decisions/0401-batched-icon-sync.md).
 */
export const createIconsBody = z
  .strictObject({
    icons: z
      .array(z.unknown(), { error: ICONS_REQUIRED })
      .min(1, { error: ICONS_REQUIRED })
      .max(MAX_ICONS_PER_BATCH, { error: TOO_MANY_ICONS }),
  })
  .meta({ id: 'CreateIconsBody' })

/** POST /api/icons/move: icons (by id) into another project; they keep their ids, authors and dates. */
export const moveIconsBody = z
  .strictObject({
    ids: z
      .array(iconId, { error: ICONS_REQUIRED })
      .min(1, { error: ICONS_REQUIRED })
      .max(MAX_ICONS_PER_MOVE, { error: `At most ${formatCount(MAX_ICONS_PER_MOVE)} icons at once` }),
    project_id: requiredId(messages.projectIdRequired),
    /** Icons whose name the target holds: without it the move is refused (409 with `clashes`, ADR 0404). */
    on_name_clash: z
      .enum(NAME_CLASH_CHOICES, { error: 'on_name_clash must be rename, skip or keep_both' })
      .optional(),
  })
  .meta({ id: 'MoveIconsBody' })

/**
 * One icon's outcome in the answer of /create-many (`{ data: { results } }`, in the order sent):
 * the stored icon, as /create answers it, or why this icon alone was refused.
 */
export type CreateIconsResult =
  /** duplicate_of, near_duplicate_of: an icon of the project it repeats, exactly or nearly. */
  | { id: string; data: IconRow; duplicate_of?: string | null; near_duplicate_of?: string | null }
  /** Its own refusal, as /create would answer it: 400 `invalid`, 409 `id_taken` or `name_taken` (ADR 0030). */
  | { id: string | null; status: 400 | 409; error: string; code: ErrorCode }
