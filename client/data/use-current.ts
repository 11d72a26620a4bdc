// The current workspace and project of the signed-in app, and the navigation rules of docs/product.md §Navigation:
// selecting a workspace clears the project; selecting a project sets projectId on /icons, /maker or
// /info (else opens /icons); losing the open project leaves for /icons or /maker without one;
// opening a project makes its workspace (or personal) the current one.
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useEffect, useRef } from 'react'
import { useMe } from '../lib/me.ts'
import { db, type LocalProject, type LocalWorkspace } from '../local/db.ts'
import { setCurrentWorkspaceId, useCurrentWorkspaceId } from './current-workspace.ts'
import { forgetLastProject, rememberLastProject } from './last-project.ts'
import { type ProjectRole, useProject } from './projects.ts'
import { useWorkspace } from './workspaces.ts'

const PROJECT_PATHS = ['/icons', '/maker', '/info'] as const
type ProjectPath = (typeof PROJECT_PATHS)[number]
const isProjectPath = (path: string): path is ProjectPath =>
  (PROJECT_PATHS as readonly string[]).includes(path)

/** The project id in the URL (/icons, /maker, /info), to carry along with the top bar's tabs. */
export function useProjectSearch(): { projectId?: string } {
  const projectId = useSearch({ strict: false, select: (s) => s.projectId })
  return projectId ? { projectId } : {}
}

export interface CurrentContext {
  userId: string
  /** The current workspace, or null in personal mode (also while a remembered one is not here). */
  workspace: LocalWorkspace | null
  /** A workspace is remembered as current but its row is still being read (workspace is null meanwhile). */
  workspaceLoading: boolean
  /** The user's role where projects are created and changed now. */
  role: ProjectRole
  projectId: string | undefined
  /** The open project: undefined while loading, null when it is not here. */
  project: LocalProject | null | undefined
  selectWorkspace(workspaceId: string | null): void
  selectProject(projectId: string): void
  /**
   * An invitation to this workspace was accepted (its rows are here): the open project stays open
   * when it is that workspace's (the page the new member asked for), else the workspace is selected.
   */
  joinWorkspace(workspaceId: string): void
  /** Leaves the open project: the same page without one (/icons from elsewhere, /maker stays). */
  leaveProject(): void
}

export function useCurrent(): CurrentContext {
  const userId = useMe()?.id ?? ''
  const storedId = useCurrentWorkspaceId(userId)
  const read = useWorkspace(storedId)
  const workspace = read ?? null
  const { projectId } = useProjectSearch()
  const project = useProject(projectId)
  const navigate = useNavigate()
  const pathname = useLocation({ select: (l) => l.pathname })

  const leaveProject = useCallback(() => {
    void navigate({
      to: pathname === '/maker' ? '/maker' : isProjectPath(pathname) ? pathname : '/icons',
      search: {},
    })
  }, [navigate, pathname])

  const selectWorkspace = useCallback(
    (workspaceId: string | null) => {
      setCurrentWorkspaceId(userId, workspaceId)
      if (projectId && isProjectPath(pathname)) void navigate({ to: pathname, search: {} })
    },
    [userId, projectId, pathname, navigate],
  )

  const selectProject = useCallback(
    (id: string) =>
      void navigate({ to: isProjectPath(pathname) ? pathname : '/icons', search: { projectId: id } }),
    [navigate, pathname],
  )

  const joinWorkspace = useCallback(
    (workspaceId: string) =>
      void (async () => {
        const open = projectId ? await db.projects.get(projectId) : undefined
        if (open?.workspace_id === workspaceId) setCurrentWorkspaceId(userId, workspaceId)
        else selectWorkspace(workspaceId)
      })(),
    [userId, projectId, selectWorkspace],
  )

  return {
    userId,
    workspace,
    workspaceLoading: storedId !== null && read === undefined,
    role: workspace ? workspace.role : 'personal',
    projectId,
    project,
    selectWorkspace,
    selectProject,
    joinWorkspace,
    leaveProject,
  }
}

/**
 * Where to go when the open project vanished (ADR 0018): another project of its workspace if that is
 * still here, else of the personal space, else any; null when none is left.
 */
async function anotherProject(gone: LocalProject): Promise<LocalProject | null> {
  const all = (await db.projects.toArray()).filter((p) => p.id !== gone.id)
  const byName = (a: LocalProject, b: LocalProject) => a.name.localeCompare(b.name)
  const inWorkspace = (id: string | null) => all.filter((p) => p.workspace_id === id).sort(byName)
  return inWorkspace(gone.workspace_id)[0] ?? inWorkspace(null)[0] ?? all.sort(byName)[0] ?? null
}

/**
 * Mounted once in the layout: opening a project (a URL with projectId) makes its workspace the
 * current one; if the open project disappears (deleted, access lost), the page opens another one
 * (its workspace's, else a personal one), or leaves it when there is none.
 */
export function useFollowOpenProject() {
  const { userId, projectId, project, leaveProject, selectProject } = useCurrent()
  const followed = useRef<string | undefined>(undefined)
  const seen = useRef<string | undefined>(undefined)
  const last = useRef<LocalProject | undefined>(undefined)

  useEffect(() => {
    if (!projectId) {
      followed.current = undefined
      return
    }
    if (project) {
      seen.current = projectId
      last.current = project
      rememberLastProject(userId, projectId)
      if (followed.current !== projectId) {
        followed.current = projectId
        setCurrentWorkspaceId(userId, project.workspace_id)
      }
    } else if (project === null && seen.current === projectId) {
      seen.current = undefined
      forgetLastProject(userId, projectId)
      const gone = last.current
      if (!gone) return leaveProject()
      void anotherProject(gone).then((next) => {
        if (!next) return leaveProject()
        setCurrentWorkspaceId(userId, next.workspace_id)
        selectProject(next.id)
      })
    }
  }, [userId, projectId, project, leaveProject, selectProject])
}
