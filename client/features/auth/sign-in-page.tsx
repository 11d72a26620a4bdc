// /sign-in: ask for an e-mail address, send the magic link, then "Check your inbox" with a resend cooldown;
// after the app signed this browser out on its own, why (signed-out-notice.tsx).
import { Link, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { LogoMark } from '../../components/ui/logo.tsx'
import { CheckInbox } from './check-inbox.tsx'
import { SignInForm } from './sign-in-form.tsx'
import { SignedOutNotice } from './signed-out-notice.tsx'

export function SignInPage() {
  const next = useSearch({ from: '/sign-in', select: (s) => s.next })
  const ended = useSearch({ from: '/sign-in', select: (s) => s.ended })
  const lost = useSearch({ from: '/sign-in', select: (s) => s.lost })
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
        {ended ? <SignedOutNotice reason={ended} lost={lost ?? 0} /> : null}
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
