// /maker?projectId=…&iconId=…: the maker (its page and everything below it load with this route's chunk).
import { createFileRoute } from '@tanstack/react-router'
import { MakerPage } from '../../features/maker/maker-page.tsx'
import { textOrNothing } from '../../lib/search-params.ts'
import { projectSearchSchema } from './-project-search.ts'

/** iconId opens that vault icon; anything but a string is ignored rather than an error. */
function makerSearchSchema(search: Record<string, unknown>): { projectId?: string; iconId?: string } {
  const iconId = textOrNothing(search.iconId)
  return { ...projectSearchSchema(search), ...(iconId === undefined ? {} : { iconId }) }
}

export const Route = createFileRoute('/_app/maker')({
  validateSearch: makerSearchSchema,
  component: function MakerRoute() {
    const { projectId, iconId } = Route.useSearch()
    return <MakerPage projectId={projectId} iconId={iconId} />
  },
})
