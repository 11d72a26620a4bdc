// Layout of the signed-in app: skip link, header, the scrollable content and the upgrade button;
// it runs the local sync engine, keeps the current workspace in step with the open project and
// shows pending workspace invitations.
import type { ReactNode } from 'react'
import { useCurrent, useFollowOpenProject } from '../data/use-current.ts'
import { afterPaint } from '../lib/after-paint.tsx'
import { useMe } from '../lib/me.ts'
import { AppHeader } from './app-header.tsx'
import { MAIN_SCROLL_ID } from './scroll.ts'
import { UpgradeFab, useUpgradeFab } from './upgrade-fab.tsx'
import { useLocalSync } from './use-local-sync.ts'
import { useSignOut } from './use-sign-out.ts'

// Pending invitations open a dialog of their own: its code loads after the content painted (ADR 0406).
const InvitationDialog = afterPaint(
  () => import('../features/workspaces/invitation-dialog.tsx').then((m) => m.InvitationDialog),
  () => null,
)

// A sign-in link opened while signed in: asks before signing out to use it (login CSRF, ADR 0013).
const PendingLinkDialog = afterPaint(
  () => import('../features/auth/pending-link-dialog.tsx').then((m) => m.PendingLinkDialog),
  () => null,
)

export function AppLayout({ children }: { children: ReactNode }) {
  const user = useMe()
  const signOut = useSignOut()
  useLocalSync(user?.id)
  useFollowOpenProject()
  const { joinWorkspace } = useCurrent()
  // The upgrade button's strip below the content: nothing scrolls to rest under it (ADR 0409).
  const fab = useUpgradeFab()

  return (
    <div className="flex h-dvh flex-col bg-bg">
      <a
        href={`#${MAIN_SCROLL_ID}`}
        onClick={(event) => {
          // Move focus without a hash navigation (the router would treat it as a route change).
          event.preventDefault()
          document.getElementById(MAIN_SCROLL_ID)?.focus()
        }}
        className="sr-only z-50 rounded-md bg-accent-solid px-3 py-2 text-sm text-accent-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppHeader />
      <main
        id={MAIN_SCROLL_ID}
        tabIndex={-1}
        className={`flex-1 overflow-y-auto outline-none ${fab ? 'pb-16' : ''}`}
      >
        {children}
        {/* In the main landmark (fixed on screen): all content sits in landmarks. */}
        <UpgradeFab />
      </main>
      <InvitationDialog onAccepted={joinWorkspace} />
      {user ? <PendingLinkDialog email={user.email} onContinue={(token) => void signOut(token)} /> : null}
    </div>
  )
}
