// "Recently deleted" projects and workspaces (ADR 0018), opened from the project
// picker: what was deleted in the last 30 days, newest first, with who deleted it and when, and a
// Restore button each. Projects: those of the current workspace (or personal ones), for whoever may
// delete projects there; workspaces: those the user may restore (their owner and admins). Both ask
// the server, so offline they say they need a connection. One column, full-width rows: fine at 375 px.
import { appMessages } from '@common/messages.ts'
import { TRASH_DAYS } from '@common/retention.ts'
import type { DeletedBy } from '@common/schemas/projects.ts'
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import { RotateCcw } from 'lucide-react'
import { type ReactNode, useSyncExternalStore } from 'react'
import { Button } from '../components/ui/button.tsx'
import { Dialog, DialogContent } from '../components/ui/dialog.tsx'
import { serverListState } from '../components/ui/server-list-state.tsx'
import { useDeletedProjects, useRestoreProject } from '../data/projects.ts'
import { useDeletedWorkspaces, useRestoreWorkspace } from '../data/workspaces.ts'
import { errorMessage } from '../lib/api.ts'
import { useMe } from '../lib/me.ts'
import { toast } from '../lib/toast.ts'
import { isOffline, subscribeConnection } from '../local/connection.ts'

type Item = { id: string; name: string; deleted_at: string; deleted_by: DeletedBy; detail: string }

interface ListProps {
  title: string
  hint: string
  empty: string
  testId: string
  open: boolean
  onOpenChange(open: boolean): void
  list: UseQueryResult<Item[]>
  restore: UseMutationResult<{ name: string }, Error, string>
  restored(name: string): string
  onRestored?(id: string): void
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })

function RecentlyDeletedDialog(props: ListProps) {
  const { title, hint, empty, testId, open, onOpenChange, list, restore } = props
  const offline = useSyncExternalStore(subscribeConnection, isOffline)
  const me = useMe()
  const who = (by: DeletedBy) => (!by ? undefined : by.id === me?.id ? 'you' : by.name || by.email)

  const run = (item: Item) =>
    restore.mutate(item.id, {
      onSuccess: () => {
        toast(props.restored(item.name), 'success')
        props.onRestored?.(item.id)
      },
      onError: (error) => toast(errorMessage(error)),
    })

  let body: ReactNode = serverListState({
    offline,
    list,
    rows: list.data?.length ?? 0,
    texts: {
      offline: appMessages.recentlyDeletedNeedsConnection,
      failed: appMessages.recentlyDeletedListFailed,
      empty,
    },
    testId,
  })
  if (!body && list.data) {
    body = (
      <ul className="flex flex-col divide-y divide-line rounded-lg border border-line" aria-label={title}>
        {list.data.map((item) => (
          <li key={item.id} className="flex items-center gap-3 px-3 py-2" data-testid={`${testId}-row`}>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-fg">{item.name}</p>
              <p className="text-xs text-muted">
                {appMessages.deletedWhen(when(item.deleted_at), who(item.deleted_by))} · {item.detail}
              </p>
            </div>
            <Button
              size="sm"
              variant="secondary"
              className="min-h-9 shrink-0"
              aria-label={appMessages.restoreNamed(item.name)}
              disabled={restore.isPending}
              onClick={() => run(item)}
            >
              <RotateCcw className="size-3.5" aria-hidden />
              {appMessages.restore}
            </Button>
          </li>
        ))}
      </ul>
    )
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={hint} data-testid={testId}>
        <div className="max-h-[60vh] overflow-y-auto">{body}</div>
      </DialogContent>
    </Dialog>
  )
}

/** The current workspace's (null: personal) deleted projects; a restored one is opened. */
export function RecentlyDeletedProjects({
  workspaceId,
  open,
  onOpenChange,
  onRestored,
}: {
  workspaceId: string | null
  open: boolean
  onOpenChange(open: boolean): void
  onRestored(projectId: string): void
}) {
  const offline = useSyncExternalStore(subscribeConnection, isOffline)
  const query = useDeletedProjects(workspaceId, open && !offline)
  const restore = useRestoreProject(workspaceId)
  const list = {
    ...query,
    data: query.data?.map((p) => ({ ...p, detail: appMessages.iconCount(p.icon_count) })),
  } as UseQueryResult<Item[]>
  return (
    <RecentlyDeletedDialog
      title={appMessages.recentlyDeletedProjects}
      hint={appMessages.recentlyDeletedProjectsHint(TRASH_DAYS)}
      empty={appMessages.recentlyDeletedProjectsEmpty}
      testId="deleted-projects"
      open={open}
      onOpenChange={onOpenChange}
      list={list}
      restore={restore}
      restored={appMessages.projectRestored}
      onRestored={onRestored}
    />
  )
}

/** The deleted workspaces the user may restore; a restored one becomes the current workspace. */
export function RecentlyDeletedWorkspaces({
  open,
  onOpenChange,
  onRestored,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  onRestored(workspaceId: string): void
}) {
  const offline = useSyncExternalStore(subscribeConnection, isOffline)
  const query = useDeletedWorkspaces(open && !offline)
  const restore = useRestoreWorkspace()
  const list = {
    ...query,
    data: query.data?.map((w) => ({ ...w, detail: appMessages.projectCount(w.project_count) })),
  } as UseQueryResult<Item[]>
  return (
    <RecentlyDeletedDialog
      title={appMessages.recentlyDeletedWorkspaces}
      hint={appMessages.recentlyDeletedWorkspacesHint(TRASH_DAYS)}
      empty={appMessages.recentlyDeletedWorkspacesEmpty}
      testId="deleted-workspaces"
      open={open}
      onOpenChange={onOpenChange}
      list={list}
      restore={restore}
      restored={appMessages.workspaceRestored}
      onRestored={onRestored}
    />
  )
}
