// /review: the current workspace's icons waiting for review, oldest first (ADR 0413). Filter by
// project and author; it opens with the first icon chosen; J/K move, D shows or hides the changes;
// for owners and admins A approves (a confirmation names the failing rules, confirming overrides
// them) and R rejects with a comment; members and viewers read it without deciding. A decided icon
// leaves the queue and the next one is chosen. At 375 px the chosen icon comes first with its
// buttons, the list under it.
import { reviewMessages } from '@common/messages.ts'
import { can } from '@common/permissions.ts'
import type { IconRow } from '@common/schemas/rows.ts'
import { ClipboardCheck } from 'lucide-react'
import { useMemo, useRef, useState } from 'react'
import { useReviewFlow } from '../../components/review/review-flow.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { Select } from '../../components/ui/select.tsx'
import { useQueueFreshness, useReviewQueue } from '../../data/reviews.ts'
import { useRuleChecks } from '../../data/rule-checks.ts'
import { useCurrent } from '../../data/use-current.ts'
import { db } from '../../local/db.ts'
import { useLiveQuery } from '../../local/use-live-query.ts'
import { QueueList } from './queue-list.tsx'
import { ReviewPane } from './review-pane.tsx'
import { useReviewKeys } from './use-review-keys.ts'

interface ReviewPageProps {
  projectId: string | undefined
  authorId: string | undefined
  onFilter(next: { project?: string | undefined; author?: string | undefined }): void
}

const ALL = 'all'

/** The workspace's projects and people, by id, for the filters and the rows. */
function useNames(workspaceId: string | null) {
  return useLiveQuery(async () => {
    if (!workspaceId) return { projects: new Map<string, string>(), people: new Map<string, string>() }
    const [projects, people] = await Promise.all([
      db.projects.where('workspace_id').equals(workspaceId).toArray(),
      db.workspaces_access.where('workspace_id').equals(workspaceId).toArray(),
    ])
    return {
      projects: new Map(projects.map((p) => [p.id, p.name])),
      people: new Map(people.flatMap((p) => (p.user_id ? [[p.user_id, p.email] as const] : []))),
    }
  }, [workspaceId])
}

/** The chosen icon: the first at first; when it leaves the queue, the one that took its place. */
function useChosen(icons: readonly IconRow[] | undefined) {
  const [chosenId, setChosenId] = useState<string | null>(null)
  const lastIndex = useRef(0)
  const index = icons ? icons.findIndex((icon) => icon.id === chosenId) : -1
  if (index >= 0) lastIndex.current = index
  const fallback = icons?.length ? icons[Math.min(lastIndex.current, icons.length - 1)] : undefined
  const chosen = index >= 0 ? icons?.[index] : fallback
  return { chosen: chosen ?? null, index: chosen ? (icons?.indexOf(chosen) ?? 0) : -1, choose: setChosenId }
}

export function ReviewPage({ projectId, authorId, onFilter }: ReviewPageProps) {
  const { workspace, workspaceLoading, role, userId } = useCurrent()
  const allowed = !!workspace && can(role, 'icon:read')
  const decides = can(role, 'icon:approve')
  const workspaceId = allowed ? workspace.id : null
  useQueueFreshness(workspaceId)
  const queue = useReviewQueue(workspaceId, { projectId, authorId })
  const icons = queue.data
  const { chosen, index, choose } = useChosen(icons)
  const names = useNames(workspaceId)
  const outcome = useRuleChecks(chosen?.svg ?? null, workspaceId)
  const [showDiff, setShowDiff] = useState(true)
  const flow = useReviewFlow()

  const projectName = (id: string) => names?.projects.get(id) ?? '…'
  const authorName = (id: string | null) =>
    id && id === userId ? 'you' : ((id && names?.people.get(id)) ?? 'a former member')
  const move = (delta: 1 | -1) => {
    const next = icons?.[index + delta]
    if (next) choose(next.id)
  }
  useReviewKeys({
    move,
    approve: () => decides && chosen && flow.approve(chosen, outcome),
    reject: () => decides && chosen && flow.reject(chosen),
    toggleDiff: () => setShowDiff((shown) => !shown),
  })
  const projectOptions = useMemo(
    () => [
      { value: ALL, label: reviewMessages.allProjects },
      ...[...(names?.projects ?? [])]
        .map(([value, label]) => ({ value, label }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    ],
    [names],
  )
  const authorOptions = useMemo(
    () => [
      { value: ALL, label: reviewMessages.allAuthors },
      ...[...(names?.people ?? [])]
        .map(([value, label]) => ({ value, label }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    ],
    [names],
  )

  // Not "personal" while the remembered workspace's row is still being read: nothing for that instant.
  if (!workspace && workspaceLoading) return null
  if (!workspace)
    return (
      <EmptyState icon={ClipboardCheck} title={reviewMessages.queueTitle}>
        {reviewMessages.queuePersonal}
      </EmptyState>
    )
  if (!allowed)
    return (
      <EmptyState icon={ClipboardCheck} title={reviewMessages.queueTitle}>
        {reviewMessages.queueNotAllowed}
      </EmptyState>
    )

  // From md up the page is the content area's height: the list scrolls inside it and draws only
  // its visible rows (without a bound it grew to all of them, 1,000 images). At 375 px the list's
  // own max-h-72 bounds it.
  return (
    <main
      className="mx-auto flex w-full max-w-6xl flex-col gap-3 p-3 md:h-full md:p-4"
      data-testid="review-page"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-lg font-semibold text-fg">
          {reviewMessages.queueTitle}{' '}
          <span className="text-sm font-normal text-muted" data-testid="review-waiting">
            {icons ? reviewMessages.waiting(icons.length) : ''}
          </span>
        </h1>
        <Select
          value={projectId ?? ALL}
          onValueChange={(v) => onFilter({ project: v === ALL ? undefined : v })}
          options={projectOptions}
          aria-label={reviewMessages.byProject}
          data-testid="review-filter-project"
        />
        <Select
          value={authorId ?? ALL}
          onValueChange={(v) => onFilter({ author: v === ALL ? undefined : v })}
          options={authorOptions}
          aria-label={reviewMessages.byAuthor}
          data-testid="review-filter-author"
        />
      </div>
      <p className="hidden text-xs text-muted md:block">
        {decides ? reviewMessages.keys : reviewMessages.keysReadOnly}
      </p>
      {decides ? null : (
        <p className="text-sm text-muted" data-testid="review-read-only">
          {reviewMessages.queueReadOnly}
        </p>
      )}
      {queue.isError && !icons ? (
        <p className="text-sm text-danger" role="alert">
          {reviewMessages.queueFailed}
        </p>
      ) : icons && !icons.length ? (
        <EmptyState icon={ClipboardCheck} title={reviewMessages.queueEmpty} />
      ) : icons && chosen ? (
        <div className="flex min-h-0 flex-1 flex-col gap-4 md:flex-row">
          <QueueList
            icons={icons}
            chosenId={chosen.id}
            onChoose={choose}
            projectName={projectName}
            authorName={authorName}
            className="order-2 max-h-72 shrink-0 rounded-lg border border-line md:order-1 md:max-h-none md:w-80"
          />
          <div className="order-1 min-w-0 flex-1 md:order-2 md:overflow-y-auto">
            <ReviewPane
              icon={chosen}
              position={{ index, count: icons.length }}
              outcome={outcome}
              showDiff={showDiff}
              busy={flow.busy}
              decides={decides}
              projectName={projectName(chosen.project_id)}
              authorName={authorName(chosen.user_id)}
              onMove={move}
              onApprove={() => flow.approve(chosen, outcome)}
              onReject={() => flow.reject(chosen)}
              onToggleDiff={() => setShowDiff((shown) => !shown)}
            />
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted" role="status">
          …
        </p>
      )}
      {flow.dialogs}
    </main>
  )
}
