// Create New Project, in the current workspace or personal.
import { messages } from '@common/messages.ts'
import { type ProjectRole, useCreateProject } from '../../data/projects.ts'
import type { LocalProject } from '../../local/db.ts'
import { CreateByNameDialog } from './name-dialogs.tsx'

interface CreateProjectDialogProps {
  userId: string
  workspaceId: string | null
  role: ProjectRole
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (project: LocalProject) => void
  onCloseAutoFocus?: (event: Event) => void
}

export function CreateProjectDialog(props: CreateProjectDialogProps) {
  const create = useCreateProject()
  return (
    <CreateByNameDialog
      title={messages.createNewProject}
      label={messages.projectName}
      testId="create-project-dialog"
      open={props.open}
      onOpenChange={props.onOpenChange}
      onCloseAutoFocus={props.onCloseAutoFocus}
      pending={create.isPending}
      onCreate={(name, done) =>
        create.mutate(
          { name, workspaceId: props.workspaceId, userId: props.userId, role: props.role },
          {
            onSuccess: (project) => {
              done()
              props.onCreated(project)
            },
          },
        )
      }
    />
  )
}
