// Where a selection may go. A move: the other projects of the same workspace (when the role there
// may add icons) and the user's personal projects, never another workspace (a team's icons stay in
// that team or go to the user's own projects). A copy (ADR 0410): any project the user may add
// icons to (personal, or a workspace whose role may add icons), since the original stays where it
// is. Never the project the icons are in.
import { can } from '@common/permissions.ts'
import { db, type LocalProject, type LocalWorkspace } from '../../../local/db.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'

export interface MoveGroup {
  workspace: LocalWorkspace | null
  projects: LocalProject[]
}

export type TargetMode = 'move' | 'copy'

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)

export function useMoveTargets(
  currentProjectId: string,
  workspaceId: string | null,
  mode: TargetMode = 'move',
): MoveGroup[] | undefined {
  return useLiveQuery(async () => {
    const [projects, workspaces] = await Promise.all([db.projects.toArray(), db.workspaces.toArray()])
    const others = projects.filter((p) => p.id !== currentProjectId).sort(byName)
    const personal: MoveGroup = { workspace: null, projects: others.filter((p) => p.workspace_id === null) }
    const teams = workspaces
      .filter((w) => can(w.role, 'icon:create') && (mode === 'copy' || w.id === workspaceId))
      .sort((a, b) => (a.id === workspaceId ? -1 : b.id === workspaceId ? 1 : byName(a, b)))
      .map((workspace) => ({ workspace, projects: others.filter((p) => p.workspace_id === workspace.id) }))
    return [...teams, personal].filter((g) => g.projects.length > 0)
  }, [currentProjectId, workspaceId, mode])
}
