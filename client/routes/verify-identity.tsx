import { createFileRoute } from '@tanstack/react-router'
import { redirectSignedIn } from '../features/auth/guards.ts'
import { VerifyIdentityError, VerifyIdentityPage } from '../features/auth/verify-identity-page.tsx'
import { requiredText } from '../lib/search-params.ts'

const searchSchema = (search: Record<string, unknown>): { token: string } => ({
  token: requiredText(search, 'token'),
})

export const Route = createFileRoute('/verify-identity')({
  validateSearch: searchSchema,
  beforeLoad: ({ context }) => redirectSignedIn(context.user),
  // A missing or malformed token is the same dead end as an invalid one.
  errorComponent: () => <VerifyIdentityError />,
  component: VerifyIdentityRoute,
})

function VerifyIdentityRoute() {
  const { token } = Route.useSearch()
  return <VerifyIdentityPage key={token} token={token} />
}
