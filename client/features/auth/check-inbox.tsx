import { useMutation } from '@tanstack/react-query'
import { MailCheck } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { errorMessage } from '../../lib/api.ts'
import { toast } from '../../lib/toast.ts'
import { RESEND_COOLDOWN_S, requestMagicLink, retryAfterSeconds } from './magic-link.ts'
import { useCountdown } from './use-countdown.ts'

interface CheckInboxProps {
  email: string
  onChangeEmail: () => void
}

export function CheckInbox({ email, onChangeEmail }: CheckInboxProps) {
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_COOLDOWN_S * 1000)
  const [error, setError] = useState<string | null>(null)
  const wait = useCountdown(resendAt)
  const resend = useMutation({
    mutationFn: () => requestMagicLink(email),
    onSuccess: () => {
      setError(null)
      setResendAt(Date.now() + RESEND_COOLDOWN_S * 1000)
      toast('We sent you a new link.', 'success')
    },
    onError: (err) => {
      const seconds = retryAfterSeconds(err)
      if (seconds) setResendAt(Date.now() + seconds * 1000)
      setError(errorMessage(err))
    },
  })

  return (
    <div className="flex flex-col gap-5" data-testid="check-inbox">
      <MailCheck className="size-8 text-accent" aria-hidden />
      <div className="space-y-1.5">
        <h1 className="text-xl font-semibold tracking-tight text-fg">Check your inbox</h1>
        <p className="text-sm text-muted">
          We sent a sign-in link to <strong className="font-medium break-all text-fg">{email}</strong>. Open
          it on this device to continue. The link works once and expires soon.
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        <Button
          variant="secondary"
          disabled={wait > 0 || resend.isPending}
          onClick={() => resend.mutate()}
          data-testid="resend"
        >
          {resend.isPending ? 'Sending…' : wait > 0 ? `Resend in ${wait} s` : 'Resend'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onChangeEmail}>
          Use a different address
        </Button>
      </div>
    </div>
  )
}
