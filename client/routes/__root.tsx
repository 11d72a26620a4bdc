// Root route: loads the signed-in user once (cached 5 min, not reloaded on its own) and guards every path.
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { requireUserUnlessPublic } from '../features/auth/guards.ts'
import { meQueryOptions } from '../lib/me.ts'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location }) => {
    // Cached for 5 minutes; once stale, a navigation refreshes it in the background.
    const { user } = await context.queryClient.ensureQueryData({
      ...meQueryOptions(),
      revalidateIfStale: true,
    })
    requireUserUnlessPublic(user, location.pathname, location.href)
    return { user }
  },
  component: Outlet,
})
