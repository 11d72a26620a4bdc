// Sign-out (docs/product.md §Sign-out): the auth service, then /sign-in, then the local database and the query cache;
// the browser's other tabs follow (session-ended.ts).
// The signed-in layout is gone before the cache is cleared: cleared while it is mounted, its queries
// (pending invitations, …) would fetch again at once and meet a 401.
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { queryKeys } from '../data/query-keys.ts'
import { loadAuthClient } from '../lib/load-auth-client.ts'
import { expectSessionEnd } from '../lib/session-end.ts'
import { toast } from '../lib/toast.ts'
import { deleteLocalDb } from '../local/db.ts'
import { announceSessionEnd } from './session-ended.ts'

export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  /** `thenVerify`: a sign-in link to open once signed out (PendingLinkDialog), instead of /sign-in. */
  return useCallback(
    async (thenVerify?: string) => {
      expectSessionEnd()
      const { authClient } = await loadAuthClient()
      const { error } = await authClient.signOut()
      if (error) {
        toast(error.message ?? error.statusText)
        return
      }
      announceSessionEnd('signed-out')
      await queryClient.cancelQueries()
      queryClient.setQueryData(queryKeys.me, { user: null })
      await navigate({ to: '/sign-in', replace: true })
      await deleteLocalDb()
      queryClient.clear()
      if (thenVerify) await navigate({ to: '/verify-identity', search: { token: thenVerify }, replace: true })
    },
    [queryClient, navigate],
  )
}
