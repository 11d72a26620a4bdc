// /maker?projectId=…&iconId=…: the maker (its page and everything below it load with this route's chunk).
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { MakerPage } from '../../features/maker/maker-page.tsx'
import { projectSearchSchema } from './-project-search.ts'

/** iconId opens that vault icon; anything but a string is ignored rather than an error. */
const makerSearchSchema = projectSearchSchema.extend({
  iconId: z.string().min(1).optional().catch(undefined),
})

export const Route = createFileRoute('/_app/maker')({
  validateSearch: makerSearchSchema,
  component: function MakerRoute() {
    const { projectId, iconId } = Route.useSearch()
    return <MakerPage projectId={projectId} iconId={iconId} />
  },
})
