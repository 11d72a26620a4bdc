// What a drawing would repeat in a project (ADR 0109), asked of the server before an
// import stores it: POST /api/icons/check-duplicates, in parts within the server's limits (at most
// MAX_ICONS_PER_BATCH drawings and CHECK_PART_BYTES of body each). A part the server could not be
// asked about (no answer, or a proxy's 502/503/504) is "unreachable"; one it answered with an error
// is "refused", with its message: the import says which, and stores those files unchecked.
import { MAX_ICONS_PER_BATCH, MAX_REQUEST_BODY_BYTES, utf8Bytes } from '@common/icon-limits.ts'
import { duplicateMessages } from '@common/messages.ts'
import type { DuplicateCheck, DuplicateGroups } from '@common/schemas/duplicates.ts'
import { useQuery } from '@tanstack/react-query'
import { api, errorMessage } from '../lib/api.ts'
import { isUnreachableError } from '../local/connection.ts'
import { db, type LocalIcon } from '../local/db.ts'
import { queryKeys } from './query-keys.ts'

export type { DuplicateCheck }

/** A part's body at most: room under the server's limit for JSON escapes and the other fields. */
export const CHECK_PART_BYTES = (MAX_REQUEST_BODY_BYTES * 3) / 4

/** Why some drawings went unchecked: the server could not be reached, or it refused (its message). */
export type CheckFailure = { kind: 'unreachable' } | { kind: 'refused'; message: string }

/**
 * The drawings' indexes cut into parts of at most `maxCount` drawings and `maxBytes` of markup (a
 * drawing larger than that goes alone), in order.
 */
export function checkParts(
  svgs: readonly string[],
  maxCount = MAX_ICONS_PER_BATCH,
  maxBytes = CHECK_PART_BYTES,
) {
  const parts: number[][] = []
  let part: number[] = []
  let bytes = 0
  svgs.forEach((svg, i) => {
    // JSON quotes every drawing and escapes its own quotes: count them twice to stay under.
    const size = utf8Bytes(svg) + (svg.match(/["\\]/g)?.length ?? 0) + 3
    if (part.length && (part.length >= maxCount || bytes + size > maxBytes)) {
      parts.push(part)
      part = []
      bytes = 0
    }
    part.push(i)
    bytes += size
  })
  if (part.length) parts.push(part)
  return parts
}

/**
 * One check per drawing, in order (undefined for a drawing whose part could not be checked), and why
 * some could not (null when all were checked).
 */
export async function checkDuplicates(
  projectId: string,
  svgs: string[],
  excludeId?: string,
): Promise<{ results: (DuplicateCheck | undefined)[]; failure: CheckFailure | null }> {
  const results: (DuplicateCheck | undefined)[] = svgs.map(() => undefined)
  let failure: CheckFailure | null = null
  for (const part of checkParts(svgs)) {
    try {
      const answer = await api<{ data: { results: DuplicateCheck[] } }>('/api/icons/check-duplicates', {
        body: { project_id: projectId, svgs: part.map((i) => svgs[i]), exclude_id: excludeId ?? null },
      })
      part.forEach((i, at) => {
        results[i] = answer.data.results[at]
      })
    } catch (error) {
      if (isUnreachableError(error)) {
        // Offline: the parts after this one would fail the same way.
        failure = { kind: 'unreachable' }
        break
      }
      failure ??= { kind: 'refused', message: errorMessage(error) }
    }
  }
  return { results, failure }
}

/** What an import's report says of files stored without a duplicate check. */
export const uncheckedMessage = (failure: CheckFailure) =>
  failure.kind === 'unreachable'
    ? duplicateMessages.notChecked
    : duplicateMessages.notCheckedRefused(failure.message)

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
  const [check] = (await checkDuplicates(projectId, [svg], excludeId)).results
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
