// /icons: the vault of the project in the URL, or the way to choose one. A project not in the
// local database yet (first sync of a new browser) shows as loading for a moment before "not here".
import { useEffect, useState } from 'react'
import { useProject } from '../../data/projects.ts'
import { Vault } from './vault.tsx'
import { NoProject, ProjectNotFound, VaultLoading } from './vault-empty.tsx'

const GRACE_MS = 3000

function ProjectVault({ projectId }: { projectId: string }) {
  const project = useProject(projectId)
  const [waited, setWaited] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), GRACE_MS)
    return () => clearTimeout(timer)
  }, [])
  if (project === undefined || (project === null && !waited)) return <VaultLoading label="Loading project…" />
  if (project === null) return <ProjectNotFound />
  return <Vault project={project} />
}

export function VaultPage({ projectId }: { projectId?: string }) {
  if (!projectId) return <NoProject />
  return <ProjectVault key={projectId} projectId={projectId} />
}
