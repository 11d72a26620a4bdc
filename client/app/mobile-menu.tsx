// Below the md breakpoint the tabs and the workspace admin actions move into this menu; the current
// tab is marked (aria-current, accent colour and a check).
import { Link } from '@tanstack/react-router'
import { Check, Menu as MenuIcon } from 'lucide-react'
import { Button } from '../components/ui/button.tsx'
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../components/ui/menu.tsx'
import { useAfterMenuClose } from '../components/ui/use-after-menu-close.ts'
import { useProjectSearch } from '../data/use-current.ts'
import { NAV_ITEMS } from './nav-items.ts'
import { useWorkspaceAdmin } from './workspace-admin-buttons.tsx'

export function MobileMenu() {
  const search = useProjectSearch()
  const admin = useWorkspaceAdmin()
  const afterClose = useAfterMenuClose()
  return (
    <>
      <Menu>
        <MenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open menu"
            className="shrink-0 md:hidden"
            data-testid="mobile-menu"
          >
            <MenuIcon className="size-4" aria-hidden />
          </Button>
        </MenuTrigger>
        <MenuContent label="Menu" align="start" onCloseAutoFocus={afterClose.onCloseAutoFocus}>
          {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
            <MenuItem key={to} asChild>
              <Link
                to={to}
                search={search}
                activeProps={{ 'aria-current': 'page', className: 'font-medium text-accent' }}
              >
                {({ isActive }) => (
                  <>
                    <Icon className="size-4 text-muted" aria-hidden />
                    {label}
                    {isActive ? <Check className="ml-auto size-4" aria-hidden /> : null}
                  </>
                )}
              </Link>
            </MenuItem>
          ))}
          {admin.actions.length > 0 ? <MenuSeparator /> : null}
          {admin.actions.map(({ id, label, icon: Icon }) => (
            <MenuItem key={id} onSelect={() => afterClose.defer(() => admin.openDialog(id))}>
              <Icon className="size-4 text-muted" aria-hidden />
              {label}
            </MenuItem>
          ))}
        </MenuContent>
      </Menu>
      {admin.dialogs}
    </>
  )
}
