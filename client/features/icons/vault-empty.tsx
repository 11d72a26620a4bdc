// The vault's empty and loading states: no project chosen (pick or create one), an empty project
// (drop zone hint), the project not found, and loading.
import { messages } from '@common/messages.ts'
import { can } from '@common/permissions.ts'
import { FolderSearch, Loader2, Shapes, Upload } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { useProjects } from '../../data/projects.ts'
import { useCurrent } from '../../data/use-current.ts'
import { markContentPainted } from '../../lib/first-paint.ts'
import { toast } from '../../lib/toast.ts'
import { useDropAndPaste } from './import/use-drop-and-paste.ts'
import { PlanNotice } from './plan-notice.tsx'
import type { VaultAccess } from './use-vault-access.ts'

// Loaded when first opened: the dialog's code is not part of what the first paint waits for.
const CreateProjectDialog = lazy(() =>
  import('../../components/forms/create-project-dialog.tsx').then((m) => ({
    default: m.CreateProjectDialog,
  })),
)

/** These views are what the vault paints instead of tiles (lib/first-paint.ts). */
const usePainted = () => useEffect(markContentPainted, [])

export function VaultLoading({ label = 'Loading icons…' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 py-24 text-sm text-muted"
      data-testid="vault-loading"
    >
      <Loader2 className="size-4 animate-spin" aria-hidden />
      {label}
    </div>
  )
}

const refuseImport = () => toast(messages.noCurrentProject)

export function NoProject() {
  const current = useCurrent()
  // Files dropped or pasted without a project have nowhere to go.
  useDropAndPaste(refuseImport, true)
  const projects = useProjects(current.workspace?.id ?? null)
  const [creating, setCreating] = useState(false)
  const [opened, setOpened] = useState(false)
  const mayCreate = can(current.role, 'project:create')
  usePainted()
  return (
    <EmptyState icon={FolderSearch} title="Select a project">
      <p>
        Each project keeps its own vault of icons. Pick one {projects?.length ? 'below or ' : ''}with the
        picker at the top.
      </p>
      <ProjectChoices />
      {mayCreate ? (
        <Button
          className="mt-4"
          onClick={() => {
            setOpened(true)
            setCreating(true)
          }}
        >
          {messages.createNewProject}
        </Button>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          <CreateProjectDialog
            userId={current.userId}
            workspaceId={current.workspace?.id ?? null}
            role={current.role}
            open={creating}
            onOpenChange={setCreating}
            onCreated={(project) => current.selectProject(project.id)}
          />
        </Suspense>
      ) : null}
    </EmptyState>
  )
}

/** The projects of the current workspace (or personal ones), each a button that opens it. */
function ProjectChoices() {
  const current = useCurrent()
  const projects = useProjects(current.workspace?.id ?? null)
  if (!projects?.length) return null
  return (
    <ul aria-label="Projects" className="mt-4 flex flex-wrap justify-center gap-2">
      {projects.map((project) => (
        <li key={project.id}>
          <Button variant="secondary" size="sm" onClick={() => current.selectProject(project.id)}>
            {project.name}
          </Button>
        </li>
      ))}
    </ul>
  )
}

/** `invited`: the user has a pending invitation, which may be to this project's workspace. */
export function ProjectNotFound({ invited = false }: { invited?: boolean }) {
  usePainted()
  if (invited)
    return (
      <EmptyState icon={FolderSearch} title="This project is not shared with you yet">
        If it is in the workspace you were invited to, accept the invitation and it opens here.
      </EmptyState>
    )
  return (
    <EmptyState icon={FolderSearch} title="This project is not here">
      <p>
        It may have been deleted, or you no longer have access to it. Open another one below or with the
        picker at the top.
      </p>
      <ProjectChoices />
    </EmptyState>
  )
}

export function EmptyVault({
  canAdd,
  onPick,
  planBlock = null,
  refused = false,
}: {
  canAdd: boolean
  onPick(): void
  /** The plan stops saving here: say so, with Upgrade, instead of a drop zone that refuses. */
  planBlock?: VaultAccess['planBlock']
  /** Files were just dropped and refused by the plan. */
  refused?: boolean
}) {
  usePainted()
  if (canAdd && planBlock) {
    return (
      <div className="m-4 flex flex-1 items-center justify-center" data-testid="empty-vault">
        <PlanNotice block={planBlock} refused={refused} />
      </div>
    )
  }
  if (!canAdd) {
    return (
      <EmptyState icon={Shapes} title="No icons here yet">
        Icons added to this project by its members show up here.
      </EmptyState>
    )
  }
  return (
    <div
      className="m-4 flex flex-1 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-line p-10 text-center"
      data-testid="empty-vault"
    >
      <Upload className="size-8 text-muted" aria-hidden />
      <h2 className="text-base font-semibold text-fg">Drop SVG files here</h2>
      <p className="max-w-sm text-sm text-muted">
        Drag files or a whole folder anywhere on this page, paste SVG code or files, or pick them from your
        computer.
      </p>
      <Button variant="secondary" onClick={onPick}>
        Choose SVG files
      </Button>
    </div>
  )
}
