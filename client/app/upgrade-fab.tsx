// Round floating upgrade button for signed-in users without a plan on /icons, /maker and /info.
import { isPaidPlan } from '@common/plans.ts'
import { Link, useLocation } from '@tanstack/react-router'
import { Sparkles } from 'lucide-react'
import { useMe } from '../lib/me.ts'

const FAB_PATHS = new Set(['/icons', '/maker', '/info'])

export function UpgradeFab() {
  const user = useMe()
  const pathname = useLocation({ select: (l) => l.pathname })
  if (!user || isPaidPlan(user.plan) || !FAB_PATHS.has(pathname)) return null
  return (
    <Link
      to="/upgrade"
      aria-label="Upgrade"
      title="Upgrade"
      data-testid="upgrade-fab"
      className="fixed right-6 bottom-6 z-30 grid size-12 place-items-center rounded-full bg-accent-solid text-accent-fg shadow-lg shadow-accent/30 transition hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <Sparkles className="size-5" aria-hidden />
    </Link>
  )
}
