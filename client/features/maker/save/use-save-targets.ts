// The user's projects as save targets, from the local database; `allowed` when the role there may
// add icons (common/permissions.ts 'icon:create'): only those are offered, the open one is always known.
import { messages } from '@common/messages.ts'
import { can } from '@common/permissions.ts'
import { db, type LocalProject, type LocalWorkspace } from '../../../local/db.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'

export interface SaveTarget {
  project: LocalProject
  workspace: LocalWorkspace | null
  label: string
  allowed: boolean
}

export function useSaveTargets(): SaveTarget[] | undefined {
  return useLiveQuery(async () => {
    const [projects, workspaces] = await Promise.all([db.projects.toArray(), db.workspaces.toArray()])
    const byId = new Map(workspaces.map((w) => [w.id, w]))
    const targets = projects.flatMap((project): SaveTarget[] => {
      const workspace = project.workspace_id ? byId.get(project.workspace_id) : null
      if (workspace === undefined) return []
      const allowed = can(workspace ? workspace.role : 'personal', 'icon:create')
      return [
        { project, workspace, allowed, label: `${workspace?.name ?? messages.personal} / ${project.name}` },
      ]
    })
    return targets.sort((a, b) => a.label.localeCompare(b.label))
  }, [])
}
