// A project's releases (ADR 0017): the list and the preview of a release now are server state
// (TanStack Query, keys from client/data/query-keys.ts); releasing needs a connection (it names the
// exact set the server holds), and a release's export downloads the server's bytes, the same
// whatever changed since (GET /api/projects/export?…&release=).
import type { ExportKind } from '@common/exports/export-kinds.ts'
import { exportMessages } from '@common/messages.ts'
import { exportFormatOf, type Release, type ReleasePreview } from '@common/schemas/releases.ts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { saveFile } from '../../copy/exports/run-export.ts'
import { queryKeys } from '../../data/query-keys.ts'
import { ApiError, api } from '../../lib/api.ts'
import { toast } from '../../lib/toast.ts'

export function useReleases(projectId: string) {
  return useQuery({
    queryKey: queryKeys.releases(projectId),
    queryFn: async () =>
      (await api<{ data: Release[] }>(`/api/projects/releases?project_id=${encodeURIComponent(projectId)}`))
        .data,
  })
}

export function useReleasePreview(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.releasePreview(projectId),
    enabled,
    // Fresh each time the dialog opens: icons change between two releases.
    staleTime: 0,
    refetchOnWindowFocus: false,
    queryFn: async () =>
      (
        await api<{ data: ReleasePreview }>(
          `/api/projects/release-preview?project_id=${encodeURIComponent(projectId)}`,
        )
      ).data,
  })
}

export function useReleaseProject(projectId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (input: { version: string; notes: string }) =>
      (
        await api<{ data: Release }>('/api/projects/release', {
          body: { project_id: projectId, version: input.version || null, notes: input.notes },
        })
      ).data,
    onSuccess: (release) => {
      toast(exportMessages.released(release.version), 'success')
      void client.invalidateQueries({ queryKey: queryKeys.releases(projectId) })
      // Stale, fetched again when the dialog next opens (not while it closes on the old preview).
      void client.invalidateQueries({ queryKey: queryKeys.releasePreview(projectId), refetchType: 'none' })
    },
    onError: (error) => {
      // Someone released meanwhile (the version is taken, or nothing changed since theirs): the list
      // and the suggested version are read again, so the dialog shows what is true now (ADR 0030).
      if (error instanceof ApiError && (error.code === 'version_taken' || error.code === 'unchanged')) {
        void client.invalidateQueries({ queryKey: queryKeys.releases(projectId) })
        void client.invalidateQueries({ queryKey: queryKeys.releasePreview(projectId) })
      }
    },
  })
}

const fileNameOf = (header: string | null) => /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? 'export'

/**
 * Downloads an export built by the server: a release's (its stored set: byte-identical, ADR 0104), or
 * the latest state's when `version` is null (the icon font, built on the server only, ADR 0105).
 * `classPrefix`: the CSS and font classes' prefix. Resolves the file's name and how many icons were
 * left out.
 */
export async function downloadRelease(
  projectId: string,
  kind: ExportKind,
  version: string | null,
  classPrefix?: string,
) {
  const params = new URLSearchParams({ project_id: projectId, format: exportFormatOf(kind) })
  if (version) params.set('release', version)
  if (classPrefix !== undefined && (kind === 'css' || kind === 'font')) params.set('prefix', classPrefix)
  const response = await fetch(`/api/projects/export?${params}`, { credentials: 'include' })
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null
    throw new ApiError(response.status, body?.error ?? exportMessages.releaseFailed, response.headers)
  }
  const bytes = new Uint8Array(await response.arrayBuffer())
  const mime = (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!
  const fileName = fileNameOf(response.headers.get('content-disposition'))
  saveFile({ bytes, mime, fileName })
  return { fileName, skipped: Number(response.headers.get('x-skipped-icons') ?? 0) }
}
