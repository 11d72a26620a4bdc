// The router's default not-found view.
import { messages } from '@common/messages.ts'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../components/ui/button.tsx'

export function NotFoundView() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-24 text-center">
      <p className="text-5xl font-semibold tracking-tight text-muted">404</p>
      <h1 className="text-lg font-semibold text-fg">{messages.notFound}</h1>
      <p className="text-sm text-muted">This page does not exist or has moved.</p>
      <Link to="/icons" className={buttonClass('secondary', 'sm', 'mt-2')}>
        Back to your icons
      </Link>
    </div>
  )
}
