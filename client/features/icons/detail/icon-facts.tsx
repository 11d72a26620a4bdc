// Who added the icon and when, and its review state (review-status.tsx).
import { db, type LocalIcon } from '../../../local/db.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'
import { ReviewStatus } from './review-status.tsx'

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
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-muted">
        Added by <span className="text-fg">{author}</span> on {dateFormat.format(new Date(icon.created_at))}
      </p>
      <ReviewStatus icon={icon} canApprove={canApprove} />
    </div>
  )
}
