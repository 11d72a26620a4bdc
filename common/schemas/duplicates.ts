// Request bodies of the duplicate check (ADR 0109).
import { z } from 'zod'
import type { ErrorCode } from '../error-codes.ts'
import { MAX_ICONS_PER_BATCH } from '../icon-limits.ts'
import { messages } from '../messages.ts'
import { requiredId } from './fields.ts'
import { ICONS_REQUIRED, TOO_MANY_ICONS } from './icons.ts'

/**
 * POST /api/icons/check-duplicates: drawings not stored yet (an import's files, the maker's drawing,
 * a replacement), each checked against the project's icons; `exclude_id`: an icon not to compare
 * with (the one a replacement is for).
 */
export const checkDuplicatesBody = z
  .strictObject({
    project_id: requiredId(messages.projectIdRequired),
    svgs: z
      .array(z.string({ error: 'SVG is required' }).min(1, { error: 'SVG is required' }), {
        error: ICONS_REQUIRED,
      })
      .min(1, { error: ICONS_REQUIRED })
      .max(MAX_ICONS_PER_BATCH, { error: TOO_MANY_ICONS }),
    exclude_id: z
      .uuid({ error: 'Invalid icon id' })
      .nullish()
      .transform((v) => v ?? null),
  })
  .meta({ id: 'CheckDuplicatesBody' })

/** GET /api/icons/duplicates?project_id=: a project's icons grouped by drawing. */
export const duplicateGroupsQuery = z.strictObject({ project_id: requiredId(messages.projectIdRequired) })

/**
 * One drawing's check: what it repeats, and the hash of its normalised drawing (equal hashes, the
 * same drawing; null when it cannot be drawn), or why the pipeline refused it.
 */
export type DuplicateCheck =
  | { duplicate_of: string | null; near_duplicate_of: string | null; drawing_hash: string | null }
  /** The pipeline refused the drawing (`invalid`, as /create would answer it; ADR 0030). */
  | { error: string; code: ErrorCode }

/** A project's duplicates: exact groups (the same drawing) and near groups (drawn nearly the same). */
export type DuplicateGroups = { exact: string[][]; near: string[][] }
