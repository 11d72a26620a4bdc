// Request bodies of /api/icons/* (docs/product.md §API), with its validation messages (§Validation).
import { z } from 'zod'
import { MAX_ICONS_PER_BATCH, MAX_ICONS_PER_MOVE } from '../icon-limits.ts'
import { messages } from '../messages.ts'
import { requiredId, requiredText } from './fields.ts'
import { ICON_STATUSES, type IconRow, type IconStatus } from './rows.ts'

export type { IconStatus }

const iconId = requiredId(messages.iconIdRequired)
const iconStatus = z.enum(ICON_STATUSES, { error: 'Status must be needs-review or approved' })

export const listIconsQuery = z.strictObject({ project_id: requiredId(messages.projectIdRequired) })

export const createIconBody = z.strictObject({
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
})

export const updateIconBody = z.strictObject({
  id: iconId,
  name: requiredText(messages.iconNameRequired),
  icon_status: iconStatus.optional(),
})

export const deleteIconBody = z.strictObject({ id: iconId })

export { MAX_ICONS_PER_BATCH } from '../icon-limits.ts'
export const ICONS_REQUIRED = 'Icons are required'
export const TOO_MANY_ICONS = `At most ${MAX_ICONS_PER_BATCH} icons at once`

/**
 * POST /api/icons/create-many: many creates at once (a drop of files). Only the envelope is
 * checked here; each item is checked with createIconBody on its own, so that one bad icon is
 * refused alone (docs/decisions/0401-batched-icon-sync.md).
 */
export const createIconsBody = z.strictObject({
  icons: z
    .array(z.unknown(), { error: ICONS_REQUIRED })
    .min(1, { error: ICONS_REQUIRED })
    .max(MAX_ICONS_PER_BATCH, { error: TOO_MANY_ICONS }),
})

/** POST /api/icons/move: icons (by id) into another project; they keep their ids, authors and dates. */
export const moveIconsBody = z.strictObject({
  ids: z
    .array(iconId, { error: ICONS_REQUIRED })
    .min(1, { error: ICONS_REQUIRED })
    .max(MAX_ICONS_PER_MOVE, { error: `At most ${MAX_ICONS_PER_MOVE} icons at once` }),
  project_id: requiredId(messages.projectIdRequired),
})

/**
 * One icon's outcome in the answer of /create-many (`{ data: { results } }`, in the order sent):
 * the stored icon, as /create answers it, or why this icon alone was refused.
 */
export type CreateIconsResult =
  | { id: string; data: IconRow }
  | { id: string | null; status: 400 | 409; error: string }
