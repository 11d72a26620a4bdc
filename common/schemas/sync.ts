// GET /api/sync: a scope's changes since a cursor (ADR 0303), its query and its answer.
import { z } from 'zod'
import { appMessages } from '../messages.ts'
import type { IconRow, ProjectRow, WorkspaceAccessRow, WorkspaceRow } from './rows.ts'

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,15}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }))

const SYNC_PAGE_DEFAULT = 500
const SYNC_PAGE_MAX = 1000

export const syncQuery = z.strictObject({
  scope: z
    .string({ error: appMessages.syncScopeInvalid })
    .refine((v) => v === 'personal' || z.uuid().safeParse(v).success, {
      error: appMessages.syncScopeInvalid,
    }),
  /** `<version>`, or `<version>.<icon id>` (a `cursor` a page cut inside a version answered). */
  since: z
    .string({ error: appMessages.syncSinceInvalid })
    .regex(/^\d{1,15}(\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})?$/i, {
      error: appMessages.syncSinceInvalid,
    })
    .transform((v): SyncCursor => {
      const [version, after] = v.split('.')
      return { version: Number(version), after: after?.toLowerCase() ?? null }
    })
    .pipe(
      z.object({
        version: z.number().int().max(Number.MAX_SAFE_INTEGER, { error: appMessages.syncSinceInvalid }),
        after: z.string().nullable(),
      }),
    )
    .default({ version: 0, after: null }),
  limit: wholeNumber(appMessages.syncLimitInvalid, 1, SYNC_PAGE_MAX).default(SYNC_PAGE_DEFAULT),
  /** `0`: leave icons out (upserts and deletions): a client that lists a project's icons itself
   * when it first opens it takes the rest of the scope from 0 without them. */
  icons: z
    .enum(['0', '1'], { error: appMessages.syncIconsInvalid })
    .default('1')
    .transform((v) => v === '1'),
})

/**
 * Where a pull stands: every change up to `version`, and when `after` is set, of the icons of that
 * version only those whose id sorts up to `after` (a version larger than a page's byte budget is
 * sent in parts, its other rows with its first part). A plain number is `after: null`.
 */
export type SyncCursor = { version: number; after: string | null }

/**
 * Rows changed after `since` up to `version` (the client's next cursor) and ids removed from the
 * scope meanwhile. Apply deletions, then upserts; pull again from `version` while `more`.
 */
export type SyncPage = {
  upserts: {
    workspaces: WorkspaceRow[]
    workspaces_access: WorkspaceAccessRow[]
    projects: ProjectRow[]
    icons: IconRow[]
  }
  deletions: { workspaces_access: string[]; projects: string[]; icons: string[] }
  version: number
  more: boolean
  /**
   * Only on a page cut inside a version (its icons' markup over the page's byte budget): send it
   * as the next `since` (`<version>.<last icon id>`); `version` is then the last version the page
   * completes. Absent otherwise: `version` is the next `since`.
   */
  cursor?: string
}
