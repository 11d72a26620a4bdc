// TanStack Query client with the defaults of docs/product.md §Constants; every failed query or mutation toasts its message,
// unless its meta says `showsOwnError` (a page that states the error itself, e.g. /verify-identity).
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError, errorMessage } from './api.ts'
import { toast } from './toast.ts'

const FIVE_MINUTES = 5 * 60 * 1000
const MAX_RETRIES = 3

/** Exponential delay from 1 s, capped at 30 s. */
const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000)

/** Retry up to 3 times, but not client errors that would fail the same way again. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
    return false
  }
  return failureCount < MAX_RETRIES
}

function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.showsOwnError !== true) toast(errorMessage(error))
      },
    }),
    mutationCache: new MutationCache({ onError: (error) => toast(errorMessage(error)) }),
    defaultOptions: {
      queries: { staleTime: FIVE_MINUTES, gcTime: FIVE_MINUTES, retry: shouldRetry, retryDelay },
    },
  })
}

export const queryClient = createQueryClient()
