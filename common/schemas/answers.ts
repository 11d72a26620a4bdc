// The answers a program outside the browser reads (the CLI, ADR 0020), as zod schemas checked by the
// compiler against the one type of each shape (rows.ts, icons.ts, duplicates.ts, icon-changes.ts): a
// server that answers anything else is told apart from a server that answers as documented, instead
// of being misread. Unknown fields are dropped (a newer server may add some).
import { z } from 'zod'
import { ERROR_CODE_LIST, isErrorCode } from '../error-codes.ts'
import type { DuplicateCheck } from './duplicates.ts'
import type { IconChanges } from './icon-changes.ts'
import type { CreateIconsResult } from './icons.ts'
import { ALIAS_REASONS, ICON_STATUSES, type IconAlias, type IconRow } from './rows.ts'

/**
 * Every error answer: `{ error, code }` (ADR 0004). A code outside the closed list (a newer server's)
 * reads as none: the message is still shown.
 */
export const errorAnswer = z.object({
  error: z.string(),
  code: z
    .string()
    .optional()
    .transform((code) => (isErrorCode(code) ? code : undefined)),
})

const iconAlias: z.ZodType<IconAlias> = z.object({
  name: z.string(),
  deprecated: z.boolean(),
  reason: z.enum(ALIAS_REASONS).nullable(),
  remove_in: z.string().nullable(),
  created_at: z.string(),
})

export const iconRowAnswer: z.ZodType<IconRow> = z.object({
  id: z.string(),
  name: z.string(),
  svg: z.string(),
  user_id: z.string().nullable(),
  origin_icon_id: z.string().nullable(),
  project_id: z.string(),
  workspace_id: z.string().nullable(),
  icon_status: z.enum(ICON_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  revision: z.number(),
  aliases: z.array(iconAlias),
  label: z.string(),
  description: z.string(),
  decorative: z.boolean(),
  tags: z.array(z.string()),
  // The review gate's (ADR 0112); a server from before it sends neither.
  approved_revision: z.number().nullable().default(null),
  review_comment: z.string().default(''),
  version: z.number().optional(),
})

/** GET /api/icons: a project's icons. */
export const iconRowsAnswer = z.array(iconRowAnswer)

/** GET /api/icons/changes. */
export const iconChangesAnswer: z.ZodType<IconChanges> = z.object({
  cursor: z.string(),
  changed: z.array(iconRowAnswer),
  removed: z.array(z.string()),
  more: z.boolean(),
})

/** GET /api/projects, as far as a caller that looks for a project's name reads it. */
export const projectNamesAnswer = z.array(z.object({ id: z.string(), name: z.string() }))

const itemError = { error: z.string(), code: z.enum(ERROR_CODE_LIST) }

/** POST /api/icons/create-many: `{ results }`, one per icon sent, in order. */
export const createIconsAnswer: z.ZodType<{ results: CreateIconsResult[] }> = z.object({
  results: z.array(
    z.union([
      z.object({
        id: z.string(),
        data: iconRowAnswer,
        duplicate_of: z.string().nullish(),
        near_duplicate_of: z.string().nullish(),
      }),
      z.object({
        id: z.string().nullable(),
        status: z.union([z.literal(400), z.literal(409)]),
        ...itemError,
      }),
    ]),
  ),
})

/** POST /api/icons/check-duplicates: `{ results }`, one per drawing sent, in order. */
export const duplicateChecksAnswer: z.ZodType<{ results: DuplicateCheck[] }> = z.object({
  results: z.array(
    z.union([
      z.object({
        duplicate_of: z.string().nullable(),
        near_duplicate_of: z.string().nullable(),
        drawing_hash: z.string().nullable(),
      }),
      z.object(itemError),
    ]),
  ),
})
