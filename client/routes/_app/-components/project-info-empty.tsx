import { FileBox } from 'lucide-react'
import { EmptyState } from '../../../components/ui/empty-state.tsx'

export function ProjectInfoEmpty() {
  return (
    <EmptyState icon={FileBox} title="Project details are on their way">
      A project's description, icon counts, contributors and exports arrive in an upcoming release.
    </EmptyState>
  )
}
