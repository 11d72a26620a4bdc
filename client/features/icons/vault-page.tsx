// /icons: the vault of the project in the URL, or the way to choose one. A project not in the
// local database yet (first sync of a new browser) shows from the row its first screen brought, else
// as loading until the server says it is not there (its list answers 404), or for a moment when the
// server cannot be asked; with an invitation pending it says the project may be in that workspace.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { usePendingInvitations } from '../../data/invitations.ts'
import { forgetLastProject, useReopenLastProject } from '../../data/last-project.ts'
import { useFirstScreenProject, useProject } from '../../data/projects.ts'
import { iconsSyncQueryOptions } from '../../data/use-project-icons.ts'
import { useWorkspace } from '../../data/workspaces.ts'
import { useMe } from '../../lib/me.ts'
import { Vault } from './vault.tsx'
import { NoProject, ProjectNotFound, VaultLoading } from './vault-empty.tsx'

// Only for when the server cannot be asked (offline): otherwise its 404 says it first.
const GRACE_MS = 10_000

function ProjectVault({ projectId }: { projectId: string }) {
  const local = useProject(projectId)
  // A new device shows the vault with the row its first screen brought until the sync brings the
  // project (ADR 0425), once the role is known (a personal project, or its workspace's row is here);
  // not once the local database has had the project (it may since have been deleted), nor once the
  // list says it is not there.
  const early = useFirstScreenProject(projectId)
  const earlyWorkspace = useWorkspace(early?.workspace_id)
  const earlyShown = early && (early.workspace_id === null || earlyWorkspace) ? early : undefined
  const hadLocal = useRef(false)
  if (local) hadLocal.current = true
  // The same query the vault runs: its list, which answers 404 for a project that is not there.
  const onServer = useQuery(iconsSyncQueryOptions(projectId)).data
  const project = local || hadLocal.current || onServer === false ? local : (earlyShown ?? local)
  const [waited, setWaited] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), GRACE_MS)
    return () => clearTimeout(timer)
  }, [])
  const notHere = project === null && (waited || onServer === false)
  const userId = useMe()?.id ?? ''
  // A link to a workspace's project opened before its invitation was accepted (the dialog is on top).
  const invited = usePendingInvitations().length > 0
  // Not here: /icons no longer reopens it.
  useEffect(() => {
    if (notHere) forgetLastProject(userId, projectId)
  }, [notHere, userId, projectId])
  if (project === undefined || (project === null && !notHere))
    return <VaultLoading label="Loading project…" />
  if (project === null) return <ProjectNotFound invited={invited} />
  return <Vault project={project} />
}

export function VaultPage({ projectId }: { projectId?: string }) {
  const userId = useMe()?.id ?? ''
  // Entering /icons without a project reopens the last one opened here.
  const reopening = useReopenLastProject(userId, projectId)
  if (!projectId) return reopening ? <VaultLoading label="Loading project…" /> : <NoProject />
  return <ProjectVault key={projectId} projectId={projectId} />
}
