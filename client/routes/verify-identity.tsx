import { createFileRoute } from '@tanstack/react-router'
import { redirectSignedIn } from '../features/auth/guards.ts'
import { keepPendingLink } from '../features/auth/pending-link.ts'
import { VerifyIdentityError, VerifyIdentityPage } from '../features/auth/verify-identity-page.tsx'
import { requiredText } from '../lib/search-params.ts'

const searchSchema = (search: Record<string, unknown>): { token: string } => ({
  token: requiredText(search, 'token'),
})

export const Route = createFileRoute('/verify-identity')({
  validateSearch: searchSchema,
  // Signed in: the link is not used; /icons asks whether to sign out and use it (pending-link.ts).
  beforeLoad: ({ context, search }) => {
    if (context.user) keepPendingLink(search.token)
    redirectSignedIn(context.user)
  },
  // A missing or malformed token is the same dead end as an invalid one.
  errorComponent: () => <VerifyIdentityError />,
  component: VerifyIdentityRoute,
})

function VerifyIdentityRoute() {
  const { token } = Route.useSearch()
  return <VerifyIdentityPage key={token} token={token} />
}
