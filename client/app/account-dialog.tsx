// Account dialog: e-mail, plan and subscription status, with cancel or restore (docs/product.md §Dialogs, §Subscriptions),
// the maker credits left this month, the personal projects' storage against the plan's quota (ADR 0308),
// Change plan (/upgrade) and Delete account (delete-account.tsx, ADR 0410).
import { appMessages } from '@common/messages.ts'
import { Link } from '@tanstack/react-router'
import { StorageMeter } from '../components/storage-meter.tsx'
import { Button } from '../components/ui/button.tsx'
import { Dialog, DialogContent } from '../components/ui/dialog.tsx'
import { useCreditsUsage } from '../data/credits.ts'
import { useStorageUsage } from '../data/storage.ts'
import { SubscriptionSection } from '../features/billing/subscription-section.tsx'
import { TokensSection } from '../features/tokens/tokens-section.tsx'
import { useMe } from '../lib/me.ts'
import { useUpgradeSearch } from '../lib/upgrade-search.ts'
import { DeleteAccount } from './delete-account.tsx'

interface AccountDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-line py-2.5 last:border-0">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-right text-sm font-medium text-fg">{value}</dd>
    </div>
  )
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export function AccountDialog({ open, onOpenChange }: AccountDialogProps) {
  const user = useMe()
  const storage = useStorageUsage()
  const credits = useCreditsUsage(null)
  const upgradeSearch = useUpgradeSearch()
  if (!user) return null
  const status = user.status ? capitalize(user.status) : 'No subscription'
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Account">
        <dl data-testid="account-details">
          <Row label="E-mail" value={user.email} />
          <Row label="Plan" value={capitalize(user.plan)} />
          <Row label="Subscription" value={status} />
          <Row
            label="Maker credits"
            value={
              credits
                ? appMessages.creditsLeft(Math.max(0, credits.limit - credits.used), credits.limit)
                : credits === null
                  ? 'Not available right now'
                  : appMessages.loading
            }
          />
        </dl>
        <div className="mt-4 rounded-lg border border-line p-3" data-testid="account-storage">
          <h2 className="mb-2 text-sm font-medium text-fg">Personal projects</h2>
          {storage.data ? (
            <StorageMeter usage={storage.data.personal} />
          ) : (
            <p className="text-sm text-muted">
              {storage.isError ? appMessages.storageUnavailable : appMessages.loading}
            </p>
          )}
        </div>
        <TokensSection />
        <SubscriptionSection />
        <div className="mt-5 flex justify-end">
          <Button variant="secondary" size="sm" asChild>
            <Link to="/upgrade" search={upgradeSearch} onClick={() => onOpenChange(false)}>
              {appMessages.changePlan}
            </Link>
          </Button>
        </div>
        <DeleteAccount email={user.email} onDeleted={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}
