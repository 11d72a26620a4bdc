// Invitations are server actions, not rows we keep: invite, list the pending ones, accept or
// decline; admins list a workspace's pending invitations and revoke one (ADR 0012). They need the
// network; their toasts follow docs/product.md §Toasts.
import type { AssignableRole } from '@common/permissions.ts'
import type { InvitationRow, WorkspaceAccessRow } from '@common/schemas/rows.ts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../lib/api.ts'
import { requestSync } from '../local/engine.ts'
import { queryKeys } from './query-keys.ts'

const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.invitations,
    queryFn: ({ signal }) =>
      api<{ data: InvitationRow[] }>('/api/workspaces/invitations', { signal }).then((r) => r.data),
    // The live stream says when they change; a reconnect re-fetches on focus.
    staleTime: 60_000,
  })

/** The pending invitations of the signed-in user (the first is shown). */
export function usePendingInvitations(): InvitationRow[] {
  return useQuery(invitationsQueryOptions()).data ?? []
}

export function inviteUser(input: { workspaceId: string; email: string; role: AssignableRole }) {
  return api<{ data: InvitationRow }>('/api/workspaces/invite-user', { body: input }).then((r) => r.data)
}

/** The query of a workspace's pending invitations, oldest first (those who may invite). */
export function useWorkspaceInvitations(workspaceId: string) {
  return useQuery({
    queryKey: queryKeys.workspaceInvitations(workspaceId),
    queryFn: ({ signal }) =>
      api<{ data: InvitationRow[] }>(
        `/api/workspaces/pending-invitations?workspaceId=${encodeURIComponent(workspaceId)}`,
        { signal },
      ).then((r) => r.data),
  })
}

/** Revokes a pending invitation, then reads the workspace's list again. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invitation: InvitationRow) =>
      api<{ data: { id: string } }>('/api/workspaces/revoke-invitation', {
        body: { workspaceId: invitation.workspace_id, invitationId: invitation.id },
      }).then((r) => r.data),
    onSettled: (_data, _error, invitation) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.workspaceInvitations(invitation.workspace_id) }),
  })
}

/** Accepts, then fetches the lists so that the workspace and its projects appear at once. */
export async function acceptInvitation(invitationId: string) {
  const { data } = await api<{ data: WorkspaceAccessRow }>('/api/workspaces/accept-invitation', {
    body: { invitationId },
  })
  await requestSync({ all: true })
  return data
}

export function declineInvitation(invitationId: string) {
  return api<{ data: { id: string } }>('/api/workspaces/decline-invitation', { body: { invitationId } }).then(
    (r) => r.data,
  )
}
