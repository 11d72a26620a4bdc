// The icon's history in the detail panel (ADR 0407): its versions newest first, each with
// a thumbnail, its number, who made it, when and what changed. Fetched again whenever the local
// row's revision changes (a change confirmed, a teammate's arriving live). Choosing a version opens
// the compare view, where it can be restored. Offline it says that history needs a connection.
import { appMessages } from '@common/messages.ts'
import { History } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { type IconVersion, useIconHistory } from '../../../data/icon-history.ts'
import { ICON_INK, iconDataUri } from '../../../lib/icon-image.ts'
import { useNow } from '../../../lib/now.ts'
import { useTheme } from '../../../lib/theme.ts'
import { db, type LocalIcon, rowKey } from '../../../local/db.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'
import { describeChange, HISTORY_SHOWN, relativeTime } from './history-text.ts'
import { VersionCompareDialog } from './version-compare-dialog.tsx'

const fullDate = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

/** Who made a version: "you", a teammate's e-mail, or "a former member". */
function useWho(workspaceId: string | null, meId: string): (userId: string | null) => string {
  const people = useLiveQuery(
    async () =>
      workspaceId
        ? new Map(
            (await db.workspaces_access.where('workspace_id').equals(workspaceId).toArray()).map((p) => [
              p.user_id,
              p.email,
            ]),
          )
        : new Map<string | null, string>(),
    [workspaceId],
  )
  return (userId) =>
    userId && userId === meId ? 'you' : ((userId && people?.get(userId)) ?? 'a former member')
}

/** Is a change of this icon still waiting in the outbox? */
const usePendingChange = (id: string) =>
  useLiveQuery(async () => (await db.outbox.where('keys').equals(rowKey('icons', id)).count()) > 0, [id])

interface HistorySectionProps {
  icon: LocalIcon
  meId: string
  /** False while the icon's creation is still queued: it has no history on the server yet. */
  onServer: boolean
  canRestore: boolean
}

export function HistorySection({ icon, meId, onServer, canRestore }: HistorySectionProps) {
  const pending = usePendingChange(icon.id)
  const history = useIconHistory(icon, { onServer, pending: pending !== false })
  const who = useWho(icon.workspace_id, meId)
  const ink = ICON_INK[useTheme()]
  const [all, setAll] = useState(false)
  const [chosen, setChosen] = useState<IconVersion | null>(null)
  const listId = useId()
  const versions = history.versions
  const shown = versions && !all ? versions.slice(0, HISTORY_SHOWN) : versions
  const now = useNow()

  return (
    <section
      aria-labelledby="icon-history-heading"
      className="flex flex-col gap-2"
      data-testid="icon-history"
    >
      <h3 id="icon-history-heading" className="flex items-center gap-1.5 text-sm font-medium text-fg">
        <History className="size-4 text-muted" aria-hidden /> History
      </h3>
      {history.offline && !versions ? (
        <p className="text-sm text-muted" role="status">
          {appMessages.historyNeedsConnection}
        </p>
      ) : !onServer ? (
        <p className="text-sm text-muted">Its history starts once the icon is saved on the server.</p>
      ) : history.failed && !versions ? (
        <p className="flex items-center gap-2 text-sm text-muted" role="status">
          {appMessages.historyFailed}
          <Button variant="secondary" size="sm" onClick={history.retry}>
            Try again
          </Button>
        </p>
      ) : !shown ? (
        <p className="text-sm text-muted" role="status" aria-busy>
          Loading history…
        </p>
      ) : (
        <>
          {history.offline ? (
            <p className="text-xs text-muted">{appMessages.historyNeedsConnection}</p>
          ) : null}
          {/* Each entry is named by what it shows (WCAG 2.5.3, label in name); what pressing does is its description. */}
          <span id={`${listId}-hint`} hidden>
            Opens this version beside the current one, to compare or restore
          </span>
          <ol className="flex flex-col" aria-label="Versions, newest first">
            {shown.map((entry, i) => {
              const what = describeChange(entry, versions?.[i + 1], who)
              const current = entry.version === icon.revision
              return (
                <li key={entry.version}>
                  <button
                    type="button"
                    onClick={() => setChosen(entry)}
                    className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent"
                    aria-describedby={`${listId}-hint`}
                    data-testid="history-entry"
                  >
                    <span className="grid size-10 shrink-0 place-items-center rounded border border-line bg-bg">
                      <img src={iconDataUri(entry.svg, ink)} alt="" className="size-7 object-contain" />
                    </span>
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="flex items-baseline gap-2 text-sm text-fg">
                        <span className="font-medium tabular-nums">v{entry.version}</span>
                        <span className="truncate">{what}</span>
                      </span>
                      <span className="truncate text-xs text-muted">
                        {who(entry.user_id)} ·{' '}
                        <time dateTime={entry.created_at} title={fullDate.format(new Date(entry.created_at))}>
                          {relativeTime(entry.created_at, now)}
                        </time>
                        {current ? ' · current' : ''}
                      </span>
                    </span>
                  </button>
                </li>
              )
            })}
          </ol>
          {versions && versions.length > HISTORY_SHOWN ? (
            <Button variant="ghost" size="sm" className="self-start" onClick={() => setAll((a) => !a)}>
              {all ? 'Show fewer' : `Show all ${versions.length} versions`}
            </Button>
          ) : null}
        </>
      )}
      <VersionCompareDialog
        icon={icon}
        version={chosen}
        canRestore={canRestore}
        who={who}
        onClose={() => setChosen(null)}
      />
    </section>
  )
}
