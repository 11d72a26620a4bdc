// Layout of the signed-in app (header, content, upgrade button). The root route has already
// sent signed-out visitors to /sign-in; this states it again where the layout is defined.
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { AppLayout } from '../app/app-layout.tsx'

export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context }) => {
    if (!context.user) throw redirect({ to: '/sign-in', replace: true })
  },
  component: () => (
    <AppLayout>
      <Outlet />
    </AppLayout>
  ),
})
