// /verify-identity?token=: verifies the e-mailed token, refreshes the user, then opens the page the user was heading to (else /icons).
import { appMessages } from '@common/messages.ts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { CircleAlert, LoaderCircle } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { buttonClass } from '../../components/ui/button.tsx'
import { LogoMark } from '../../components/ui/logo.tsx'
import { queryKeys } from '../../data/query-keys.ts'
import { errorMessage } from '../../lib/api.ts'
import { signedInLanding } from './guards.ts'
import { verifyTokenQueryOptions } from './magic-link.ts'

function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-bg px-4 py-12">
      <div className="flex w-full max-w-sm flex-col items-center gap-4 rounded-xl border border-line bg-raised p-8 text-center shadow-sm">
        <LogoMark className="size-10" />
        {children}
      </div>
    </main>
  )
}

/** The link is invalid, expired, used, or has no token: say so and offer a new one. */
export function VerifyIdentityError({ message = appMessages.magicLinkInvalid }: { message?: string }) {
  return (
    <Frame>
      <div role="alert" className="flex flex-col items-center gap-2" data-testid="verify-error">
        <CircleAlert className="size-6 text-danger" aria-hidden />
        <h1 className="text-lg font-semibold text-fg">We couldn't sign you in</h1>
        <p className="text-sm text-muted">{message}</p>
      </div>
      <Link to="/sign-in" className={buttonClass('primary', 'md', 'w-full')}>
        Back to sign in
      </Link>
    </Frame>
  )
}

export function VerifyIdentityPage({ token }: { token: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const verify = useQuery(verifyTokenQueryOptions(token))

  useEffect(() => {
    if (!verify.isSuccess) return
    let cancelled = false
    queryClient
      .refetchQueries({ queryKey: queryKeys.me, type: 'all' })
      .then(() => {
        if (!cancelled) return navigate({ href: signedInLanding(), replace: true })
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [verify.isSuccess, queryClient, navigate])

  if (verify.isError) return <VerifyIdentityError message={errorMessage(verify.error)} />
  return (
    <Frame>
      <div role="status" className="flex flex-col items-center gap-2">
        <LoaderCircle className="size-5 animate-spin text-muted" aria-hidden />
        <h1 className="text-lg font-semibold text-fg">Verifying…</h1>
        <p className="text-sm text-muted">Checking your sign-in link.</p>
      </div>
    </Frame>
  )
}
