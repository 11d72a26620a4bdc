import { createFileRoute } from '@tanstack/react-router'
import { InfoOverview } from '../../features/info/info-overview.tsx'
import { ProjectInfoEmpty } from './-components/project-info-empty.tsx'
import { projectSearchSchema } from './-project-search.ts'

export const Route = createFileRoute('/_app/info')({
  validateSearch: projectSearchSchema,
  component: function InfoRoute() {
    const { projectId } = Route.useSearch()
    return projectId ? <ProjectInfoEmpty /> : <InfoOverview />
  },
})
