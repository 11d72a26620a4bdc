// Projects: live reads from the local database, and changes that write locally and enqueue
// (client/local/outbox.ts). `role` is the user's role in the project's workspace, or 'personal'.
import { messages } from '@common/messages.ts'
import { type Action, can, type Role } from '@common/permissions.ts'
import type { DeletedProjectRow } from '@common/schemas/projects.ts'
import type { ProjectRow } from '@common/schemas/rows.ts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { api } from '../lib/api.ts'
import { db, type LocalProject } from '../local/db.ts'
import { requestSync } from '../local/engine.ts'
import { firstScreenProject, onFirstScreenProject } from '../local/first-visit.ts'
import { queueChange } from '../local/outbox.ts'
import { useLiveQuery } from '../local/use-live-query.ts'
import { queryKeys } from './query-keys.ts'

export type ProjectRole = Role | 'personal'

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)

/** The projects of a workspace, or the personal ones (null), by name; undefined while loading. */
export function useProjects(workspaceId: string | null): LocalProject[] | undefined {
  return useLiveQuery(async () => {
    const rows = workspaceId
      ? await db.projects.where('workspace_id').equals(workspaceId).toArray()
      : await db.projects.filter((p) => p.workspace_id === null).toArray()
    return rows.sort(byName)
  }, [workspaceId])
}

/** One project, or null when it is not (or no longer) here; undefined while loading. */
export function useProject(id: string | null | undefined): LocalProject | null | undefined {
  return useLiveQuery(async () => (id ? ((await db.projects.get(id)) ?? null) : null), [id])
}

/**
 * The row a new device's first screen brought with it (first-visit.ts, ADR 0425), while the local
 * database may not have the project yet; undefined when none came.
 */
export function useFirstScreenProject(id: string): LocalProject | undefined {
  return useSyncExternalStore(onFirstScreenProject, () => firstScreenProject(id))
}

function assertCan(role: ProjectRole | null | undefined, action: Action) {
  if (!can(role, action)) throw new Error(messages.notAuthorized)
}

async function createProject(input: {
  name: string
  workspaceId: string | null
  userId: string
  role: ProjectRole
}) {
  assertCan(input.role, 'project:create')
  const now = new Date().toISOString()
  const row: LocalProject = {
    id: crypto.randomUUID(),
    name: input.name.trim(),
    description: '',
    workspace_id: input.workspaceId,
    user_id: input.userId,
    created_at: now,
    updated_at: now,
    iconify_prefix: '', // derived by the server from the name; the pull brings it
  }
  const body = { id: row.id, name: row.name, description: row.description, workspace_id: row.workspace_id }
  await queueChange('projects/create', body, row.workspace_id, (w) => w.put('projects', row))
  return row
}

async function updateProject(
  project: LocalProject,
  changes: { name: string; description?: string; iconifyPrefix?: string },
  role: ProjectRole,
) {
  assertCan(role, 'project:update')
  const prefix = changes.iconifyPrefix?.trim()
  // A new Iconify prefix is sent; one taken meanwhile is refused (409) and rolled back with its message.
  const next = {
    ...project,
    name: changes.name.trim(),
    description: changes.description ?? project.description,
    iconify_prefix: prefix || project.iconify_prefix,
  }
  const body = {
    id: next.id,
    name: next.name,
    description: next.description,
    ...(prefix && prefix !== project.iconify_prefix ? { iconify_prefix: prefix } : {}),
  }
  await queueChange('projects/update', body, project.workspace_id, (w) => w.put('projects', next))
}

/** Deletes the project and its icons (locally at once). */
async function deleteProject(project: LocalProject, role: ProjectRole) {
  assertCan(role, 'project:delete')
  await queueChange('projects/delete', { id: project.id }, project.workspace_id, async (w) => {
    await w.deleteWhere('icons', 'project_id', project.id)
    await w.delete('projects', project.id)
  })
}

export const useCreateProject = () => useMutation({ networkMode: 'always', mutationFn: createProject })
export const useUpdateProject = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: (v: {
      project: LocalProject
      name: string
      description?: string
      iconifyPrefix?: string
      role: ProjectRole
    }) =>
      updateProject(
        v.project,
        { name: v.name, description: v.description, iconifyPrefix: v.iconifyPrefix },
        v.role,
      ),
  })
/**
 * "Recently deleted" projects of a workspace (null: personal), from the server (GET
 * /api/projects/deleted, ADR 0018): fetched while the list is open; it needs the network.
 */
export function useDeletedProjects(workspaceId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.deletedProjects(workspaceId),
    queryFn: async () =>
      (
        await api<{ data: DeletedProjectRow[] }>(
          `/api/projects/deleted${workspaceId ? `?workspace_id=${encodeURIComponent(workspaceId)}` : ''}`,
        )
      ).data,
    enabled,
    staleTime: 0,
    retry: false,
  })
}

/**
 * Restores a deleted project with its icons (POST /api/projects/restore). Not queued: it is no
 * change of rows this browser holds. The project comes back with the pull that follows (and the
 * stream), its icons when it is opened.
 */
export function useRestoreProject(workspaceId: string | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      const { data } = await api<{ data: ProjectRow }>('/api/projects/restore', { body: { id } })
      queryClient.setQueryData<DeletedProjectRow[]>(queryKeys.deletedProjects(workspaceId), (list) =>
        list?.filter((p) => p.id !== id),
      )
      // The project comes with a pull (a new version), its icons when it is opened.
      await requestSync({ all: true }).catch(() => {})
      return data
    },
  })
}

export const useDeleteProject = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: (v: { project: LocalProject; role: ProjectRole }) => deleteProject(v.project, v.role),
  })
