import { createFileRoute } from '@tanstack/react-router'
import { ReviewPage } from '../../features/review/review-page.tsx'
import { optionalText } from '../../lib/search-params.ts'

/** /review: the current workspace's queue, filtered by project (`project`) and author (`author`). */
export const Route = createFileRoute('/_app/review')({
  validateSearch: (search: Record<string, unknown>): { project?: string; author?: string } => {
    const project = optionalText(search, 'project')
    const author = optionalText(search, 'author')
    return { ...(project ? { project } : {}), ...(author ? { author } : {}) }
  },
  component: function ReviewRoute() {
    const { project, author } = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <ReviewPage
        projectId={project}
        authorId={author}
        onFilter={(next) =>
          void navigate({
            search: (prev) => {
              const merged = { ...prev, ...next }
              return {
                ...(merged.project ? { project: merged.project } : {}),
                ...(merged.author ? { author: merged.author } : {}),
              }
            },
            replace: true,
          })
        }
      />
    )
  },
})
