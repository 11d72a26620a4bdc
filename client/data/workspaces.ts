// Workspaces: live reads from the local database, and changes that write locally and enqueue
// (client/local/outbox.ts). The server enforces roles; these check them too, to fail fast.
import { messages } from '@common/messages.ts'
import { can } from '@common/permissions.ts'
import { canCreateWorkspace, DEFAULT_WORKSPACE_CREDITS, type Plan } from '@common/plans.ts'
import type { WorkspaceRow } from '@common/schemas/rows.ts'
import type { DeletedWorkspaceRow } from '@common/schemas/workspaces.ts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../lib/api.ts'
import { db, type LocalWorkspace } from '../local/db.ts'
import { requestSync } from '../local/engine.ts'
import { queueChange } from '../local/outbox.ts'
import { useLiveQuery } from '../local/use-live-query.ts'
import { queryKeys } from './query-keys.ts'

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)

/** The workspaces the user is in, by name; undefined while loading. */
export function useWorkspaces(): LocalWorkspace[] | undefined {
  return useLiveQuery(async () => (await db.workspaces.toArray()).sort(byName), [])
}

/** One workspace, or null when it is not (or no longer) here; undefined while loading. */
export function useWorkspace(id: string | null | undefined): LocalWorkspace | null | undefined {
  return useLiveQuery(async () => (id ? ((await db.workspaces.get(id)) ?? null) : null), [id])
}

class NotAllowedError extends Error {
  constructor(message: string = messages.notAuthorized) {
    super(message)
  }
}

/** Creates running in this tab, by id: a create repeated with its id is the same create. */
const creating = new Map<string, Promise<LocalWorkspace>>()

/**
 * Creates a workspace (locally at once, queued for the server). `id` is the form's: one per opening
 * of the dialog, so that a double submit (a double click, Enter twice) is one create, never two
 * workspaces of the same name; the server's create is idempotent by id as well.
 */
function createWorkspace(input: {
  id?: string
  name: string
  description?: string
  userId: string
  plan: Plan
}) {
  const id = input.id ?? crypto.randomUUID()
  const running = creating.get(id)
  if (running) return running
  const done = queueCreateWorkspace({ ...input, id }).finally(() => creating.delete(id))
  creating.set(id, done)
  return done
}

async function queueCreateWorkspace(input: {
  id: string
  name: string
  description?: string
  userId: string
  plan: Plan
}) {
  if (!canCreateWorkspace(input.plan)) throw new NotAllowedError()
  const known = await db.workspaces.get(input.id)
  if (known) return known
  const now = new Date().toISOString()
  const row: LocalWorkspace = {
    id: input.id,
    name: input.name.trim(),
    description: input.description?.trim() ?? '',
    user_id: input.userId,
    credits_limit: DEFAULT_WORKSPACE_CREDITS,
    review_icons: false,
    created_at: now,
    updated_at: now,
    role: 'owner',
  }
  const body = { id: row.id, name: row.name, description: row.description }
  await queueChange('workspaces/create', body, row.id, (w) => w.put('workspaces', row))
  return row
}

export interface WorkspaceChanges {
  name: string
  description: string
  review_icons: boolean
}

async function updateWorkspace(workspace: LocalWorkspace, changes: WorkspaceChanges) {
  if (!can(workspace.role, 'workspace:update')) throw new NotAllowedError()
  const next = {
    ...workspace,
    ...changes,
    name: changes.name.trim(),
    description: changes.description.trim(),
  }
  const body = {
    id: next.id,
    name: next.name,
    description: next.description,
    review_icons: next.review_icons,
  }
  await queueChange('workspaces/update', body, workspace.id, (w) => w.put('workspaces', next))
}

/** Deletes the workspace with its projects, icons and access rows (locally at once). */
async function deleteWorkspace(workspace: LocalWorkspace) {
  if (!can(workspace.role, 'workspace:delete')) throw new NotAllowedError()
  await queueChange('workspaces/delete', { id: workspace.id }, workspace.id, async (w) => {
    await w.deleteWhere('icons', 'workspace_id', workspace.id)
    await w.deleteWhere('projects', 'workspace_id', workspace.id)
    await w.deleteWhere('workspaces_access', 'workspace_id', workspace.id)
    await w.delete('workspaces', workspace.id)
  })
}

async function updateCreditsLimit(workspace: LocalWorkspace, creditsLimit: number) {
  if (!can(workspace.role, 'workspace:credits')) throw new NotAllowedError()
  const body = { id: workspace.id, creditsLimit }
  await queueChange('workspaces/update-credits-limit', body, workspace.id, (w) =>
    w.put('workspaces', { ...workspace, credits_limit: creditsLimit }),
  )
}

export const useCreateWorkspace = () => useMutation({ networkMode: 'always', mutationFn: createWorkspace })
export const useUpdateWorkspace = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: (v: { workspace: LocalWorkspace; changes: WorkspaceChanges }) =>
      updateWorkspace(v.workspace, v.changes),
  })
export const useDeleteWorkspace = () => useMutation({ networkMode: 'always', mutationFn: deleteWorkspace })
export const useUpdateCreditsLimit = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: (v: { workspace: LocalWorkspace; creditsLimit: number }) =>
      updateCreditsLimit(v.workspace, v.creditsLimit),
  })

/** The deleted workspaces the user may restore (GET /api/workspaces/deleted, ADR 0018); needs the network. */
export function useDeletedWorkspaces(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.deletedWorkspaces,
    queryFn: async () => (await api<{ data: DeletedWorkspaceRow[] }>('/api/workspaces/deleted')).data,
    enabled,
    staleTime: 0,
    retry: false,
  })
}

/**
 * Restores a deleted workspace (POST /api/workspaces/restore): a re-sync lists it again and pulls it
 * whole (from no cursor: this browser dropped its rows with the delete).
 */
export function useRestoreWorkspace() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      const { data } = await api<{ data: WorkspaceRow }>('/api/workspaces/restore', { body: { id } })
      await db.cursors.delete(id)
      queryClient.setQueryData<DeletedWorkspaceRow[]>(queryKeys.deletedWorkspaces, (list) =>
        list?.filter((w) => w.id !== id),
      )
      await requestSync({ all: true }).catch(() => {})
      return data
    },
  })
}
