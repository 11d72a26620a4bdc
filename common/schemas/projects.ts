// Request bodies of /api/projects/* (docs/product.md §API), with its validation messages (§Validation).
import { z } from 'zod'
import { messages } from '../messages.ts'
import { optionalDescription, requiredId, requiredText } from './fields.ts'

const projectId = requiredId(messages.projectIdRequired)

export const createProjectBody = z.strictObject({
  id: projectId,
  name: requiredText(messages.projectNameRequired),
  description: optionalDescription,
  workspace_id: z
    .uuid({ error: 'Invalid workspace id' })
    .nullish()
    .transform((v) => v ?? null),
})

export const updateProjectBody = z.strictObject({
  id: projectId,
  name: requiredText(messages.projectNameRequired),
  description: optionalDescription,
})

export const deleteProjectBody = z.strictObject({ id: projectId })
