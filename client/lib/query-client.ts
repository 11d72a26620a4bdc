// TanStack Query client with the defaults of docs/product.md §Constants; every failed query or mutation toasts its message,
// unless its meta says `showsOwnError` (a page that states the error itself, e.g. /verify-identity) or
// it is a 401 (the browser signs out and /sign-in says why: lib/session-end.ts).
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError, errorMessage } from './api.ts'
import { backoffDelay, isTransientStatus, MAX_QUERY_RETRIES, retryAfterSeconds } from './retry.ts'
import { toast } from './toast.ts'

const FIVE_MINUTES = 5 * 60 * 1000

/** Retry up to 3 times what may pass later (no answer, or a transient status: retry.ts), nothing else. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && !isTransientStatus(error.status)) return false
  return failureCount < MAX_QUERY_RETRIES
}

/** retry.ts's backoff (1 s doubling, capped at 30 s), never shorter than the answer's Retry-After. */
const retryDelay = (failureCount: number, error: unknown) =>
  backoffDelay(failureCount, error instanceof ApiError ? retryAfterSeconds(error.headers) : undefined)

/** A 401: the session is gone, and the sign-in page says so (session-end.ts), not a toast per query. */
const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401

function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.showsOwnError !== true && !signedOut(error)) toast(errorMessage(error))
      },
    }),
    mutationCache: new MutationCache({ onError: (error) => !signedOut(error) && toast(errorMessage(error)) }),
    defaultOptions: {
      queries: { staleTime: FIVE_MINUTES, gcTime: FIVE_MINUTES, retry: shouldRetry, retryDelay },
    },
  })
}

export const queryClient = createQueryClient()
