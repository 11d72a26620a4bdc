// The router's default not-found view; a signed-in user sees it inside the app's layout (header and menus).
import { messages } from '@common/messages.ts'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { buttonClass } from '../components/ui/button.tsx'
import { useMe } from '../lib/me.ts'

// The signed-in layout is the /_app route's code: loaded here only when a signed-in user hits an
// unknown path, so that the entry (and the sign-in page) does not carry the app (ADR 0406).
const AppLayout = lazy(() => import('./app-layout.tsx').then((m) => ({ default: m.AppLayout })))

function NotFoundContent({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-24 text-center">
      <p className="text-5xl font-semibold tracking-tight text-muted">404</p>
      <h1 className="text-lg font-semibold text-fg">{messages.notFound}</h1>
      <p className="text-sm text-muted">This page does not exist or has moved.</p>
      <Link to={signedIn ? '/icons' : '/'} className={buttonClass('secondary', 'sm', 'mt-2')}>
        {signedIn ? 'Back to your icons' : 'Back to the home page'}
      </Link>
    </div>
  )
}

export function NotFoundView() {
  const user = useMe()
  if (!user) return <NotFoundContent signedIn={false} />
  return (
    <Suspense fallback={null}>
      <AppLayout>
        <NotFoundContent signedIn />
      </AppLayout>
    </Suspense>
  )
}
