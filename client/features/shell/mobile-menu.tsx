// Below the md breakpoint the tabs move into this menu.
import { Link } from '@tanstack/react-router'
import { Menu as MenuIcon } from 'lucide-react'
import { Button } from '../../components/ui/button.tsx'
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../components/ui/menu.tsx'
import { NAV_ITEMS, useProjectSearch } from './nav-items.ts'

export function MobileMenu() {
  const search = useProjectSearch()
  return (
    <Menu>
      <MenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Open menu"
          className="md:hidden"
          data-testid="mobile-menu"
        >
          <MenuIcon className="size-4" aria-hidden />
        </Button>
      </MenuTrigger>
      <MenuContent align="start">
        {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
          <MenuItem key={to} asChild>
            <Link to={to} search={search} activeProps={{ 'aria-current': 'page', className: 'font-medium' }}>
              <Icon className="size-4 text-muted" aria-hidden />
              {label}
            </Link>
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  )
}
