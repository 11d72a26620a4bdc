import { FolderSearch, Shapes } from 'lucide-react'
import { EmptyState } from '../../../components/ui/empty-state.tsx'

export function IconsEmpty({ projectId }: { projectId?: string }) {
  if (!projectId) {
    return (
      <EmptyState icon={FolderSearch} title="Select a project">
        Choose a project with the picker at the top to see its icons. Your vault keeps one set of icons per
        project.
      </EmptyState>
    )
  }
  return (
    <EmptyState icon={Shapes} title="No icons here yet">
      Browsing and adding icons to a project's vault arrives in an upcoming release.
    </EmptyState>
  )
}
