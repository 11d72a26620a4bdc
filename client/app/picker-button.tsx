// The project picker's button, '{workspace name or Personal} / {project name}' or 'Select Project'
// ('{workspace name} / Select Project' in a workspace with no project open):
// the trigger of its popover (project-picker.tsx), and, disabled, its placeholder in the header
// until the popover's code has loaded (app-header.tsx). Where it is narrow (a phone), the workspace
// gives way first, so the project's name stays readable; the tooltip has both.
import { messages } from '@common/messages.ts'
import { ChevronsUpDown } from 'lucide-react'
import type { Ref } from 'react'
import { Button, type ButtonProps } from '../components/ui/button.tsx'
import { useCurrent } from '../data/use-current.ts'
import { useWorkspace } from '../data/workspaces.ts'
import type { LocalProject, LocalWorkspace } from '../local/db.ts'

/** What the button says: the open project and its workspace (null: none, or not read yet). */
export interface PickerLabel {
  workspace: string | null
  project: string
}

/**
 * '{workspace}' or 'Personal' for the open project; null while its workspace is still being read
 * (the live query holds the previous answer meanwhile, which would say 'Personal' for a moment).
 */
function workspaceLabel(project: LocalProject, workspace: LocalWorkspace | null | undefined): string | null {
  if (!project.workspace_id) return messages.personal
  return workspace?.id === project.workspace_id ? workspace.name : null
}

export function usePickerLabel(): PickerLabel {
  const current = useCurrent()
  const projectWorkspace = useWorkspace(current.project?.workspace_id)
  return current.project
    ? { workspace: workspaceLabel(current.project, projectWorkspace), project: current.project.name }
    : // A workspace chosen (or just created) without a project: the header says which one.
      { workspace: current.workspace?.name ?? null, project: messages.selectProject }
}

export function PickerButton({
  label,
  ref,
  ...props
}: ButtonProps & { label: PickerLabel; ref?: Ref<HTMLButtonElement> }) {
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="sm"
      className="min-w-0 text-fg md:max-w-64"
      data-testid="project-picker"
      title={label.workspace ? `${label.workspace} / ${label.project}` : label.project}
      {...props}
    >
      <span className="flex min-w-0 items-center">
        {label.workspace ? (
          // Takes what the project's name leaves, to nothing if need be (its separator with it); the
          // title says both.
          <span className="min-w-0 truncate whitespace-pre" data-testid="picker-workspace">
            {`${label.workspace} / `}
          </span>
        ) : null}
        {/* Never shrinks for the workspace; truncates only when it alone is wider than the button. */}
        <span className="max-w-full shrink-0 truncate" data-testid="picker-project">
          {label.project}
        </span>
      </span>
      <ChevronsUpDown className="size-3.5 shrink-0 text-muted" aria-hidden />
    </Button>
  )
}
