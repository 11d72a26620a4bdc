import { createFileRoute } from '@tanstack/react-router'
import { VaultPage } from '../../features/icons/vault-page.tsx'
import { projectSearchSchema } from './-project-search.ts'

export const Route = createFileRoute('/_app/icons')({
  validateSearch: projectSearchSchema,
  component: function IconsRoute() {
    const { projectId } = Route.useSearch()
    return <VaultPage projectId={projectId} />
  },
})
