// The icon's aliases in the detail panel (stable names, ADR 0407): its former names,
// which still reach it (exports, search) and stay reserved in its project, each with its deprecated
// state, reason and the release that removes it. Admins (project:aliases) deprecate one with a
// reason and a removal release, undeprecate, remove or add one: sent to the server at once (a name
// that clashes is refused with its message); the changed row arrives through the live stream.
import { appMessages } from '@common/messages.ts'
import { can } from '@common/permissions.ts'
import { SEMVER } from '@common/schemas/aliases.ts'
import { ALIAS_REASONS, type AliasReason, type IconAlias } from '@common/schemas/rows.ts'
import { Tags } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Select } from '../../../components/ui/select.tsx'
import { type AliasChange, useAliasChange, useOffline } from '../../../data/icon-history.ts'
import { toast } from '../../../lib/toast.ts'
import type { LocalIcon } from '../../../local/db.ts'
import type { VaultAccess } from '../use-vault-access.ts'

const REASON_LABELS: Record<AliasReason, string> = {
  renamed: 'Renamed',
  typo: 'Typo',
  duplicate: 'Duplicate',
}
const REASON_OPTIONS = ALIAS_REASONS.map((value) => ({ value, label: REASON_LABELS[value] }))

/** "Deprecated (renamed), removed in 3.0.0" */
function aliasState(alias: IconAlias): string {
  if (!alias.deprecated) return 'Not deprecated'
  const reason = alias.reason ? ` (${REASON_LABELS[alias.reason].toLowerCase()})` : ''
  return `Deprecated${reason}${alias.remove_in ? `, removed in ${alias.remove_in}` : ''}`
}

function DeprecateForm({
  alias,
  busy,
  onSave,
  onCancel,
}: {
  alias: IconAlias
  busy: boolean
  onSave(reason: AliasReason, removeIn: string | null): void
  onCancel(): void
}) {
  const [reason, setReason] = useState<AliasReason>(alias.reason ?? 'renamed')
  const [removeIn, setRemoveIn] = useState(alias.remove_in ?? '')
  const [error, setError] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const version = removeIn.trim()
    if (version && !SEMVER.test(version)) return setError(appMessages.aliasVersionInvalid)
    setError(null)
    onSave(reason, version || null)
  }
  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-3 rounded-md border border-line p-3">
      <div className="flex flex-wrap items-start gap-3">
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-fg" aria-hidden>
            Reason
          </span>
          <Select
            value={reason}
            onValueChange={setReason}
            options={REASON_OPTIONS}
            aria-label={`Why ${alias.name} is deprecated`}
            data-testid="alias-reason"
          />
        </div>
        <div className="min-w-32 flex-1">
          <Field label="Removed in" hint="A release such as 3.0.0 (optional)" error={error}>
            <Input
              value={removeIn}
              onChange={(e) => setRemoveIn(e.target.value)}
              placeholder="3.0.0"
              inputMode="decimal"
              autoComplete="off"
              data-testid="alias-remove-in"
            />
          </Field>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="secondary" disabled={busy}>
          {alias.deprecated ? `Save ${alias.name}` : `Deprecate ${alias.name}`}
        </Button>
      </div>
    </form>
  )
}

export function AliasesSection({ icon, access }: { icon: LocalIcon; access: VaultAccess }) {
  const aliases = icon.aliases ?? []
  const admin = can(access.role, 'project:aliases')
  const offline = useOffline()
  const change = useAliasChange()
  const [editing, setEditing] = useState<string | null>(null)
  const [removing, setRemoving] = useState<string | null>(null)
  const [adding, setAdding] = useState('')
  const [addError, setAddError] = useState<string | null>(null)
  if (!aliases.length && !admin) return null

  const send = (body: AliasChange, done: string) =>
    change.mutate(body, {
      onSuccess: () => {
        toast(done, 'success')
        setEditing(null)
      },
    })
  const project_id = icon.project_id

  const add = (event: FormEvent) => {
    event.preventDefault()
    const name = adding.trim()
    if (!name) return setAddError(appMessages.aliasNameRequired)
    setAddError(null)
    change.mutate(
      { action: 'create', project_id, icon_id: icon.id, name },
      {
        onSuccess: () => {
          toast(appMessages.aliasAdded(name), 'success')
          setAdding('')
        },
      },
    )
  }

  return (
    <section
      aria-labelledby="icon-aliases-heading"
      className="flex flex-col gap-2"
      data-testid="icon-aliases"
    >
      <h3 id="icon-aliases-heading" className="flex items-center gap-1.5 text-sm font-medium text-fg">
        <Tags className="size-4 text-muted" aria-hidden /> Aliases
      </h3>
      {aliases.length ? (
        <ul className="flex flex-col divide-y divide-line rounded-md border border-line">
          {aliases.map((alias) => (
            <li key={alias.name} className="px-3 py-2" data-testid="alias">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <code className="font-mono text-sm text-fg">{alias.name}</code>
                <span
                  className={
                    alias.deprecated
                      ? 'rounded-full bg-amber-500/15 px-2 py-0.5 text-xs text-amber-700 dark:text-amber-400'
                      : 'rounded-full bg-surface px-2 py-0.5 text-xs text-muted'
                  }
                  data-testid="alias-state"
                >
                  {aliasState(alias)}
                </span>
                {admin ? (
                  <span className="ml-auto flex gap-1">
                    {alias.deprecated ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={offline || change.isPending}
                        onClick={() =>
                          send(
                            { action: 'update', project_id, name: alias.name, deprecated: false },
                            appMessages.aliasUndeprecated(alias.name),
                          )
                        }
                        aria-label={`Undeprecate ${alias.name}`}
                      >
                        Undeprecate
                      </Button>
                    ) : null}
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={offline}
                      aria-expanded={editing === alias.name}
                      onClick={() => setEditing(editing === alias.name ? null : alias.name)}
                      aria-label={`${alias.deprecated ? 'Edit deprecation of' : 'Deprecate'} ${alias.name}`}
                    >
                      {alias.deprecated ? 'Edit' : 'Deprecate'}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={offline || change.isPending}
                      onClick={() => setRemoving(alias.name)}
                      aria-label={`Remove alias ${alias.name}`}
                    >
                      Remove
                    </Button>
                  </span>
                ) : null}
              </div>
              {editing === alias.name ? (
                <DeprecateForm
                  alias={alias}
                  busy={change.isPending}
                  onCancel={() => setEditing(null)}
                  onSave={(reason, removeIn) =>
                    send(
                      {
                        action: 'update',
                        project_id,
                        name: alias.name,
                        deprecated: true,
                        reason,
                        remove_in: removeIn,
                      },
                      appMessages.aliasDeprecated(alias.name),
                    )
                  }
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No aliases. Renaming keeps the old name as one.</p>
      )}
      {admin ? (
        <form onSubmit={add} noValidate className="flex items-end gap-2">
          <div className="flex-1">
            <Field
              label="Add an alias"
              error={addError}
              hint={offline ? appMessages.aliasesNeedConnection : undefined}
            >
              <Input
                value={adding}
                onChange={(e) => setAdding(e.target.value)}
                maxLength={200}
                autoComplete="off"
                disabled={offline}
                data-testid="alias-add-input"
              />
            </Field>
          </div>
          <Button
            type="submit"
            variant="secondary"
            disabled={offline || change.isPending}
            className={addError || offline ? 'mb-7' : undefined}
          >
            Add
          </Button>
        </form>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove the alias ${removing ?? ''}?`}
        description="Code that still uses this name breaks once a release without it is exported, and the name becomes free for another icon."
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing)
            send({ action: 'delete', project_id, name: removing }, appMessages.aliasRemoved(removing))
          setRemoving(null)
        }}
      />
    </section>
  )
}
