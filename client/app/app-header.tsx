// The 48 px header row of the signed-in app; at 375 px the picker truncates and the admin actions
// and theme switch move into the menus, so everything stays reachable.
import { Link } from '@tanstack/react-router'
import { SyncStatus } from '../components/sync-status.tsx'
import { LogoMark } from '../components/ui/logo.tsx'
import { CopyFormatPanel } from '../copy/copy-format-panel.tsx'
import { useProjectSearch } from '../data/use-current.ts'
import { MobileMenu } from './mobile-menu.tsx'
import { NavTabs } from './nav-tabs.tsx'
import { ProjectPicker } from './project-picker.tsx'
import { SettingsMenu } from './settings-menu.tsx'
import { ThemeToggle } from './theme-toggle.tsx'
import { WorkspaceAdminButtons } from './workspace-admin-buttons.tsx'

export function AppHeader() {
  const search = useProjectSearch()
  return (
    <header
      data-testid="app-header"
      className="flex h-12 shrink-0 items-center gap-2 border-b border-line bg-bg/95 px-3 backdrop-blur"
    >
      <MobileMenu />
      <Link
        to="/icons"
        search={search}
        aria-label="Iconvault home"
        className="shrink-0 rounded-md p-1 focus-visible:outline-2 focus-visible:outline-accent"
      >
        <LogoMark />
      </Link>
      <span className="h-5 w-px shrink-0 bg-line" aria-hidden />
      <ProjectPicker />
      <span className="hidden h-5 w-px bg-line md:block" aria-hidden />
      <NavTabs />
      {/* shrink-0: on phones the picker gives way (it truncates); these stay reachable. */}
      <div className="ml-auto flex shrink-0 items-center gap-0.5">
        <SyncStatus />
        <WorkspaceAdminButtons />
        <CopyFormatPanel />
        <ThemeToggle />
        <SettingsMenu />
      </div>
    </header>
  )
}
