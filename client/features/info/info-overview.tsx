// /info without a project: the account (e-mail, plan), maker credits used this month, storage used
// against the quotas (personal and per workspace), and the user's projects, personal and per workspace, each opening its vault or its page.
import { messages } from '@common/messages.ts'
import { canUpgrade } from '@common/plans.ts'
import { Link } from '@tanstack/react-router'
import { Coins, Mail, Sparkles } from 'lucide-react'
import type { ReactNode } from 'react'
import { useCreditsUsage } from '../../data/credits.ts'
import { useMe } from '../../lib/me.ts'
import { useUpgradeSearch } from '../../lib/upgrade-search.ts'
import { db } from '../../local/db.ts'
import { useLiveQuery } from '../../local/use-live-query.ts'
import { creditsLine } from './credits-usage.ts'
import { ProjectGroup } from './project-group.tsx'
import { StorageCard } from './storage-card.tsx'

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

function Card({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-raised p-5">
      <dt className="flex items-center gap-2 text-sm text-muted">
        <Icon className="size-4" aria-hidden />
        {label}
      </dt>
      <dd className="mt-2 text-base font-medium text-fg">{children}</dd>
    </div>
  )
}

export function InfoOverview() {
  const user = useMe()
  const upgradeSearch = useUpgradeSearch()
  const credits = useCreditsUsage(null)
  const workspaces = useLiveQuery(
    async () => (await db.workspaces.toArray()).sort((a, b) => a.name.localeCompare(b.name)),
    [],
  )
  if (!user) return null
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-fg">Overview</h1>
        <p className="text-sm text-muted">Select a project to see its icons, contributors and exports.</p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3" data-testid="info-overview">
        <Card icon={Mail} label="E-mail">
          <span className="block truncate">{user.email}</span>
        </Card>
        <Card icon={Sparkles} label="Plan">
          {capitalize(user.plan)}
          {user.status === 'canceled' ? <span className="ml-2 text-sm text-muted">(canceled)</span> : null}
          {canUpgrade(user.plan) ? (
            <Link to="/upgrade" search={upgradeSearch} className="ml-2 text-sm text-accent hover:underline">
              Upgrade
            </Link>
          ) : null}
        </Card>
        <Card icon={Coins} label="Maker credits this month">
          <span className="text-sm" data-testid="personal-credits">
            {creditsLine(credits)}
          </span>
        </Card>
      </dl>
      <StorageCard />
      <ProjectGroup workspace={null} title={messages.personal} />
      {workspaces?.map((workspace) => (
        <ProjectGroup key={workspace.id} workspace={workspace} title={workspace.name} />
      ))}
    </div>
  )
}
