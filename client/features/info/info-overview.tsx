// /info without a project: the user's account at a glance. Projects and credits join in later issues.
import { Mail, Sparkles } from 'lucide-react'
import { useMe } from '../../lib/me.ts'

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export function InfoOverview() {
  const user = useMe()
  if (!user) return null
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-fg">Overview</h1>
        <p className="text-sm text-muted">Select a project to see its icons, contributors and exports.</p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-2" data-testid="info-overview">
        <div className="rounded-xl border border-line bg-raised p-5">
          <dt className="flex items-center gap-2 text-sm text-muted">
            <Mail className="size-4" aria-hidden />
            E-mail
          </dt>
          <dd className="mt-2 truncate text-base font-medium text-fg">{user.email}</dd>
        </div>
        <div className="rounded-xl border border-line bg-raised p-5">
          <dt className="flex items-center gap-2 text-sm text-muted">
            <Sparkles className="size-4" aria-hidden />
            Plan
          </dt>
          <dd className="mt-2 text-base font-medium text-fg">
            {capitalize(user.plan)}
            {user.status === 'canceled' ? <span className="ml-2 text-sm text-muted">(canceled)</span> : null}
          </dd>
        </div>
      </dl>
      <section className="rounded-xl border border-dashed border-line p-5">
        <h2 className="text-sm font-medium text-fg">Projects</h2>
        <p className="mt-1 text-sm text-muted">You have no projects yet. Creating projects arrives soon.</p>
      </section>
    </div>
  )
}
