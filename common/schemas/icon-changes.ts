// GET /api/icons/changes (ADR 0020): what changed in one project since a cursor,
// for the CLI's lock file. The cursor is the project's scope version (ADR 0303) under a tag naming the
// project and its scope, so a cursor of another project is refused (400), not misread.
import { z } from 'zod'
import { changesMessages, messages } from '../messages.ts'
import { requiredId } from './fields.ts'
import type { IconRow } from './rows.ts'

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
/** `<tag>.<version>` or `<tag>.<version>.<icon id>` (a page cut inside a version). */
const CURSOR = new RegExp(`^([0-9a-f]{12})\\.(\\d{1,15})(?:\\.(${UUID}))?$`)

/** Where a project's changes stand: all up to `version` (and of `version`, icons up to `after`). */
export type ChangesCursor = { tag: string; version: number; after: string | null }

export const iconChangesQuery = z.strictObject({
  project_id: requiredId(messages.projectIdRequired),
  /** A `cursor` of an earlier answer; without it the answer is the current cursor and no rows. */
  since: z
    .string({ error: changesMessages.cursorInvalid })
    .regex(CURSOR, { error: changesMessages.cursorInvalid })
    .transform((v): ChangesCursor => {
      const [, tag, version, after] = CURSOR.exec(v)!
      return { tag: tag!, version: Number(version), after: after ?? null }
    })
    .optional(),
})

/**
 * The answer's `data`: icons of the project changed or added after `since` (as GET /api/icons
 * serves them), ids of icons that left it (deleted, or moved to another project; ids the client
 * never had may be among them: ignore those), and the cursor to send next. While `more`, ask again
 * with `cursor` at once: the changes came in pages.
 */
export type IconChanges = { cursor: string; changed: IconRow[]; removed: string[]; more: boolean }
