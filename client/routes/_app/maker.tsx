import { createFileRoute } from '@tanstack/react-router'
import { MakerEmpty } from './-components/maker-empty.tsx'
import { projectSearchSchema } from './-project-search.ts'

export const Route = createFileRoute('/_app/maker')({
  validateSearch: projectSearchSchema,
  component: function MakerRoute() {
    const { projectId } = Route.useSearch()
    return <MakerEmpty projectId={projectId} />
  },
})
