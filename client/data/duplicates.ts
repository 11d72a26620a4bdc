// What a drawing would repeat in a project (issue 25, ADR 0109), asked of the server before an
// import stores it: POST /api/icons/check-duplicates. Offline or refused, nothing is known (null)
// and the import stores everything, as before.
import { duplicateMessages } from '@common/messages.ts'
import type { DuplicateCheck, DuplicateGroups } from '@common/schemas/duplicates.ts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../lib/api.ts'
import { db, type LocalIcon } from '../local/db.ts'
import { queryKeys } from './query-keys.ts'

export type { DuplicateCheck }

/** One check per drawing, in order; null when the server could not be asked. */
export async function checkDuplicates(
  projectId: string,
  svgs: string[],
  excludeId?: string,
): Promise<DuplicateCheck[] | null> {
  if (!svgs.length) return []
  try {
    const answer = await api<{ data: { results: DuplicateCheck[] } }>('/api/icons/check-duplicates', {
      body: { project_id: projectId, svgs, exclude_id: excludeId ?? null },
    })
    return answer.data.results
  } catch {
    return null
  }
}

/** The project's icons (kept in the browser) by id, and the first one with each name. */
export async function projectIconsById(projectId: string): Promise<{
  byId: Map<string, LocalIcon>
  byName: Map<string, LocalIcon>
}> {
  const all = await db.icons.where('project_id').equals(projectId).toArray()
  const byName = new Map<string, LocalIcon>()
  for (const icon of all) if (!byName.has(icon.name)) byName.set(icon.name, icon)
  return { byId: new Map(all.map((i) => [i.id, i])), byName }
}

/**
 * What to tell someone saving `svg` into a project (the maker's save, a replaced drawing) when the
 * project already has it, exactly or nearly (ADR 0109); null when not, or when the server cannot say.
 */
export async function duplicateWarning(projectId: string, svg: string, excludeId?: string) {
  const [check] = (await checkDuplicates(projectId, [svg], excludeId)) ?? []
  if (!check || !('duplicate_of' in check)) return null
  const id = check.duplicate_of ?? check.near_duplicate_of
  if (!id) return null
  const name = (await db.icons.get(id))?.name ?? id
  return check.duplicate_of ? duplicateMessages.saveWarning(name) : duplicateMessages.nearSaveWarning(name)
}

/**
 * The project's icons grouped by drawing (GET /api/icons/duplicates), asked only while the vault's
 * "Duplicates" filter is on; `stamp` changes with the project's icons, so a change asks again.
 */
export function useDuplicateGroups(projectId: string, enabled: boolean, stamp: string) {
  return useQuery({
    queryKey: queryKeys.iconDuplicates(projectId, stamp),
    queryFn: () =>
      api<{ data: DuplicateGroups }>(
        `/api/icons/duplicates?project_id=${encodeURIComponent(projectId)}`,
      ).then((answer) => answer.data),
    enabled,
    placeholderData: (previous) => previous,
  }).data
}
