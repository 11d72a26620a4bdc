// The router's default not-found view; a signed-in user sees it inside the app's layout (header and menus).
import { messages } from '@common/messages.ts'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '../components/ui/button.tsx'
import { useMe } from '../lib/me.ts'
import { AppLayout } from './app-layout.tsx'

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
    <AppLayout>
      <NotFoundContent signedIn />
    </AppLayout>
  )
}
