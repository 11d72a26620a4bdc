// Who added the icon and when, its review status, and Approve for owners and admins.
import { CheckCheck } from 'lucide-react'
import { Button } from '../../../components/ui/button.tsx'
import { updateIcon } from '../../../data/icons.ts'
import { db, type LocalIcon } from '../../../local/db.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

function useAuthor(userId: string | null, meId: string): string {
  const email = useLiveQuery(
    async () =>
      userId ? ((await db.workspaces_access.where('user_id').equals(userId).first())?.email ?? null) : null,
    [userId],
  )
  if (userId && userId === meId) return 'you'
  return email ?? 'a former member'
}

export function IconFacts({
  icon,
  meId,
  canApprove,
}: {
  icon: LocalIcon
  meId: string
  canApprove: boolean
}) {
  const author = useAuthor(icon.user_id, meId)
  const review = icon.icon_status === 'needs-review'
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-muted">
        Added by <span className="text-fg">{author}</span> on {dateFormat.format(new Date(icon.created_at))}
      </p>
      <div className="flex items-center gap-2">
        <span
          data-testid="icon-status"
          className={
            review
              ? 'rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-medium text-amber-600 dark:text-amber-400'
              : 'rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-medium text-emerald-700 dark:text-emerald-400'
          }
        >
          {review ? 'Needs review' : 'Approved'}
        </span>
        {review && canApprove ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void updateIcon(icon, { icon_status: 'approved' })}
          >
            <CheckCheck className="size-3.5" aria-hidden /> Approve
          </Button>
        ) : null}
      </div>
    </div>
  )
}
