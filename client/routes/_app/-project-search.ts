import { optionalText } from '../../lib/search-params.ts'

/** /icons, /maker and /info: an optional project id, a string when present (docs/product.md §Validation). */
export function projectSearchSchema(search: Record<string, unknown>): { projectId?: string } {
  const projectId = optionalText(search, 'projectId')
  return projectId === undefined ? {} : { projectId }
}
