// Save to the vault: a name (required), the target project (the current one by default, any
// project where the user may add icons); refused with the plan's message where saving is not
// allowed, while editing and copying stay available; a role that may not add icons disables the
// control and says why (save-rules.ts). Success toasts and links to /icons.
import { messages } from '@common/messages.ts'
import { Link } from '@tanstack/react-router'
import { Save } from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Select } from '../../../components/ui/select.tsx'
import { errorMessage } from '../../../lib/api.ts'
import { iconHash } from '../../../lib/icon-hash.ts'
import { useMe } from '../../../lib/me.ts'
import { toast } from '../../../lib/toast.ts'
import type { MakerDoc } from '../state/history.ts'
import { saveIcon, saveRefusal } from './save-icon.ts'
import { disablesSave, saveBlockedReason } from './save-rules.ts'
import { useSaveTargets } from './use-save-targets.ts'

interface Props {
  doc: MakerDoc
  /** Changes whenever a new source is loaded: the name field takes the new suggestion. */
  loads: number
  projectId: string | undefined
  name: string
  onNameChange(name: string): void
}

export function SavePanel({ doc, loads, projectId, name, onNameChange }: Props) {
  const me = useMe()
  const targets = useSaveTargets()
  const [targetId, setTargetId] = useState(projectId ?? '')
  const [nameError, setNameError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState<{ id: string; projectId: string; label: string } | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => setTargetId(projectId ?? ''), [projectId])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source starts a new save
  useEffect(() => {
    setSaved(null)
    setError(null)
    setNameError(null)
  }, [loads])

  const chosen = targets?.find((t) => t.project.id === targetId)
  const target = chosen?.allowed ? chosen : undefined
  const options = targets?.filter((t) => t.allowed || t === chosen) ?? []
  const blocked = saveBlockedReason(me, chosen)
  const disabled = disablesSave(blocked)
  const hintId = useId()
  const showHint = Boolean(blocked) && !error
  const fail = (message: string) => {
    setError(message)
    toast(message)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    setSaved(null)
    if (!name.trim()) return setNameError(messages.iconNameRequired)
    setNameError(null)
    if (blocked) return fail(blocked.message)
    if (!target) return fail(messages.noCurrentProject)
    if (!me) return fail(messages.noUserId)
    setBusy(true)
    try {
      const refusal = await saveRefusal(target, me)
      if (refusal) return fail(refusal)
      const icon = await saveIcon({
        svg: doc.svg,
        name,
        originIconId: doc.originIconId,
        target,
        userId: me.id,
      })
      setSaved({ id: icon.id, projectId: icon.project_id, label: target.label })
      toast(`Saved “${icon.name}” to ${target.project.name}`, 'success')
    } catch (err) {
      fail(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} aria-label="Save to vault" className="flex flex-col gap-3" noValidate>
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">Save to vault</h3>
      <Field label="Icon name" error={nameError}>
        <Input value={name} onChange={(e) => onNameChange(e.target.value)} maxLength={200} />
      </Field>
      {options.length ? (
        <div className="flex flex-col gap-1.5 text-sm font-medium text-fg">
          <span aria-hidden>Project</span>
          <Select
            value={chosen ? targetId : ''}
            onValueChange={setTargetId}
            options={options.map((t) => ({ value: t.project.id, label: t.label }))}
            aria-label="Project"
            data-testid="save-project"
          />
        </div>
      ) : (
        <p className="text-xs text-muted">Create a project first: icons are saved to a project's vault.</p>
      )}
      <Button
        type="submit"
        disabled={busy || disabled}
        aria-describedby={showHint ? hintId : undefined}
        title={blocked?.message}
      >
        <Save className="size-4" aria-hidden />
        Save to vault
      </Button>
      {showHint ? (
        <p id={hintId} className="text-sm text-muted" data-testid="save-blocked">
          {blocked?.message}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger" data-testid="save-error">
          {error}
        </p>
      ) : null}
      {saved ? (
        <p className="text-sm text-fg" data-testid="save-success">
          Saved to {saved.label}.{' '}
          <Link
            to="/icons"
            search={{ projectId: saved.projectId }}
            hash={iconHash(saved.id)}
            className="text-accent underline"
          >
            Open in Icons
          </Link>
        </p>
      ) : null}
    </form>
  )
}
