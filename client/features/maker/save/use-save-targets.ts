// Projects the user may save icons to (common/permissions.ts 'icon:create'), from the local database.
import { messages } from '@common/messages.ts'
import { can } from '@common/permissions.ts'
import { db, type LocalProject, type LocalWorkspace } from '../../../local/db.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'

export interface SaveTarget {
  project: LocalProject
  workspace: LocalWorkspace | null
  label: string
}

export function useSaveTargets(): SaveTarget[] | undefined {
  return useLiveQuery(async () => {
    const [projects, workspaces] = await Promise.all([db.projects.toArray(), db.workspaces.toArray()])
    const byId = new Map(workspaces.map((w) => [w.id, w]))
    const targets = projects.flatMap((project): SaveTarget[] => {
      const workspace = project.workspace_id ? byId.get(project.workspace_id) : null
      if (workspace === undefined || !can(workspace ? workspace.role : 'personal', 'icon:create')) return []
      return [{ project, workspace, label: `${workspace?.name ?? messages.personal} / ${project.name}` }]
    })
    return targets.sort((a, b) => a.label.localeCompare(b.label))
  }, [])
}
