// /info?projectId=…: the project's card and counts, its contributors, its exports, its releases and
// how to use its icons in code.

import { Link } from '@tanstack/react-router'
import { FolderSearch, Loader2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { buttonClass } from '../../components/ui/button.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { useProject } from '../../data/projects.ts'
import { useProjectIcons } from '../../data/use-project-icons.ts'
import { useWorkspace } from '../../data/workspaces.ts'
import type { LocalProject } from '../../local/db.ts'
import { Contributors } from './contributors.tsx'
import { ProjectCard } from './project-card.tsx'
import { ProjectExports } from './project-exports.tsx'
import { ProjectReleases } from './project-releases.tsx'
import { UseInCode } from './use-in-code.tsx'
import { useReleases } from './use-releases.ts'

function Loaded({ project }: { project: LocalProject }) {
  const workspace = useWorkspace(project.workspace_id) ?? null
  const { icons, syncing } = useProjectIcons(project.id)
  const ready = icons !== undefined && !(syncing && icons.length === 0)
  const releases = useReleases(project.id)
  const role = project.workspace_id ? (workspace?.role ?? null) : 'personal'
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-8 sm:px-6" data-testid="project-info">
      <ProjectCard project={project} workspace={workspace} icons={ready ? icons : undefined} />
      {/* items-start: the contributors card is as tall as its list, not stretched beside the exports. */}
      <div className="grid items-start gap-5 md:grid-cols-[minmax(17rem,1fr)_2fr]">
        <Contributors icons={icons ?? []} workspaceId={project.workspace_id} />
        <ProjectExports
          projectId={project.id}
          projectName={project.name}
          iconifyPrefix={project.iconify_prefix || undefined}
          icons={ready ? icons : []}
          releases={releases.data ?? []}
        />
      </div>
      <ProjectReleases projectId={project.id} projectName={project.name} role={role} releases={releases} />
      {project.iconify_prefix ? (
        <UseInCode
          origin={window.location.origin}
          projectId={project.id}
          prefix={project.iconify_prefix}
          iconName={ready ? icons[0]?.name : undefined}
        />
      ) : null}
    </div>
  )
}

export function ProjectInfo({ projectId }: { projectId: string }) {
  const project = useProject(projectId)
  const [waited, setWaited] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), 3000)
    return () => clearTimeout(timer)
  }, [])
  if (project) return <Loaded project={project} />
  if (project === null && waited) {
    return (
      <EmptyState icon={FolderSearch} title="This project is not here">
        <p>It may have been deleted, or you no longer have access to it.</p>
        <Link to="/info" className={buttonClass('secondary', 'sm', 'mt-4')}>
          Back to your overview
        </Link>
      </EmptyState>
    )
  }
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-24 text-sm text-muted">
      <Loader2 className="size-4 animate-spin" aria-hidden /> Loading project…
    </div>
  )
}
