import { createFileRoute } from '@tanstack/react-router'
import { InfoPage } from '../../features/info/info-page.tsx'
import { projectSearchSchema } from './-project-search.ts'

export const Route = createFileRoute('/_app/info')({
  validateSearch: projectSearchSchema,
  component: function InfoRoute() {
    const { projectId } = Route.useSearch()
    return <InfoPage projectId={projectId} />
  },
})
