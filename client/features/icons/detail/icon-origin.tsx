// Where an icon came from (origin_icon_id, set when it was made from another icon): a link to the
// origin when it is in this browser's vault, else a note that it is not visible.
import { Link } from '@tanstack/react-router'
import { GitFork } from 'lucide-react'
import { iconHash } from '../../../lib/icon-hash.ts'
import { db } from '../../../local/db.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'

interface IconOriginProps {
  originId: string
  projectId: string
  onOpen(id: string): void
}

const linkClass = 'font-medium text-accent underline-offset-2 hover:underline'

export function IconOrigin({ originId, projectId, onOpen }: IconOriginProps) {
  const origin = useLiveQuery(async () => (await db.icons.get(originId)) ?? null, [originId])
  const project = useLiveQuery(
    async () => (origin ? ((await db.projects.get(origin.project_id)) ?? null) : null),
    [origin],
  )
  if (origin === undefined) return null
  return (
    <div className="flex items-center gap-2 text-sm text-muted" data-testid="icon-origin">
      <GitFork className="size-4 shrink-0" aria-hidden />
      {origin ? (
        <span>
          Made from{' '}
          {origin.project_id === projectId ? (
            <button type="button" onClick={() => onOpen(origin.id)} className={linkClass}>
              {origin.name}
            </button>
          ) : (
            <Link
              to="/icons"
              search={{ projectId: origin.project_id }}
              hash={iconHash(origin.id)}
              className={linkClass}
            >
              {origin.name}
            </Link>
          )}
          {project ? ` in ${project.name}` : null}
        </span>
      ) : (
        <span>Made from an icon that is not visible to you.</span>
      )}
    </div>
  )
}
