// The people who added the project's icons (distinct user ids of its icons), shown by e-mail where
// the workspace's people list knows them, with how many icons each added.
import { appMessages } from '@common/messages.ts'
import { UserRound } from 'lucide-react'
import { useMemo } from 'react'
import { useAccessUsers } from '../../data/access.ts'
import type { IconHead } from '../../data/icon-heads.ts'
import { useMe } from '../../lib/me.ts'
import type { LocalWorkspaceAccess } from '../../local/db.ts'

interface Contributor {
  id: string
  label: string
  count: number
}

function contributorsOf(
  icons: readonly IconHead[],
  people: readonly LocalWorkspaceAccess[],
  me: { id: string; email: string } | null,
) {
  const counts = new Map<string, number>()
  for (const icon of icons) if (icon.user_id) counts.set(icon.user_id, (counts.get(icon.user_id) ?? 0) + 1)
  const emails = new Map(people.filter((p) => p.user_id).map((p) => [p.user_id!, p.email]))
  if (me) emails.set(me.id, me.email)
  const list: Contributor[] = [...counts].map(([id, count]) => ({
    id,
    count,
    label: emails.get(id) ?? 'A former member',
  }))
  return list.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
}

function WorkspaceList({ icons, workspaceId }: { icons: readonly IconHead[]; workspaceId: string }) {
  return <List icons={icons} people={useAccessUsers(workspaceId) ?? []} />
}

function List({ icons, people }: { icons: readonly IconHead[]; people: readonly LocalWorkspaceAccess[] }) {
  const me = useMe()
  const list = useMemo(() => contributorsOf(icons, people, me), [icons, people, me])
  if (!list.length) return <p className="mt-2 text-sm text-muted">Nobody has added icons yet.</p>
  return (
    <ul className="mt-3 flex flex-col gap-2" data-testid="contributors">
      {list.map((c) => (
        <li key={c.id} className="flex items-center gap-2 text-sm">
          <UserRound className="size-4 text-muted" aria-hidden />
          <span className="flex-1 truncate text-fg">{c.label}</span>
          <span className="text-muted tabular-nums">{appMessages.iconCount(c.count)}</span>
        </li>
      ))}
    </ul>
  )
}

export function Contributors({
  icons,
  workspaceId,
}: {
  icons: readonly IconHead[]
  workspaceId: string | null
}) {
  return (
    <section aria-labelledby="contributors-title" className="rounded-xl border border-line bg-raised p-5">
      <h2 id="contributors-title" className="text-base font-semibold text-fg">
        Contributors
      </h2>
      {workspaceId ? (
        <WorkspaceList icons={icons} workspaceId={workspaceId} />
      ) : (
        <List icons={icons} people={[]} />
      )}
    </section>
  )
}
