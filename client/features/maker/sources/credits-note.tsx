// Credits left this month where paid actions are charged (the workspace, or personal).
import { useCreditsUsage } from '../../../data/credits.ts'

export function CreditsNote({ workspaceId }: { workspaceId: string | null }) {
  const credits = useCreditsUsage(workspaceId)
  if (!credits) return null
  const left = Math.max(0, credits.limit - credits.used)
  return (
    <p className="text-xs text-muted" data-testid="credits-left">
      {left} of {credits.limit} credits left this month{workspaceId ? ' (workspace)' : ''}
    </p>
  )
}
