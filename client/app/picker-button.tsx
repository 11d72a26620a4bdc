// The project picker's button, '{workspace name or Personal} / {project name}' or 'Select Project':
// the trigger of its popover (project-picker.tsx), and, disabled, its placeholder in the header
// until the popover's code has loaded (app-header.tsx).
import { messages } from '@common/messages.ts'
import { ChevronsUpDown } from 'lucide-react'
import type { Ref } from 'react'
import { Button, type ButtonProps } from '../components/ui/button.tsx'
import { useCurrent } from '../data/use-current.ts'
import { useWorkspace } from '../data/workspaces.ts'
import type { LocalProject, LocalWorkspace } from '../local/db.ts'

/**
 * '{workspace} / ' or 'Personal / ' for the open project; nothing while its workspace is still being
 * read (the live query holds the previous answer meanwhile, which would say 'Personal' for a moment).
 */
function workspaceLabel(project: LocalProject, workspace: LocalWorkspace | null | undefined): string {
  if (!project.workspace_id) return `${messages.personal} / `
  return workspace?.id === project.workspace_id ? `${workspace.name} / ` : ''
}

export function usePickerLabel(): string {
  const current = useCurrent()
  const projectWorkspace = useWorkspace(current.project?.workspace_id)
  return current.project
    ? `${workspaceLabel(current.project, projectWorkspace)}${current.project.name}`
    : messages.selectProject
}

export function PickerButton({
  label,
  ref,
  ...props
}: ButtonProps & { label: string; ref?: Ref<HTMLButtonElement> }) {
  return (
    <Button
      ref={ref}
      variant="ghost"
      size="sm"
      className="min-w-0 text-fg md:max-w-64"
      data-testid="project-picker"
      {...props}
    >
      <span className="truncate">{label}</span>
      <ChevronsUpDown className="size-3.5 text-muted" aria-hidden />
    </Button>
  )
}
