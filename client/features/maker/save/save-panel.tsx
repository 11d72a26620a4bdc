// Save to the vault: a name (required), the target project (the current one by default, any
// project where the user may add icons); refused with the plan's message where saving is not
// allowed, while editing and copying stay available; a role that may not add icons disables the
// control and says why (save-rules.ts). Success toasts and links to /icons. An icon opened from the
// vault (use-vault-icon.ts) is saved back as a new version of itself ("Save new version", its own
// project; the name field renames it), with "Save as new icon" into the chosen project as the other
// choice (ADR 0408). The workspace's review rules are checked on the drawing before it is saved
// (the checklist, ADR 0413); a drawing that fails them can still be saved.
import { appMessages, messages, reviewMessages } from '@common/messages.ts'
import { can } from '@common/permissions.ts'
import { Link } from '@tanstack/react-router'
import { CopyPlus, Save } from 'lucide-react'
import { type FormEvent, useDeferredValue, useEffect, useId, useState } from 'react'
import { RuleChecklist } from '../../../components/review/rule-checklist.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Select } from '../../../components/ui/select.tsx'
import { duplicateWarning } from '../../../data/duplicates.ts'
import { useRuleChecks } from '../../../data/rule-checks.ts'
import { errorMessage } from '../../../lib/api.ts'
import { iconHash } from '../../../lib/icon-hash.ts'
import { useMe } from '../../../lib/me.ts'
import { toast } from '../../../lib/toast.ts'
import { db } from '../../../local/db.ts'
import { useLiveQuery } from '../../../local/use-live-query.ts'
import type { MakerDoc } from '../state/history.ts'
import { saveIcon, saveRefusal, saveVersion } from './save-icon.ts'
import { disablesSave, saveBlockedReason } from './save-rules.ts'
import { useSaveTargets } from './use-save-targets.ts'

/** The project already had this drawing (or nearly): said once the save is done (ADR 0109). */
async function warnRepeated(warning: Promise<string | null>) {
  const repeated = await warning
  if (repeated) toast(repeated, 'info')
}

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
  // The vault icon this drawing was opened from, while it is still there.
  const openedId = doc.source === 'vault' ? doc.originIconId : null
  const opened = useLiveQuery(
    async () => (openedId ? ((await db.icons.get(openedId)) ?? null) : null),
    [openedId],
  )

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

  const home = opened ? targets?.find((t) => t.project.id === opened.project_id) : undefined
  const versionable =
    !!opened && !!home && can(home.workspace ? home.workspace.role : 'personal', 'icon:update')
  // The workspace's review rules, checked before saving (a failing drawing can still be saved).
  const checkedSvg = useDeferredValue(doc.svg)
  const checks = useRuleChecks(checkedSvg, (versionable ? home : chosen)?.workspace?.id ?? null)

  /** Saves the drawing and name as a new version of the opened vault icon. */
  const saveAsVersion = async () => {
    setError(null)
    setSaved(null)
    if (!name.trim()) return setNameError(messages.iconNameRequired)
    setNameError(null)
    if (!opened || !home) return
    if (!me) return fail(messages.noUserId)
    setBusy(true)
    try {
      const refusal = await saveRefusal(home, me)
      if (refusal) return fail(refusal)
      const warning = duplicateWarning(opened.project_id, doc.svg, opened.id)
      const result = await saveVersion({ icon: opened, svg: doc.svg, name })
      setSaved({ id: opened.id, projectId: opened.project_id, label: home.label })
      toast(
        result.renamed || result.redrawn
          ? appMessages.makerSavedVersion(name.trim())
          : appMessages.makerNothingChanged(name.trim()),
        'success',
      )
      await warnRepeated(warning)
    } catch (err) {
      fail(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (versionable && (event.nativeEvent as SubmitEvent).submitter?.dataset.saveAs !== 'new') {
      return saveAsVersion()
    }
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
      // Asked before the icon exists, so that it is never found to repeat itself.
      const warning = Promise.resolve(await duplicateWarning(target.project.id, doc.svg))
      const icon = await saveIcon({
        svg: doc.svg,
        name,
        originIconId: doc.originIconId,
        tags: doc.tags ?? [],
        target,
        userId: me.id,
      })
      setSaved({ id: icon.id, projectId: icon.project_id, label: target.label })
      toast(`Saved “${icon.name}” to ${target.project.name}`, 'success')
      await warnRepeated(warning)
    } catch (err) {
      fail(errorMessage(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} aria-label="Save to vault" className="flex flex-col gap-3" noValidate>
      <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">Save to vault</h2>
      <Field label="Icon name" error={nameError}>
        <Input value={name} onChange={(e) => onNameChange(e.target.value)} maxLength={200} />
      </Field>
      {options.length ? (
        <div className="flex flex-col gap-1.5 text-sm font-medium text-fg">
          <span aria-hidden>{versionable ? 'Project of a new icon' : 'Project'}</span>
          <Select
            value={chosen ? targetId : ''}
            onValueChange={setTargetId}
            options={options.map((t) => ({ value: t.project.id, label: t.label }))}
            aria-label={versionable ? 'Project of a new icon' : 'Project'}
            data-testid="save-project"
          />
        </div>
      ) : (
        <p className="text-xs text-muted">Create a project first: icons are saved to a project's vault.</p>
      )}
      {checks ? <RuleChecklist svg={checkedSvg} outcome={checks} note={reviewMessages.saveAnyway} /> : null}
      {versionable && opened ? (
        <Button type="submit" disabled={busy} data-testid="save-version">
          <Save className="size-4" aria-hidden />
          {appMessages.makerSaveVersion(opened.name)}
        </Button>
      ) : null}
      <Button
        type="submit"
        variant={versionable ? 'secondary' : 'primary'}
        disabled={busy || disabled}
        aria-describedby={showHint ? hintId : undefined}
        title={blocked?.message}
        data-save-as="new"
        data-testid="save-new"
      >
        {versionable ? <CopyPlus className="size-4" aria-hidden /> : <Save className="size-4" aria-hidden />}
        {versionable ? appMessages.makerSaveAsNew : 'Save to vault'}
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
