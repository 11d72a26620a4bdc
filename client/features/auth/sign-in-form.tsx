import { appMessages } from '@common/messages.ts'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Input, Label } from '../../components/ui/input.tsx'
import { errorMessage } from '../../lib/api.ts'
import { requestMagicLink, retryAfterSeconds } from './magic-link.ts'
import { forgetReturnPath, rememberReturnPath } from './return-path.ts'
import { useCountdown } from './use-countdown.ts'

/** `next`: the page the visitor was heading to, where the e-mailed link will take them. */
export function SignInForm({ onSent, next }: { onSent: (email: string) => void; next?: string }) {
  const inputId = useId()
  const errorId = useId()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [blockedUntil, setBlockedUntil] = useState(0)
  const wait = useCountdown(blockedUntil)
  const send = useMutation({
    mutationFn: requestMagicLink,
    onSuccess: (_data, address) => onSent(address),
    onError: (err) => {
      const seconds = retryAfterSeconds(err)
      if (seconds) setBlockedUntil(Date.now() + seconds * 1000)
      setError(seconds ? `${errorMessage(err)} Try again in ${seconds} s.` : errorMessage(err))
    },
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    const { emailSchema } = await import('./email-schema.ts')
    const parsed = emailSchema.safeParse(email)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? appMessages.invalidEmail)
      return
    }
    setError(null)
    if (next) rememberReturnPath(next)
    else forgetReturnPath()
    send.mutate(parsed.data)
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="space-y-1.5">
        <h1 className="text-xl font-semibold tracking-tight text-fg">Sign in to Iconvault</h1>
        <p className="text-sm text-muted">We'll e-mail you a link that signs you in. No password needed.</p>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={inputId}>E-mail address</Label>
        <Input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} role="alert" data-testid="sign-in-error" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={send.isPending || wait > 0}>
        {send.isPending ? 'Sending…' : wait > 0 ? `Send magic link (${wait} s)` : 'Send magic link'}
      </Button>
    </form>
  )
}
