// One group of the overview: the personal projects, or a workspace's projects with the user's
// role and the workspace's credits this month; each project with its icon count (GET /api/usage).
import { appMessages } from '@common/messages.ts'
import { Link } from '@tanstack/react-router'
import { Folder } from 'lucide-react'
import { useCreditsUsage } from '../../data/credits.ts'
import { useProjects } from '../../data/projects.ts'
import { useStorageUsage } from '../../data/storage.ts'
import type { LocalWorkspace } from '../../local/db.ts'
import { creditsLine } from './credits-usage.ts'

function WorkspaceCredits({ workspaceId }: { workspaceId: string }) {
  const usage = useCreditsUsage(workspaceId)
  return usage === null ? null : <p className="text-xs text-muted">{creditsLine(usage)}</p>
}

export function ProjectGroup({ workspace, title }: { workspace: LocalWorkspace | null; title: string }) {
  const projects = useProjects(workspace?.id ?? null)
  const counts = useStorageUsage().data?.projects
  return (
    <section
      aria-label={title}
      className="rounded-xl border border-line bg-raised p-5"
      data-testid="project-group"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-fg">
          {title}
          {workspace ? (
            <span className="ml-2 text-xs font-normal text-muted capitalize">{workspace.role}</span>
          ) : null}
        </h2>
        {workspace ? <WorkspaceCredits workspaceId={workspace.id} /> : null}
      </div>
      {projects === undefined ? null : projects.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No projects yet. Create one with the picker at the top.</p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {projects.map((project) => (
            <li key={project.id} className="flex items-center gap-2 rounded-lg border border-line px-3 py-2">
              <Folder className="size-4 shrink-0 text-muted" aria-hidden />
              <Link
                to="/info"
                search={{ projectId: project.id }}
                className="min-w-0 flex-1 truncate text-sm text-fg hover:underline"
                title={project.name}
              >
                {project.name}
              </Link>
              {counts ? (
                <span className="shrink-0 text-xs text-muted tabular-nums" data-testid="project-icon-count">
                  {appMessages.iconCount(counts[project.id] ?? 0)}
                </span>
              ) : null}
              <Link
                to="/icons"
                search={{ projectId: project.id }}
                className="text-xs text-accent hover:underline"
              >
                Icons
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
