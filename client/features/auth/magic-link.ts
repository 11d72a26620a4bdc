// Magic-link calls: request an e-mail, verify the token the e-mail's link carries. The better-auth
// client loads with the first call, not with the sign-in page (ADR 0406).
import { queryOptions } from '@tanstack/react-query'
import { queryKeys } from '../../data/query-keys.ts'
import { ApiError } from '../../lib/api.ts'
import { loadAuthClient } from '../../lib/load-auth-client.ts'

export const RESEND_COOLDOWN_S = 30

export async function requestMagicLink(email: string): Promise<void> {
  const { authCall, authClient } = await loadAuthClient()
  await authCall((fetchOptions) => authClient.signIn.magicLink({ email }, fetchOptions))
}

/** Seconds to wait from a 429's X-Retry-After (or Retry-After) header, else null. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null
  const header = error.headers.get('X-Retry-After') ?? error.headers.get('Retry-After')
  const seconds = Number(header)
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null
}

/** Verifying consumes the token: run once, never retried or refetched; the page shows its error (no toast). */
export const verifyTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.verifyIdentity(token),
    queryFn: async () => {
      const { authCall, authClient } = await loadAuthClient()
      await authCall((fetchOptions) => authClient.magicLink.verify({ query: { token } }, fetchOptions))
      return true
    },
    retry: false,
    meta: { showsOwnError: true },
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
