// Settings menu: Upgrade (unless gold), Account, Documents, Sign out.
import { canUpgrade } from '@common/plans.ts'
import { useNavigate } from '@tanstack/react-router'
import { FileText, LogOut, Settings, Sparkles, UserRound } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../components/ui/menu.tsx'
import { useMe } from '../../lib/me.ts'
import { AccountDialog } from './account-dialog.tsx'
import { useSignOut } from './use-sign-out.ts'

export function SettingsMenu() {
  const user = useMe()
  const navigate = useNavigate()
  const signOut = useSignOut()
  const [accountOpen, setAccountOpen] = useState(false)
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
          >
            <Settings className="size-4" aria-hidden />
          </Button>
        </MenuTrigger>
        <MenuContent>
          {user ? <p className="truncate px-2 py-1.5 text-xs text-muted">{user.email}</p> : null}
          {canUpgrade(user?.plan) ? (
            <MenuItem onSelect={() => navigate({ to: '/upgrade' })}>
              <Sparkles className="size-4 text-muted" aria-hidden />
              Upgrade
            </MenuItem>
          ) : null}
          <MenuItem onSelect={() => setAccountOpen(true)}>
            <UserRound className="size-4 text-muted" aria-hidden />
            Account
          </MenuItem>
          <MenuItem onSelect={() => navigate({ to: '/legal-documents' })}>
            <FileText className="size-4 text-muted" aria-hidden />
            Documents
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
