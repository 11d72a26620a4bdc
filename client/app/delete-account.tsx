// Delete account (the Terms promise it): a confirmation naming what goes and what stays (ADR 0012:
// personal projects go; in workspaces the user's work stays with the team, a workspace they own
// passes on, each named with its heir: workspace-heirs.tsx), then better-auth's POST
// /api/auth/delete-user. The server deletes at once for a recent sign-in; an older session is
// refused (better-auth says SESSION_EXPIRED; the server answers it as `fresh_sign_in_required`, ADR 0030)
// and the user is told to sign in again. Whether it is deleted is
// asked of the server (GET /api/me answers no user), not read from the answer's English text: a
// server that mails a confirmation link instead keeps the user, and the dialog says where to look.
// Once deleted: the landing page, this browser's data gone, a toast saying so (ADR 0410).
import { appMessages } from '@common/messages.ts'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../components/ui/button.tsx'
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx'
import { queryKeys } from '../data/query-keys.ts'
import { useStorageUsage } from '../data/storage.ts'
import { api } from '../lib/api.ts'
import { loadAuthClient } from '../lib/load-auth-client.ts'
import { expectSessionEnd } from '../lib/session-end.ts'
import { toast } from '../lib/toast.ts'
import { db, deleteLocalDb } from '../local/db.ts'
import { useLiveQuery } from '../local/use-live-query.ts'
import { announceSessionEnd } from './session-ended.ts'
import { useSignOut } from './use-sign-out.ts'
import { useWorkspaceHeirs, WorkspaceHeirs } from './workspace-heirs.tsx'

type Outcome = { kind: 'fresh-sign-in' | 'email-sent' | 'failed'; message: string } | null

export function DeleteAccount({ email, onDeleted }: { email: string; onDeleted(): void }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const signOut = useSignOut()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const usage = useStorageUsage()
  const heirs = useWorkspaceHeirs(confirming)
  const personalIcons = usage.data?.personal.icons
  const personalProjects = useLiveQuery(() => db.projects.filter((p) => p.workspace_id === null).count(), [])

  async function remove() {
    setBusy(true)
    setOutcome(null)
    expectSessionEnd()
    const { authClient } = await loadAuthClient()
    const { error } = await authClient.deleteUser({})
    const gone = error ? false : await signedOut()
    setBusy(false)
    if (error) {
      setOutcome(
        error.code === 'fresh_sign_in_required'
          ? { kind: 'fresh-sign-in', message: appMessages.deleteAccountNeedsFreshSignIn }
          : { kind: 'failed', message: appMessages.deleteAccountFailed },
      )
      return
    }
    if (gone === null) {
      setOutcome({ kind: 'failed', message: appMessages.deleteAccountFailed })
      return
    }
    // Accepted but the user is still there: the server mailed a link that finishes it.
    if (!gone) {
      setOutcome({ kind: 'email-sent', message: appMessages.deleteAccountEmailSent(email) })
      return
    }
    onDeleted()
    announceSessionEnd('account-deleted')
    await queryClient.cancelQueries()
    queryClient.setQueryData(queryKeys.me, { user: null })
    await navigate({ to: '/', replace: true })
    await deleteLocalDb()
    queryClient.clear()
    toast(appMessages.accountDeleted, 'success')
  }

  return (
    <div className="mt-5 flex flex-col gap-2 border-t border-line pt-4" data-testid="delete-account">
      {outcome ? (
        <p
          role={outcome.kind === 'email-sent' ? 'status' : 'alert'}
          className={outcome.kind === 'email-sent' ? 'text-sm text-fg' : 'text-sm text-danger'}
        >
          {outcome.message}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {outcome?.kind === 'fresh-sign-in' ? (
          <Button variant="secondary" size="sm" onClick={() => void signOut()}>
            Sign out
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          className="text-danger hover:text-danger"
          disabled={busy}
          onClick={() => {
            // The numbers the confirmation names are the server's now, not a cached answer.
            void usage.refetch()
            setConfirming(true)
          }}
        >
          <Trash2 className="size-4" aria-hidden /> {busy ? 'Deleting…' : `${appMessages.deleteAccount}…`}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={appMessages.deleteAccountTitle}
        description={
          <>
            <span className="block" data-testid="delete-account-personal">
              {appMessages.deleteAccountPersonal(
                appMessages.projectCount(personalProjects ?? 0),
                personalIcons === undefined ? 'their icons' : appMessages.iconCount(personalIcons),
              )}
            </span>
            <span className="mt-2 block">{appMessages.deleteAccountTeams}</span>
            <WorkspaceHeirs query={heirs} />
            <span className="mt-2 block font-medium text-fg">{appMessages.deleteAccountEnd}</span>
          </>
        }
        confirmLabel={appMessages.deleteAccount}
        confirmDisabled={!heirs.data}
        onConfirm={() => void remove()}
      />
    </div>
  )
}

/** Whether the server now answers no signed-in user (the account and its sessions went); null: unknown. */
async function signedOut(): Promise<boolean | null> {
  try {
    return (await api<{ user: unknown }>('/api/me')).user === null
  } catch {
    return null
  }
}
