// The project's card: name, description, its workspace (or Personal), when it was created, and
// its icons counted by status.
import { formatCount } from '@common/format-count.ts'
import { messages } from '@common/messages.ts'
import { FolderOpen, Users } from 'lucide-react'
import type { IconHead } from '../../data/icon-heads.ts'
import type { LocalProject, LocalWorkspace } from '../../local/db.ts'

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' })

function countByStatus(icons: readonly IconHead[]) {
  let review = 0
  for (const icon of icons) if (icon.icon_status === 'needs-review') review++
  return { total: icons.length, approved: icons.length - review, review }
}

interface ProjectCardProps {
  project: LocalProject
  workspace: LocalWorkspace | null
  icons: readonly IconHead[] | undefined
}

export function ProjectCard({ project, workspace, icons }: ProjectCardProps) {
  const counts = icons ? countByStatus(icons) : null
  const stats = [
    { label: 'Icons', value: counts?.total },
    { label: 'Approved', value: counts?.approved },
    { label: 'Needs review', value: counts?.review },
  ]
  return (
    <section
      aria-labelledby="project-title"
      className="rounded-xl border border-line bg-raised p-5"
      data-testid="project-card"
    >
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted uppercase">
        {workspace ? (
          <Users className="size-3.5" aria-hidden />
        ) : (
          <FolderOpen className="size-3.5" aria-hidden />
        )}
        {workspace?.name ?? messages.personal}
      </p>
      <h1 id="project-title" className="mt-1 text-2xl font-semibold tracking-tight text-fg">
        {project.name}
      </h1>
      {project.description ? <p className="mt-2 text-sm text-fg/80">{project.description}</p> : null}
      <p className="mt-2 text-xs text-muted">Created {dateFormat.format(new Date(project.created_at))}</p>
      <dl className="mt-5 grid grid-cols-3 gap-3" data-testid="status-counts">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-lg bg-surface px-3 py-2.5">
            <dt className="text-xs text-muted">{stat.label}</dt>
            <dd className="mt-0.5 text-xl font-semibold text-fg tabular-nums">
              {stat.value === undefined ? '–' : formatCount(stat.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
