// Request bodies of /api/icons/* (seed §7), with the seed's validation messages (§5).
import { z } from 'zod'
import { messages } from '../messages.ts'
import { requiredId, requiredText } from './fields.ts'

export const ICON_STATUSES = ['needs-review', 'approved'] as const
export type IconStatus = (typeof ICON_STATUSES)[number]

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
  /** A wish only: the server decides the status (PRODUCT.md "Review"). */
  icon_status: iconStatus.nullish(),
})

export const updateIconBody = z.strictObject({
  id: iconId,
  name: requiredText(messages.iconNameRequired),
  icon_status: iconStatus.optional(),
})

export const deleteIconBody = z.strictObject({ id: iconId })
