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
  since: wholeNumber(appMessages.syncSinceInvalid, 0, Number.MAX_SAFE_INTEGER).default(0),
  limit: wholeNumber(appMessages.syncLimitInvalid, 1, SYNC_PAGE_MAX).default(SYNC_PAGE_DEFAULT),
  /** `0`: leave icons out (upserts and deletions): a client that lists a project's icons itself
   * when it first opens it takes the rest of the scope from 0 without them. */
  icons: z
    .enum(['0', '1'], { error: appMessages.syncIconsInvalid })
    .default('1')
    .transform((v) => v === '1'),
})

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
}
