import { WandSparkles } from 'lucide-react'
import { EmptyState } from '../../../components/ui/empty-state.tsx'

export function MakerEmpty({ projectId }: { projectId?: string }) {
  return (
    <EmptyState icon={WandSparkles} title={projectId ? 'The maker is almost here' : 'Select a project'}>
      {projectId
        ? 'Creating and adjusting icons (size, stroke, colour, source with live preview) arrives in an upcoming release.'
        : 'Choose a project with the picker at the top; icons you make are saved to its vault.'}
    </EmptyState>
  )
}
