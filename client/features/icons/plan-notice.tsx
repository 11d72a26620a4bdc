// Why the vault will not take files when the plan is what stops it (say why, and what to
// do): the plan's own message, then Upgrade for whoever holds the plan (the user in personal mode,
// the workspace's owner), or who to ask otherwise. Shown instead of the drop zone, and where a drop
// was refused, so a free user never meets a bare error toast.
import { appMessages } from '@common/messages.ts'
import { Link } from '@tanstack/react-router'
import { Sparkles, X } from 'lucide-react'
import { buttonClass } from '../../components/ui/button.tsx'
import { useUpgradeSearch } from '../../lib/upgrade-search.ts'
import type { VaultAccess } from './use-vault-access.ts'

export function PlanNotice({
  block,
  refused = false,
  onDismiss,
}: {
  block: NonNullable<VaultAccess['planBlock']>
  /** Files were just refused: announced at once (an alert), not only shown. */
  refused?: boolean
  /** Shown above the icons after a refused drop: it can be closed. */
  onDismiss?: () => void
}) {
  const upgradeSearch = useUpgradeSearch()
  return (
    <div
      role={refused ? 'alert' : 'status'}
      data-testid="plan-notice"
      className="mx-auto flex w-full max-w-xl flex-wrap items-center gap-3 rounded-xl border border-line bg-surface p-4 text-sm"
    >
      <Sparkles className="size-5 shrink-0 text-accent" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-fg">{appMessages.vaultNeedsPlan}</p>
        <p className="text-muted">
          {block.message} {block.userCanUpgrade ? '' : appMessages.vaultAskOwner}
        </p>
      </div>
      {block.userCanUpgrade ? (
        <Link to="/upgrade" search={upgradeSearch} className={buttonClass('primary', 'sm')}>
          {appMessages.vaultUpgrade}
        </Link>
      ) : null}
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={appMessages.dismiss}
          className={buttonClass('ghost', 'icon')}
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  )
}
