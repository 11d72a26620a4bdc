// Workspace / project picker: '{workspace name or Personal} / {project name}' or 'Select Project'.
// Its popover lists the workspaces (Personal Workspace first; '+ New' for gold users) and the
// projects of the current one ('+ New' where the role may create them), with their settings, and
// "Recently deleted" for each (ADR 0018: projects where the role may delete them, workspaces the
// user may restore).
import { appMessages, messages } from '@common/messages.ts'
import { can } from '@common/permissions.ts'
import { canCreateWorkspace } from '@common/plans.ts'
import { useRef, useState } from 'react'
import { CreateProjectDialog } from '../components/forms/create-project-dialog.tsx'
import { Popover, PopoverContent, PopoverTrigger } from '../components/ui/menu.tsx'
import { useAfterMenuClose } from '../components/ui/use-after-menu-close.ts'
import { useProjects } from '../data/projects.ts'
import { useCurrent } from '../data/use-current.ts'
import { useWorkspaces } from '../data/workspaces.ts'
import { ProjectSettingsDialog } from '../features/projects/project-settings-dialog.tsx'
import { CreateWorkspaceDialog } from '../features/workspaces/create-workspace-dialog.tsx'
import { WorkspaceSettingsDialog } from '../features/workspaces/workspace-settings-dialog.tsx'
import { useMe } from '../lib/me.ts'
import type { LocalProject, LocalWorkspace } from '../local/db.ts'
import { PickerButton, usePickerLabel } from './picker-button.tsx'
import { NewButton, PickerOption, PickerSection, RecentlyDeletedButton } from './picker-parts.tsx'
import { RecentlyDeletedProjects, RecentlyDeletedWorkspaces } from './recently-deleted-dialog.tsx'

type OpenDialog = 'new-workspace' | 'new-project' | 'deleted-workspaces' | 'deleted-projects' | null

export function ProjectPicker() {
  const user = useMe()
  const current = useCurrent()
  const workspaces = useWorkspaces()
  const workspaceId = current.workspace?.id ?? null
  const projects = useProjects(workspaceId)
  const label = usePickerLabel()
  const [open, setOpen] = useState(false)
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const [editWorkspace, setEditWorkspace] = useState<LocalWorkspace | null>(null)
  const [editProject, setEditProject] = useState<LocalProject | null>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const afterClose = useAfterMenuClose()
  if (!user) return null

  const backToPicker = (event: Event) => {
    event.preventDefault()
    trigger.current?.focus()
  }
  const openDialog = (next: () => void) => {
    afterClose.defer(next)
    setOpen(false)
  }
  const mayCreateProject = can(current.role, 'project:create')

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <PickerButton ref={trigger} label={label} />
        </PopoverTrigger>
        <PopoverContent
          className="w-80 max-w-[calc(100vw-1rem)]"
          aria-label="Workspaces and projects"
          collisionPadding={8}
          onCloseAutoFocus={afterClose.onCloseAutoFocus}
        >
          <PickerSection
            title="Workspaces"
            action={
              canCreateWorkspace(user.plan) ? (
                <NewButton
                  label="New workspace"
                  onClick={() => openDialog(() => setDialog('new-workspace'))}
                />
              ) : null
            }
          >
            <PickerOption
              kind="workspace"
              name={messages.personalWorkspace}
              selected={workspaceId === null}
              onSelect={() => current.selectWorkspace(null)}
            />
            {workspaces?.map((w) => (
              <PickerOption
                key={w.id}
                kind="workspace"
                name={w.name}
                detail={w.role}
                selected={w.id === workspaceId}
                onSelect={() => current.selectWorkspace(w.id)}
                onSettings={
                  can(w.role, 'workspace:update') ? () => openDialog(() => setEditWorkspace(w)) : undefined
                }
              />
            ))}
          </PickerSection>
          <RecentlyDeletedButton
            label={appMessages.recentlyDeletedWorkspaces}
            onClick={() => openDialog(() => setDialog('deleted-workspaces'))}
          />
          <div className="my-1 h-px bg-line" />
          <PickerSection
            title="Projects"
            action={
              <NewButton
                label="New project"
                disabledReason={mayCreateProject ? undefined : 'Only workspace admins can create projects'}
                onClick={() => openDialog(() => setDialog('new-project'))}
              />
            }
          >
            {projects?.length === 0 ? (
              <div className="px-2 py-3 text-center">
                <p className="text-sm text-fg">No projects yet</p>
                <p className="text-xs text-muted">
                  {mayCreateProject ? 'Create one with + New.' : 'An admin of this workspace can create one.'}
                </p>
              </div>
            ) : null}
            {projects?.map((p) => (
              <PickerOption
                key={p.id}
                kind="project"
                name={p.name}
                selected={p.id === current.projectId}
                onSelect={() => {
                  setOpen(false)
                  current.selectProject(p.id)
                }}
                onSettings={
                  can(current.role, 'project:update') ? () => openDialog(() => setEditProject(p)) : undefined
                }
              />
            ))}
          </PickerSection>
          {can(current.role, 'project:delete') ? (
            <RecentlyDeletedButton
              label={appMessages.recentlyDeletedProjects}
              onClick={() => openDialog(() => setDialog('deleted-projects'))}
            />
          ) : null}
        </PopoverContent>
      </Popover>
      <CreateWorkspaceDialog
        user={user}
        open={dialog === 'new-workspace'}
        onOpenChange={(o) => setDialog(o ? 'new-workspace' : null)}
        onCreated={(w) => current.selectWorkspace(w.id)}
        onCloseAutoFocus={backToPicker}
      />
      <CreateProjectDialog
        userId={user.id}
        workspaceId={workspaceId}
        role={current.role}
        open={dialog === 'new-project'}
        onOpenChange={(o) => setDialog(o ? 'new-project' : null)}
        onCreated={(p) => current.selectProject(p.id)}
        onCloseAutoFocus={backToPicker}
      />
      <RecentlyDeletedWorkspaces
        open={dialog === 'deleted-workspaces'}
        onOpenChange={(o) => setDialog(o ? 'deleted-workspaces' : null)}
        onRestored={(id) => {
          setDialog(null)
          current.selectWorkspace(id)
        }}
      />
      <RecentlyDeletedProjects
        workspaceId={workspaceId}
        open={dialog === 'deleted-projects'}
        onOpenChange={(o) => setDialog(o ? 'deleted-projects' : null)}
        onRestored={(id) => {
          setDialog(null)
          current.selectProject(id)
        }}
      />
      <WorkspaceSettingsDialog
        workspace={editWorkspace}
        onOpenChange={(o) => !o && setEditWorkspace(null)}
        onDeleted={(w) => w.id === workspaceId && current.selectWorkspace(null)}
        onCloseAutoFocus={backToPicker}
      />
      <ProjectSettingsDialog
        project={editProject}
        role={current.role}
        onOpenChange={(o) => !o && setEditProject(null)}
        // The open project's page moves on by itself (useFollowOpenProject: another project, ADR 0018).
        onDeleted={() => {}}
        onCloseAutoFocus={backToPicker}
      />
    </>
  )
}
