// Sign-out (seed §7): the auth service, then the local database and the query cache, then /sign-in.
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { authClient } from '../../lib/auth-client.ts'
import { toast } from '../../lib/toast.ts'
import { deleteLocalDb } from '../../local/db.ts'

export function useSignOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(async () => {
    const { error } = await authClient.signOut()
    if (error) {
      toast(error.message ?? error.statusText)
      return
    }
    await deleteLocalDb()
    queryClient.clear()
    await navigate({ to: '/sign-in', replace: true })
  }, [queryClient, navigate])
}
