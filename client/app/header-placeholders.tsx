// What the header shows of its menus, picker and panels until their code has loaded, after the page's
// content painted (lib/after-paint.tsx, ADR 0406): the same buttons, aria-disabled (they look the
// same and do nothing yet; a click waits for the real one). Keep in step with the real triggers:
// mobile-menu.tsx, picker-button.tsx, workspace-admin-buttons.tsx, copy/copy-format-panel.tsx,
// settings-menu.tsx.
import { Code, Menu as MenuIcon, Settings } from 'lucide-react'
import { Button } from '../components/ui/button.tsx'
import { useCurrent } from '../data/use-current.ts'
import { useMe } from '../lib/me.ts'
import { adminActions } from './admin-actions.ts'
import { PickerButton, usePickerLabel } from './picker-button.tsx'

export function MobileMenuPlaceholder() {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Open menu"
      aria-disabled
      className="shrink-0 md:hidden"
      data-testid="mobile-menu"
    >
      <MenuIcon className="size-4" aria-hidden />
    </Button>
  )
}

export function ProjectPickerPlaceholder() {
  const user = useMe()
  const label = usePickerLabel()
  return user ? <PickerButton label={label} aria-disabled /> : null
}

export function AdminButtonsPlaceholder() {
  const { workspace } = useCurrent()
  return adminActions(workspace).map(({ id, label, icon: Icon, testId }) => (
    <Button
      key={id}
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      aria-disabled
      data-testid={testId}
      className="max-md:hidden"
    >
      <Icon className="size-4" aria-hidden />
    </Button>
  ))
}

export function CopyFormatPlaceholder() {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Copy Format"
      title="Copy Format"
      aria-disabled
      data-testid="copy-format-button"
    >
      <Code className="size-4" aria-hidden />
    </Button>
  )
}

export function SettingsPlaceholder() {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Settings"
      title="Settings"
      aria-disabled
      data-testid="settings-menu"
      className="shrink-0"
    >
      <Settings className="size-4" aria-hidden />
    </Button>
  )
}
