// Where a selection may move: the other projects of the same workspace (when the role there may
// add icons) and the user's personal projects, never another workspace (a team's icons stay in
// that team or go to the user's own projects), without the project the icons are in.
import { can } from '@common/permissions.ts'
import { db, type LocalProject, type LocalWorkspace } from '../../../local/db.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'

export interface MoveGroup {
  workspace: LocalWorkspace | null
  projects: LocalProject[]
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)

export function useMoveTargets(
  currentProjectId: string,
  workspaceId: string | null,
): MoveGroup[] | undefined {
  return useLiveQuery(async () => {
    const [projects, workspaces] = await Promise.all([db.projects.toArray(), db.workspaces.toArray()])
    const others = projects.filter((p) => p.id !== currentProjectId).sort(byName)
    const groups: MoveGroup[] = [{ workspace: null, projects: others.filter((p) => p.workspace_id === null) }]
    const workspace = workspaces.find((w) => w.id === workspaceId)
    if (workspace && can(workspace.role, 'icon:create')) {
      groups.unshift({ workspace, projects: others.filter((p) => p.workspace_id === workspace.id) })
    }
    return groups.filter((g) => g.projects.length > 0)
  }, [currentProjectId, workspaceId])
}
