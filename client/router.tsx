// The router: file routes, the query client in context, default error and not-found views.
import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { ErrorView } from './app/error-view.tsx'
import { NotFoundView } from './app/not-found-view.tsx'
import { MAIN_SCROLL_ID } from './app/scroll.ts'
import { routeTree } from './routeTree.gen.ts'

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Query data has its own freshness; the router should always ask it.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorView,
    defaultNotFoundComponent: NotFoundView,
    // Window and the app's scrollable content go back to the top on every route change.
    scrollToTopSelectors: [`#${MAIN_SCROLL_ID}`],
  })
}

type AppRouter = ReturnType<typeof createAppRouter>

/**
 * Starts loading the code of the routes the page opens on, beside the user's request (ADR 0425): the
 * router would ask for it only once the root route's check has the user. A chunk that fails here is
 * asked for again by the router, which reports it.
 */
export function loadOpenedRouteChunks(router: AppRouter): void {
  const [routes] = router.getMatchedRoutes(location.pathname)
  for (const route of routes) router.loadRouteChunk(route)?.catch(() => {})
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
