// GET /api/icons/search?project_id=&q=: a project's icons found by meaning, ranked as the
// vault ranks them (common/search/icon-search.ts); `limit` keeps the best ones (100 unless asked).
import { z } from 'zod'
import { messages, searchMessages } from '../messages.ts'
import { MAX_QUERY_LENGTH, MAX_SEARCH_LIMIT } from '../search/limits.ts'
import { requiredId } from './fields.ts'

export const searchIconsQuery = z.strictObject({
  project_id: requiredId(messages.projectIdRequired),
  q: z
    .string({ error: searchMessages.queryRequired })
    .trim()
    .min(1, { error: searchMessages.queryRequired })
    .max(MAX_QUERY_LENGTH, { error: searchMessages.queryTooLong }),
  limit: z.coerce
    .number({ error: searchMessages.limitInvalid })
    .int({ error: searchMessages.limitInvalid })
    .min(1, { error: searchMessages.limitInvalid })
    .max(MAX_SEARCH_LIMIT, { error: searchMessages.limitInvalid })
    .default(100),
})
