// "Recently deleted" of a project (ADR 0408): the icons deleted in the last 30
// days, newest first, each with its thumbnail, name, who deleted it and when, and Restore (one, or
// every one ticked). It asks the server, so offline it says it needs a connection. Opened from the
// vault's toolbar by those who may restore icons (icon:update).
import { appMessages } from '@common/messages.ts'
import { TRASH_DAYS } from '@common/retention.ts'
import { RotateCcw } from 'lucide-react'
import { type ReactNode, useId, useMemo, useState, useSyncExternalStore } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx'
import { serverListState } from '../../../components/ui/server-list-state.tsx'
import { type DeletedIcon, useDeletedIcons, useRestoreDeleted } from '../../../data/deleted-icons.ts'
import { errorMessage } from '../../../lib/api.ts'
import { ICON_INK, iconDataUri } from '../../../lib/icon-image.ts'
import { useMe } from '../../../lib/me.ts'
import { useNow } from '../../../lib/now.ts'
import { useTheme } from '../../../lib/theme.ts'
import { toast } from '../../../lib/toast.ts'
import { isOffline, subscribeConnection } from '../../../local/connection.ts'
import { db, type LocalProject } from '../../../local/db.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'
import { relativeTime } from '../detail/history-text.ts'

interface TrashDialogProps {
  project: LocalProject
  open: boolean
  onOpenChange(open: boolean): void
}

/** Who deleted it, as the vault names people: "you", their e-mail in the workspace, or nobody known. */
function useDeleters(workspaceId: string | null) {
  return useLiveQuery(
    async () =>
      workspaceId
        ? new Map(
            (await db.workspaces_access.where('workspace_id').equals(workspaceId).toArray()).map((a) => [
              a.user_id,
              a.email,
            ]),
          )
        : new Map<string | null, string>(),
    [workspaceId],
  )
}

export function TrashDialog({ project, open, onOpenChange }: TrashDialogProps) {
  const offline = useSyncExternalStore(subscribeConnection, isOffline)
  const list = useDeletedIcons(project.id, open && !offline)
  const restore = useRestoreDeleted(project.id)
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
  const now = useNow()
  const [busy, setBusy] = useState(false)
  const me = useMe()
  const people = useDeleters(project.workspace_id)
  const ink = ICON_INK[useTheme()]
  const icons = list.data
  const chosen = useMemo(() => icons?.filter((i) => ticked.has(i.id)) ?? [], [icons, ticked])
  const allId = useId()

  const deleter = (icon: DeletedIcon) => {
    if (!icon.deleted_by) return undefined
    if (icon.deleted_by === me?.id) return 'you'
    return people?.get(icon.deleted_by) ?? undefined
  }

  const run = async (which: readonly DeletedIcon[]) => {
    if (!which.length) return
    setBusy(true)
    try {
      await restore(which)
      setTicked((t) => new Set([...t].filter((id) => !which.some((i) => i.id === id))))
      toast(appMessages.iconsRestored(which.length), 'success')
    } catch (error) {
      toast(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const toggle = (id: string, on: boolean) =>
    setTicked((t) => {
      const next = new Set(t)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  let body: ReactNode = serverListState({
    offline,
    list,
    rows: icons?.length ?? 0,
    texts: {
      offline: appMessages.recentlyDeletedNeedsConnection,
      failed: appMessages.recentlyDeletedFailed,
      empty: appMessages.recentlyDeletedIconsEmpty(TRASH_DAYS),
    },
    testId: 'trash',
  })
  if (!body && icons) {
    const all = chosen.length === icons.length
    body = (
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label htmlFor={allId} className="flex min-h-8 items-center gap-2 text-sm text-fg">
            <input
              id={allId}
              type="checkbox"
              className="size-4"
              checked={all}
              ref={(el) => {
                if (el) el.indeterminate = chosen.length > 0 && !all
              }}
              onChange={(e) => setTicked(e.target.checked ? new Set(icons.map((i) => i.id)) : new Set())}
            />
            Select all
          </label>
          <Button
            size="sm"
            disabled={busy || chosen.length === 0}
            onClick={() => void run(chosen)}
            data-testid="restore-selected"
          >
            <RotateCcw className="size-3.5" aria-hidden />
            {appMessages.restoreSelected(chosen.length)}
          </Button>
        </div>
        <ul
          className="flex flex-col divide-y divide-line rounded-lg border border-line"
          aria-label="Deleted icons"
        >
          {icons.map((icon) => {
            const by = deleter(icon)
            const boxId = `trash-${icon.id}`
            return (
              <li key={icon.id} className="flex items-center gap-3 px-3 py-2" data-testid="deleted-icon">
                <input
                  id={boxId}
                  type="checkbox"
                  className="size-4 shrink-0"
                  checked={ticked.has(icon.id)}
                  onChange={(e) => toggle(icon.id, e.target.checked)}
                />
                <img src={iconDataUri(icon.svg, ink)} alt="" className="size-8 shrink-0 object-contain" />
                <label htmlFor={boxId} className="min-w-0 flex-1 text-sm">
                  <span className="block truncate font-medium text-fg">{icon.name}</span>
                  <span className="block truncate text-xs text-muted">
                    {appMessages.deletedWhen(relativeTime(icon.deleted_at, now), by)}
                  </span>
                </label>
                <Button
                  variant="secondary"
                  size="sm"
                  className="h-8"
                  disabled={busy}
                  onClick={() => void run([icon])}
                  aria-label={appMessages.restoreNamed(icon.name)}
                >
                  {appMessages.restore}
                </Button>
              </li>
            )
          })}
        </ul>
      </div>
    )
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={appMessages.recentlyDeleted}
        description={appMessages.recentlyDeletedIconsHint(TRASH_DAYS)}
        data-testid="trash-dialog"
      >
        {body}
      </DialogContent>
    </Dialog>
  )
}
