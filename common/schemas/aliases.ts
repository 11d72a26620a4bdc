// Request bodies of /api/projects/aliases* (stable names). An alias is a former name of
// an icon that still reaches it: exported, searchable, and reserved in its project.
import { z } from 'zod'
import { appMessages, messages } from '../messages.ts'
import { requiredId, requiredText } from './fields.ts'
import { ALIAS_REASONS, type AliasReason } from './rows.ts'

const projectId = requiredId(messages.projectIdRequired)
const aliasName = requiredText(appMessages.aliasNameRequired)

/** A semantic version x.y.z (no pre-release part): the release an alias will be removed in. */
export const SEMVER = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/

export const aliasesQuery = z.strictObject({ project_id: projectId })

export const createAliasBody = z
  .strictObject({
    project_id: projectId,
    icon_id: requiredId(messages.iconIdRequired),
    name: aliasName,
  })
  .meta({ id: 'CreateAliasBody' })

export const updateAliasBody = z
  .strictObject({
    project_id: projectId,
    name: aliasName,
    deprecated: z.boolean({ error: 'Deprecated must be true or false' }),
    reason: z
      .enum(ALIAS_REASONS, { error: appMessages.aliasReasonInvalid })
      .nullish()
      .transform((v) => v ?? null),
    remove_in: z
      .string({ error: appMessages.aliasVersionInvalid })
      .trim()
      .regex(SEMVER, { error: appMessages.aliasVersionInvalid })
      .nullish()
      .transform((v) => v ?? null),
  })
  .meta({ id: 'UpdateAliasBody' })

export const deleteAliasBody = z
  .strictObject({ project_id: projectId, name: aliasName })
  .meta({ id: 'DeleteAliasBody' })

/** One alias of a project (GET /api/projects/aliases). */
export type ProjectAliasRow = {
  name: string
  icon_id: string
  deprecated: boolean
  reason: AliasReason | null
  remove_in: string | null
}
