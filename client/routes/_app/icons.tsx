import { createFileRoute } from '@tanstack/react-router'
import { IconsEmpty } from './-components/icons-empty.tsx'
import { projectSearchSchema } from './-project-search.ts'

export const Route = createFileRoute('/_app/icons')({
  validateSearch: projectSearchSchema,
  component: function IconsRoute() {
    const { projectId } = Route.useSearch()
    return <IconsEmpty projectId={projectId} />
  },
})
