// Where a selection may move: the user's personal projects and the projects of workspaces where
// their role may add icons, grouped by workspace, without the project the icons are in.
import { can } from '@common/permissions.ts'
import { db, type LocalProject, type LocalWorkspace } from '../../../local/db.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'

export interface MoveGroup {
  workspace: LocalWorkspace | null
  projects: LocalProject[]
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)

export function useMoveTargets(currentProjectId: string): MoveGroup[] | undefined {
  return useLiveQuery(async () => {
    const [projects, workspaces] = await Promise.all([db.projects.toArray(), db.workspaces.toArray()])
    const others = projects.filter((p) => p.id !== currentProjectId).sort(byName)
    const groups: MoveGroup[] = [{ workspace: null, projects: others.filter((p) => p.workspace_id === null) }]
    for (const workspace of workspaces.sort(byName)) {
      if (!can(workspace.role, 'icon:create')) continue
      groups.push({ workspace, projects: others.filter((p) => p.workspace_id === workspace.id) })
    }
    return groups.filter((g) => g.projects.length > 0)
  }, [currentProjectId])
}
