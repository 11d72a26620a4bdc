// Settings menu: Upgrade (unless gold), Account, Documents, Sign out; on phones also the theme switch
// (the header's theme button shows from the md breakpoint up).
import { canUpgrade } from '@common/plans.ts'
import { useNavigate } from '@tanstack/react-router'
import { FileText, LogOut, Moon, Settings, Sparkles, Sun, UserRound } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../components/ui/button.tsx'
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../components/ui/menu.tsx'
import { useAfterMenuClose } from '../components/ui/use-after-menu-close.ts'
import { useMe } from '../lib/me.ts'
import { setTheme, useTheme } from '../lib/theme.ts'
import { useUpgradeSearch } from '../lib/upgrade-search.ts'
import { AccountDialog } from './account-dialog.tsx'
import { useSignOut } from './use-sign-out.ts'

export function SettingsMenu() {
  const user = useMe()
  const navigate = useNavigate()
  const upgradeSearch = useUpgradeSearch()
  const signOut = useSignOut()
  const [accountOpen, setAccountOpen] = useState(false)
  const afterClose = useAfterMenuClose()
  const theme = useTheme()
  const nextTheme = theme === 'dark' ? 'light' : 'dark'
  return (
    <>
      <Menu>
        <MenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Settings"
            title="Settings"
            data-testid="settings-menu"
            className="shrink-0"
          >
            <Settings className="size-4" aria-hidden />
          </Button>
        </MenuTrigger>
        <MenuContent label="Settings" onCloseAutoFocus={afterClose.onCloseAutoFocus}>
          {user ? <p className="truncate px-2 py-1.5 text-xs text-muted">{user.email}</p> : null}
          {canUpgrade(user?.plan) ? (
            <MenuItem onSelect={() => navigate({ to: '/upgrade', search: upgradeSearch })}>
              <Sparkles className="size-4 text-muted" aria-hidden />
              Upgrade
            </MenuItem>
          ) : null}
          <MenuItem onSelect={() => afterClose.defer(() => setAccountOpen(true))}>
            <UserRound className="size-4 text-muted" aria-hidden />
            Account
          </MenuItem>
          <MenuItem onSelect={() => navigate({ to: '/legal-documents' })}>
            <FileText className="size-4 text-muted" aria-hidden />
            Documents
          </MenuItem>
          <MenuItem className="md:hidden" onSelect={() => setTheme(nextTheme)} data-testid="theme-menu-item">
            {nextTheme === 'dark' ? (
              <Moon className="size-4 text-muted" aria-hidden />
            ) : (
              <Sun className="size-4 text-muted" aria-hidden />
            )}
            {`Switch to ${nextTheme} theme`}
          </MenuItem>
          <MenuSeparator />
          <MenuItem onSelect={() => void signOut()}>
            <LogOut className="size-4 text-muted" aria-hidden />
            Sign out
          </MenuItem>
        </MenuContent>
      </Menu>
      <AccountDialog open={accountOpen} onOpenChange={setAccountOpen} />
    </>
  )
}
