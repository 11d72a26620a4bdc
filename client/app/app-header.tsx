// The 48 px header row of the signed-in app; at 375 px the picker truncates and the admin actions
// and theme switch move into the menus, so everything stays reachable. The menus, the picker's
// popover and the dialogs load after the page's content has painted (ADR 0406); their buttons show
// meanwhile (header-placeholders.tsx).
import { Link } from '@tanstack/react-router'
import { SyncStatus } from '../components/sync-status.tsx'
import { LogoMark } from '../components/ui/logo.tsx'
import { useProjectSearch } from '../data/use-current.ts'
import { afterPaint } from '../lib/after-paint.tsx'
import {
  AdminButtonsPlaceholder,
  CopyFormatPlaceholder,
  MobileMenuPlaceholder,
  ProjectPickerPlaceholder,
  SettingsPlaceholder,
} from './header-placeholders.tsx'
import { NavTabs } from './nav-tabs.tsx'
import { ThemeToggle } from './theme-toggle.tsx'

const MobileMenu = afterPaint(
  () => import('./mobile-menu.tsx').then((m) => m.MobileMenu),
  MobileMenuPlaceholder,
)
const ProjectPicker = afterPaint(
  () => import('./project-picker.tsx').then((m) => m.ProjectPicker),
  ProjectPickerPlaceholder,
)
const WorkspaceAdminButtons = afterPaint(
  () => import('./workspace-admin-buttons.tsx').then((m) => m.WorkspaceAdminButtons),
  AdminButtonsPlaceholder,
)
const CopyFormatPanel = afterPaint(
  () => import('../copy/copy-format-panel.tsx').then((m) => m.CopyFormatPanel),
  CopyFormatPlaceholder,
)
// The count of icons waiting for review asks the server: after the page's content (nothing before it).
const ReviewCount = afterPaint(
  () => import('./review-count.tsx').then((m) => m.ReviewCount),
  () => null,
)
const SettingsMenu = afterPaint(
  () => import('./settings-menu.tsx').then((m) => m.SettingsMenu),
  SettingsPlaceholder,
)

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
        <ReviewCount />
        <WorkspaceAdminButtons />
        <CopyFormatPanel />
        <ThemeToggle />
        <SettingsMenu />
      </div>
    </header>
  )
}
