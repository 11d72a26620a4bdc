// Request bodies of /api/projects/* (docs/product.md §API), with its validation messages (§Validation).
import { z } from 'zod'
import { isIconifyPrefix } from '../iconify-prefix.ts'
import { iconifyMessages, messages } from '../messages.ts'
import { optionalDescription, requiredId, requiredText } from './fields.ts'

const projectId = requiredId(messages.projectIdRequired)

export const createProjectBody = z
  .strictObject({
    id: projectId,
    name: requiredText(messages.projectNameRequired),
    description: optionalDescription,
    workspace_id: z
      .uuid({ error: 'Invalid workspace id' })
      .nullish()
      .transform((v) => v ?? null),
  })
  .meta({ id: 'CreateProjectBody' })

export const updateProjectBody = z
  .strictObject({
    id: projectId,
    name: requiredText(messages.projectNameRequired),
    description: optionalDescription,
    /** The project's Iconify prefix (ADR 0021); left as it is when not given. */
    iconify_prefix: z
      .string({ error: iconifyMessages.prefixInvalid })
      .trim()
      .refine(isIconifyPrefix, { error: iconifyMessages.prefixInvalid })
      .optional(),
  })
  .meta({ id: 'UpdateProjectBody' })

export const deleteProjectBody = z.strictObject({ id: projectId }).meta({ id: 'DeleteProjectBody' })

/** GET /api/projects/deleted: a workspace's deleted projects, or (none given) the caller's personal ones. */
export const deletedProjectsQuery = z.strictObject({
  workspace_id: z.uuid({ error: 'Invalid workspace id' }).optional(),
})

/** POST /api/projects/restore: a project deleted in the last 30 days comes back with its icons. */
export const restoreProjectBody = z.strictObject({ id: projectId }).meta({ id: 'RestoreProjectBody' })

/** Who deleted a project or a workspace (null once their account is gone). */
export type DeletedBy = { id: string; name: string; email: string } | null

/** A project in "Recently deleted" (ADR 0018). */
export type DeletedProjectRow = {
  id: string
  name: string
  workspace_id: string | null
  deleted_at: string
  deleted_by: DeletedBy
  /** The icons that went with it and come back with it. */
  icon_count: number
}
