// The people of a workspace: fetched into the local database through the leading tab, read live,
// and changed (role, removal) locally first through the outbox, which toasts the outcome.
import { messages } from '@common/messages.ts'
import { type AssignableRole, can, ROLES } from '@common/permissions.ts'
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { ApiError } from '../lib/api.ts'
import { db, type LocalWorkspace, type LocalWorkspaceAccess } from '../local/db.ts'
import { requestSync } from '../local/engine.ts'
import { queueChange } from '../local/outbox.ts'
import { useLiveQuery } from '../local/use-live-query.ts'
import { queryKeys } from './query-keys.ts'

/** Loads the people of a workspace into the local database (the list itself is read live). */
const accessUsersQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.accessUsers(workspaceId),
    queryFn: async () => {
      try {
        await requestSync({ access: workspaceId })
      } catch (error) {
        throw new ApiError(error instanceof ApiError ? error.status : 0, messages.fetchAccessUsersFailed)
      }
      return true
    },
  })

const rank = (role: LocalWorkspaceAccess['role']) => ROLES.indexOf(role)

/** The people of a workspace, owner first, then by role and e-mail; undefined while loading. */
export function useAccessUsers(workspaceId: string): LocalWorkspaceAccess[] | undefined {
  const loading = useQuery(accessUsersQueryOptions(workspaceId))
  const rows = useLiveQuery(
    async () =>
      (await db.workspaces_access.where('workspace_id').equals(workspaceId).toArray()).sort(
        (a, b) => rank(a.role) - rank(b.role) || a.email.localeCompare(b.email),
      ),
    [workspaceId],
  )
  return loading.isPending && !rows?.length ? undefined : rows
}

function assertManage(workspace: LocalWorkspace, person: LocalWorkspaceAccess) {
  if (!can(workspace.role, 'workspace:manage-users') || person.role === 'owner') {
    throw new Error(messages.notAuthorized)
  }
}

async function updateAccessRole(
  workspace: LocalWorkspace,
  person: LocalWorkspaceAccess,
  role: AssignableRole,
) {
  assertManage(workspace, person)
  const body = { workspaceId: workspace.id, personId: person.id, role }
  await queueChange('workspaces/update-access-user', body, workspace.id, (w) =>
    w.put('workspaces_access', { ...person, role }),
  )
}

async function removeAccess(workspace: LocalWorkspace, person: LocalWorkspaceAccess) {
  assertManage(workspace, person)
  const body = { workspaceId: workspace.id, personId: person.id }
  await queueChange('workspaces/delete-access', body, workspace.id, (w) =>
    w.delete('workspaces_access', person.id),
  )
}

export const useUpdateAccessRole = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: (v: { workspace: LocalWorkspace; person: LocalWorkspaceAccess; role: AssignableRole }) =>
      updateAccessRole(v.workspace, v.person, v.role),
  })
export const useRemoveAccess = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: (v: { workspace: LocalWorkspace; person: LocalWorkspaceAccess }) =>
      removeAccess(v.workspace, v.person),
  })
