// Layout of the signed-in app: skip link, header, the scrollable content and the upgrade button.
import { type ReactNode, useEffect } from 'react'
import { openLocalDb } from '../../local/db.ts'
import { AppHeader } from './app-header.tsx'
import { MAIN_SCROLL_ID } from './scroll.ts'
import { UpgradeFab } from './upgrade-fab.tsx'

export function AppLayout({ children }: { children: ReactNode }) {
  useEffect(() => {
    // The local database exists from the first signed-in page on.
    openLocalDb().catch((error: unknown) => console.error('Could not open the local database', error))
  }, [])

  return (
    <div className="flex h-dvh flex-col bg-bg">
      <a
        href={`#${MAIN_SCROLL_ID}`}
        onClick={(event) => {
          // Move focus without a hash navigation (the router would treat it as a route change).
          event.preventDefault()
          document.getElementById(MAIN_SCROLL_ID)?.focus()
        }}
        className="sr-only z-50 rounded-md bg-accent px-3 py-2 text-sm text-accent-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppHeader />
      <main id={MAIN_SCROLL_ID} tabIndex={-1} className="flex-1 overflow-y-auto outline-none">
        {children}
      </main>
      <UpgradeFab />
    </div>
  )
}
