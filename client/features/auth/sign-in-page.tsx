// /sign-in: ask for an e-mail address, send the magic link, then "Check your inbox" with a resend cooldown.
import { Link, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { LogoMark } from '../../components/ui/logo.tsx'
import { CheckInbox } from './check-inbox.tsx'
import { SignInForm } from './sign-in-form.tsx'

export function SignInPage() {
  const next = useSearch({ from: '/sign-in', select: (s) => s.next })
  const [sentTo, setSentTo] = useState<string | null>(null)
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-bg px-4 py-12">
      <div className="w-full max-w-sm">
        <Link
          to="/"
          aria-label="Iconvault home"
          className="mx-auto mb-8 flex w-fit rounded-lg focus-visible:outline-2 focus-visible:outline-accent"
        >
          <LogoMark className="size-10" />
        </Link>
        <div className="rounded-xl border border-line bg-raised p-6 shadow-sm sm:p-8">
          {sentTo ? (
            <CheckInbox email={sentTo} onChangeEmail={() => setSentTo(null)} />
          ) : (
            <SignInForm onSent={setSentTo} next={next} />
          )}
        </div>
      </div>
    </main>
  )
}
