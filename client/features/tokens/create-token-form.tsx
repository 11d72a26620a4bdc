// Account → Tokens' form: a name, read or write, all projects or chosen ones (a web page's token is
// best limited to the projects it shows: the form says so), and an optional expiry (ADR 0019).
import { appMessages, iconifyMessages } from '@common/messages.ts'
import type { TokenScope } from '@common/schemas/tokens.ts'
import { type FormEvent, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Field } from '../../components/ui/field.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Select } from '../../components/ui/select.tsx'
import { errorMessage } from '../../lib/api.ts'
import { db } from '../../local/db.ts'
import { useLiveQuery } from '../../local/use-live-query.ts'
import { useCreateApiToken } from './tokens-api.ts'

const EXPIRY_DAYS = ['never', '7', '30', '90', '365'] as const
type Expiry = (typeof EXPIRY_DAYS)[number]
const DAY_MS = 86_400_000

/** Every project this browser holds, with its workspace's name (or Personal), by name. */
function useAllProjects() {
  return useLiveQuery(async () => {
    const [projects, workspaces] = await Promise.all([db.projects.toArray(), db.workspaces.toArray()])
    const names = new Map(workspaces.map((w) => [w.id, w.name]))
    return projects
      .map((p) => ({
        id: p.id,
        label: `${p.name} · ${p.workspace_id ? (names.get(p.workspace_id) ?? '') : 'Personal'}`,
      }))
      .sort((a, b) => a.label.localeCompare(b.label))
  }, [])
}

export function CreateTokenForm({ onCreated }: { onCreated(token: string): void }) {
  const create = useCreateApiToken()
  const projects = useAllProjects() ?? []
  const [name, setName] = useState('')
  const [scope, setScope] = useState<TokenScope>('read')
  const [allProjects, setAllProjects] = useState(true)
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [expiry, setExpiry] = useState<Expiry>('never')
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) return setError(appMessages.tokenNameRequired)
    if (!allProjects && chosen.size === 0) return setError(appMessages.tokenProjectsInvalid)
    setError(null)
    create.mutate(
      {
        name: name.trim(),
        scope,
        project_ids: allProjects ? null : [...chosen],
        expires_at: expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * DAY_MS).toISOString(),
      },
      {
        onSuccess: ({ token }) => {
          setName('')
          setChosen(new Set())
          onCreated(token)
        },
        onError: (e) => setError(errorMessage(e)),
      },
    )
  }
  const toggle = (id: string, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" data-testid="token-create-form" noValidate>
      <Field label={appMessages.tokenName} error={error}>
        <Input
          value={name}
          maxLength={100}
          placeholder={appMessages.tokenNamePlaceholder}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field label={appMessages.tokenScope}>
        <Select<TokenScope>
          value={scope}
          onValueChange={setScope}
          data-testid="token-scope"
          options={[
            { value: 'read', label: appMessages.tokenScopeRead },
            { value: 'write', label: appMessages.tokenScopeWrite },
          ]}
        />
      </Field>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-medium text-fg">{appMessages.tokenChooseProjects}</legend>
        <label className="flex min-h-9 items-center gap-2 text-sm text-fg">
          <input
            type="checkbox"
            className="size-4 accent-[var(--color-accent)]"
            checked={allProjects}
            onChange={(e) => setAllProjects(e.target.checked)}
          />
          {appMessages.tokenAllProjects}
        </label>
        <p className="text-xs text-muted" data-testid="token-for-pages">
          {iconifyMessages.tokenForPages}
        </p>
        {allProjects ? null : (
          <ul
            className="max-h-40 overflow-y-auto rounded-lg border border-line px-3 py-1"
            data-testid="token-projects"
          >
            {projects.map((p) => (
              <li key={p.id}>
                <label className="flex min-h-9 items-center gap-2 text-sm text-fg">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--color-accent)]"
                    checked={chosen.has(p.id)}
                    onChange={(e) => toggle(p.id, e.target.checked)}
                  />
                  <span className="truncate">{p.label}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <Field label={appMessages.tokenExpiry}>
        <Select<Expiry>
          value={expiry}
          onValueChange={setExpiry}
          data-testid="token-expiry"
          options={EXPIRY_DAYS.map((d) => ({
            value: d,
            label: d === 'never' ? appMessages.tokenNever : appMessages.tokenInDays(Number(d)),
          }))}
        />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" size="sm" className="min-h-9" disabled={create.isPending}>
          {appMessages.tokenCreate}
        </Button>
      </div>
    </form>
  )
}
