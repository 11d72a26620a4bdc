// An icon's history and its project's aliases on the server (ADR 0407). The versions are
// not kept in the local database: they are fetched (GET /api/icons/history) under a key that holds
// the icon's revision, so a new version of the local row (the user's own change confirmed, a
// teammate's arriving live) fetches them again. Offline, the history says it needs a connection;
// the rest of the icon stays local-first. Alias changes are admin actions sent at once (they need
// the server's answer: a clash is refused); their icon change reaches the local row through the
// live stream like any other.
import type { IconVersionRow } from '@common/schemas/icons.ts'
import type { AliasReason } from '@common/schemas/rows.ts'
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { api } from '../lib/api.ts'
import { isOffline, isUnreachableError, subscribeConnection } from '../local/connection.ts'
import type { LocalIcon } from '../local/db.ts'
import { queryKeys } from './query-keys.ts'

/** One version as GET /api/icons/history answers it (newest first). */
export type IconVersion = IconVersionRow

/** Offline as the header's sync state says it (the browser's flag, or the server unreachable). */
export const useOffline = () => useSyncExternalStore(subscribeConnection, isOffline)

export interface IconHistory {
  /** The versions, newest first; undefined while loading or when there is nothing to show. */
  versions: IconVersion[] | undefined
  /** Not fetched because the server cannot be reached (what was fetched before still shows). */
  offline: boolean
  loading: boolean
  /** The server refused or failed (not a lost connection). */
  failed: boolean
  retry(): void
}

/**
 * The icon's versions. `onServer` false (its creation still queued): nothing to ask yet. `pending`
 * (a change of it still queued, counted a revision ahead locally): the list shown stays until the
 * server confirmed it, then the confirmed revision is fetched.
 */
export function useIconHistory(
  icon: Pick<LocalIcon, 'id' | 'revision'>,
  { onServer, pending }: { onServer: boolean; pending: boolean },
): IconHistory {
  const offline = useOffline()
  const query = useQuery<IconVersion[]>({
    queryKey: queryKeys.iconHistory(icon.id, icon.revision ?? 0),
    queryFn: ({ signal }) =>
      api<{ data: IconVersion[] }>(`/api/icons/history?id=${encodeURIComponent(icon.id)}`, { signal }).then(
        (answer) => answer.data,
      ),
    enabled: onServer && !pending && !offline,
    // The list of the revision before stays while the new one loads (no flicker on each change).
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { showsOwnError: true },
  })
  const lost = query.isError && isUnreachableError(query.error)
  return {
    versions: query.data,
    offline: offline || lost,
    loading: query.isPending && query.fetchStatus !== 'idle',
    failed: query.isError && !lost,
    retry: () => void query.refetch(),
  }
}

/** The alias routes of a project (POST /api/projects/aliases/*), all `project:aliases`. */
export type AliasChange =
  | { action: 'create'; project_id: string; icon_id: string; name: string }
  | {
      action: 'update'
      project_id: string
      name: string
      deprecated: boolean
      reason?: AliasReason | null
      remove_in?: string | null
    }
  | { action: 'delete'; project_id: string; name: string }

/**
 * Sends one alias change; a refusal (a clash is a 409) is toasted with the server's message by the
 * query client. The answer's icon reaches the local row through the live stream.
 */
export const useAliasChange = () =>
  useMutation({
    mutationFn: ({ action, ...body }: AliasChange) =>
      api<{ data: unknown }>(`/api/projects/aliases/${action}`, { body }),
  })
