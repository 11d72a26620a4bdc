// Entry: providers, router, toasts, splash, session refresh and end, chunk-reload wiring, the service
// worker and the return of the server after an offline start.
import { PRODUCT_NAME } from '@common/messages.ts'
import type { MeAnswer } from '@common/schemas/me.ts'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { watchSessionEnd } from './app/session-ended.ts'
import { runSplash } from './app/splash.ts'
import { Toaster } from './components/ui/toaster.tsx'
import { queryKeys } from './data/query-keys.ts'
import { listenForChunkErrors } from './lib/chunk-reload.ts'
import { meQueryOptions } from './lib/me.ts'
import { queryClient } from './lib/query-client.ts'
import { onSessionChange } from './lib/session-refresh.ts'
import { onServerBack } from './local/connection.ts'
import { startFirstVisit } from './local/first-visit.ts'
import { createAppRouter, loadOpenedRouteChunks } from './router.tsx'
import { registerServiceWorker } from './service-worker/register.ts'
import './styles.css'

document.title = PRODUCT_NAME
// Before anything else: a vault opened on a project not held here asks for its icons now (ADR 0419).
void startFirstVisit()
listenForChunkErrors()
registerServiceWorker()
runSplash()

// The user, then the opened page's code, asked for now rather than when the router gets to them:
// the code's many small files would otherwise queue the user's request behind them (ADR 0425).
void queryClient.prefetchQuery(meQueryOptions())
const router = createAppRouter(queryClient)
loadOpenedRouteChunks(router)

// Session refresh signal (docs/product.md §Session): after sign-in, sign-out and user changes, reload the user and re-run guards.
onSessionChange(async () => {
  await queryClient.invalidateQueries({ queryKey: queryKeys.me, refetchType: 'all' })
  await router.invalidate()
})

// A session that ended elsewhere (account deleted, revoked, signed out in another tab) signs this
// browser out at once, saying why (ADR 0012).
watchSessionEnd(queryClient, router)

// The server is back (after an offline start the user came from the local copy): ask it again, and
// re-run the guards if the answer is someone else or nobody.
onServerBack(async () => {
  const before = queryClient.getQueryData<MeAnswer>(queryKeys.me)?.user?.id
  await queryClient.invalidateQueries({ queryKey: queryKeys.me, refetchType: 'all' })
  if (queryClient.getQueryData<MeAnswer>(queryKeys.me)?.user?.id !== before) await router.invalidate()
})

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
)
