// Entry: providers, router, toasts, splash, session refresh and chunk-reload wiring.
import { PRODUCT_NAME } from '@common/messages.ts'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Toaster } from './components/ui/toaster.tsx'
import { runSplash } from './features/shell/splash.ts'
import { listenForChunkErrors } from './lib/chunk-reload.ts'
import { meQueryKey } from './lib/me.ts'
import { queryClient } from './lib/query-client.ts'
import { onSessionChange } from './lib/session-refresh.ts'
import { createAppRouter } from './router.tsx'
import './styles.css'

document.title = PRODUCT_NAME
listenForChunkErrors()
runSplash()

const router = createAppRouter(queryClient)

// Session refresh signal (seed §4): after sign-in, sign-out and user changes, reload the user and re-run guards.
onSessionChange(async () => {
  await queryClient.invalidateQueries({ queryKey: meQueryKey, refetchType: 'all' })
  await router.invalidate()
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
