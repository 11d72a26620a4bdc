// Round floating upgrade button for signed-in users without a plan on /icons, /maker and /info.
// It never covers a control or an error (ADR 0409): the layout keeps a strip free for it below the
// content (useUpgradeFab: the content scrolls above it, the grid ends above it), and it steps aside
// while a dialog, the detail panel, a toast, the selection's bar or an error (role=alert) is shown.
import { isPaidPlan } from '@common/plans.ts'
import { Link, useLocation } from '@tanstack/react-router'
import { Sparkles } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useMe } from '../lib/me.ts'
import { useUpgradeSearch } from '../lib/upgrade-search.ts'

const FAB_PATHS = new Set(['/icons', '/maker', '/info'])

/** What the button gives way to. */
const OVERLAYS = [
  '[role="dialog"]',
  '[role="alertdialog"]',
  '[role="alert"]',
  '[data-testid="toast"][data-state="visible"]',
  '[data-testid="bulk-bar"]',
].join(',')

/** Whether the upgrade button is on this page (the layout keeps its strip free then). */
export function useUpgradeFab(): boolean {
  const user = useMe()
  const pathname = useLocation({ select: (l) => l.pathname })
  return Boolean(user && !isPaidPlan(user.plan) && FAB_PATHS.has(pathname))
}

/** Whether something the button could cover is shown (checked once a frame at most, on DOM changes). */
function useOverlayShown(watch: boolean): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!watch) return
    let frame = 0
    const check = () => {
      frame = 0
      setShown(document.querySelector(OVERLAYS) !== null)
    }
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(check)
    })
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-state', 'role'],
    })
    check()
    return () => {
      observer.disconnect()
      cancelAnimationFrame(frame)
    }
  }, [watch])
  return shown
}

export function UpgradeFab() {
  const shows = useUpgradeFab()
  const covered = useOverlayShown(shows)
  const upgradeSearch = useUpgradeSearch()
  if (!shows || covered) return null
  return (
    <Link
      to="/upgrade"
      search={upgradeSearch}
      aria-label="Upgrade"
      title="Upgrade"
      data-testid="upgrade-fab"
      className="fixed right-4 bottom-3 z-30 grid size-12 place-items-center rounded-full bg-accent-solid text-accent-fg shadow-lg shadow-accent/30 transition hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      <Sparkles className="size-5" aria-hidden />
    </Link>
  )
}
