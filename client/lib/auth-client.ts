// better-auth client for /api/auth on this origin, with magic-link sign-in.
import { isErrorCode } from '@common/error-codes.ts'
import type { BetterAuthClientPlugin } from 'better-auth/client'
import { magicLinkClient } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'
import { ApiError, errorMessage } from './api.ts'
import { sessionChanged } from './session-refresh.ts'

/** better-auth raises $sessionSignal for its own paths; magic-link verification signs in too. */
const verifySessionSignal = {
  id: 'verify-session-signal',
  atomListeners: [{ signal: '$sessionSignal', matcher: (path: string) => path === '/magic-link/verify' }],
} satisfies BetterAuthClientPlugin

export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: '/api/auth',
  plugins: [magicLinkClient(), verifySessionSignal],
})

// Fired 10 ms after a sign-in, sign-out, verification or user change succeeds. nanostores' subscribe
// reports the current value at once; only the changes after that matter.
let initial = true
authClient.$store.listen('$sessionSignal', () => {
  if (initial) {
    initial = false
    return
  }
  sessionChanged()
})

interface AuthErrorContext {
  response: Response
  /** present at runtime (better-fetch passes it), not in its types */
  responseText?: string
  error: unknown
}

function authErrorMessage(ctx: AuthErrorContext): string {
  const body = ctx.error as { error?: unknown; message?: unknown } | null
  if (typeof body?.error === 'string' && body.error) return body.error
  if (typeof body?.message === 'string' && body.message) return body.message
  return (
    ctx.responseText?.trim() || ctx.response.statusText || `Request failed with status ${ctx.response.status}`
  )
}

/** The answer's `code` (the server gives every error one, ADR 0004). */
function authErrorCode(ctx: AuthErrorContext) {
  const code = (ctx.error as { code?: unknown } | null)?.code
  return isErrorCode(code) ? code : undefined
}

/**
 * Runs a better-auth client call and throws an ApiError (status, the server's `error` message and
 * `code`, headers such as X-Retry-After) when it fails, like client/lib/api.ts does.
 */
export async function authCall<T>(
  call: (fetchOptions: {
    onError: (ctx: AuthErrorContext) => void
  }) => Promise<{ data: T | null; error: unknown }>,
): Promise<T> {
  let failure: ApiError | null = null
  const result = await call({
    onError: (ctx) => {
      failure = new ApiError(
        ctx.response.status,
        authErrorMessage(ctx),
        ctx.response.headers,
        authErrorCode(ctx),
      )
    },
  })
  if (result.error) throw failure ?? new ApiError(500, errorMessage(result.error))
  return result.data as T
}
