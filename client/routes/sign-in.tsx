import { createFileRoute } from '@tanstack/react-router'
import { redirectSignedIn } from '../features/auth/guards.ts'
import { SignInPage } from '../features/auth/sign-in-page.tsx'

export const Route = createFileRoute('/sign-in')({
  beforeLoad: ({ context }) => redirectSignedIn(context.user),
  component: SignInPage,
})
