// Runs the local-first sync engine (client/local/engine.ts) for the signed-in user while the app
// layout is mounted: pending invitations are refetched when the live stream says so, and a list
// the server refuses is toasted (network failures are silent: the engine retries on its own).
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { queryKeys } from '../data/query-keys.ts'
import { ApiError } from '../lib/api.ts'
import { toast } from '../lib/toast.ts'
import { startSyncEngine } from '../local/engine.ts'

export function useLocalSync(userId: string | undefined) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!userId) return
    return startSyncEngine({
      userId,
      onInvitationsChanged: () => void queryClient.invalidateQueries({ queryKey: queryKeys.invitations }),
      onSyncError: (error) => {
        if (error instanceof ApiError && error.status !== 401) toast(error.message)
      },
    })
  }, [userId, queryClient])
}
