// A project's "Recently deleted" icons (ADR 0408): the server's list (GET
// /api/icons/deleted, the last 30 days, newest first), fetched while the view is open; it needs the
// network. Restoring goes through the outbox like every change (undeleteIcon): the rows are back in
// the vault at once and the list drops them.
import type { DeletedIconRow } from '@common/schemas/icons.ts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../lib/api.ts'
import { undeleteIcons } from '../local/bulk-queue.ts'
import { localRow } from './icons.ts'
import { queryKeys } from './query-keys.ts'

export type DeletedIcon = DeletedIconRow

export function useDeletedIcons(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.deletedIcons(projectId),
    queryFn: async () =>
      (await api<{ data: DeletedIcon[] }>(`/api/icons/deleted?project_id=${encodeURIComponent(projectId)}`))
        .data,
    enabled,
    staleTime: 0,
    retry: false,
  })
}

/** Restores icons of the list: back in the vault at once, queued; the list forgets them. */
export function useRestoreDeleted(projectId: string) {
  const queryClient = useQueryClient()
  return async (icons: readonly DeletedIcon[]) => {
    const ids = new Set(icons.map((i) => i.id))
    await undeleteIcons(icons.map(localRow))
    queryClient.setQueryData<DeletedIcon[]>(queryKeys.deletedIcons(projectId), (list) =>
      list?.filter((i) => !ids.has(i.id)),
    )
  }
}
