// In the account deletion confirmation: who each workspace the user owns passes to (or that it is
// deleted with the account), and a warning when that person's plan does not let members save icons
// there (GET /api/workspaces/heirs, the server's own heir rule; ADR 0410, 0012). Read when the
// confirmation opens; the confirm button waits for it (useWorkspaceHeirs' `ready`).
import { appMessages } from '@common/messages.ts'
import type { WorkspaceHeirRow } from '@common/schemas/workspaces.ts'
import { useQuery } from '@tanstack/react-query'
import { queryKeys } from '../data/query-keys.ts'
import { api } from '../lib/api.ts'

export function useWorkspaceHeirs(open: boolean) {
  return useQuery({
    queryKey: queryKeys.workspaceHeirs,
    queryFn: ({ signal }) =>
      api<{ data: WorkspaceHeirRow[] }>('/api/workspaces/heirs', { signal }).then((r) => r.data),
    enabled: open,
    // Who is in a workspace changes while the dialog is closed: asked again on each opening.
    staleTime: 0,
    gcTime: 0,
    retry: 1,
  })
}

const planName = (plan: string) => plan.charAt(0).toUpperCase() + plan.slice(1)

/** The lines of the confirmation about owned workspaces (inside the dialog's description). */
export function WorkspaceHeirs({ query }: { query: ReturnType<typeof useWorkspaceHeirs> }) {
  if (query.isError)
    return (
      <div className="mt-2 text-danger" data-testid="workspace-heirs">
        {appMessages.deleteAccountHeirsFailed}
      </div>
    )
  if (!query.data)
    return (
      <div className="mt-2" data-testid="workspace-heirs">
        {appMessages.deleteAccountHeirsLoading}
      </div>
    )
  if (!query.data.length) return null
  return (
    <div className="mt-2" data-testid="workspace-heirs">
      <div className="font-medium text-fg">{appMessages.deleteAccountHeirsTitle}</div>
      <ul className="mt-1">
        {query.data.map((w) => {
          const heir = w.heir && (w.heir.name ? `${w.heir.name} (${w.heir.email})` : w.heir.email)
          return (
            <li key={w.id} className="mt-1 break-words">
              {w.heir && heir
                ? appMessages.deleteAccountHeir(w.name, heir)
                : appMessages.deleteAccountWorkspaceGoes(w.name)}
              {w.heir && w.heir_plan_saves === false ? (
                <span className="block text-danger">
                  {appMessages.deleteAccountHeirPlan(w.heir.name || w.heir.email, planName(w.heir.plan))}
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
