// Account → Tokens' Iconify prefixes (ADR 0021): each prefix the user's tokens reach, the project it
// answers for tokens of every project (and a limited token's own answer when it differs), a warning when
// several of the user's projects carry it and they never chose, and a labelled select to choose (pin)
// the project it answers. A list, one column: fine at 375 px; the select works by keyboard.
import { iconifyMessages as m } from '@common/messages.ts'
import type { IconifyPrefixRow } from '@common/schemas/tokens.ts'
import { TriangleAlert } from 'lucide-react'
import { useId } from 'react'
import { Select } from '../../components/ui/select.tsx'
import { serverListState } from '../../components/ui/server-list-state.tsx'
import { errorMessage } from '../../lib/api.ts'
import { toast } from '../../lib/toast.ts'
import { usePinPrefix, useTokenPrefixes } from './tokens-api.ts'

const labelOf = (p: IconifyPrefixRow['projects'][number]) => m.prefixProject(p.name, p.workspace_name)

function PrefixItem({ row }: { row: IconifyPrefixRow }) {
  const pin = usePinPrefix()
  const names = new Map(row.projects.map((p) => [p.id, labelOf(p)]))
  const answering = names.get(row.project_id) ?? ''
  // Limited tokens whose answer is not the one of every-project tokens.
  const elsewhere = row.tokens.filter((t) => t.project_id !== row.project_id)
  const choose = (projectId: string) =>
    pin.mutate(
      { prefix: row.prefix, project_id: projectId },
      {
        onSuccess: () => toast(m.prefixPinned(row.prefix, names.get(projectId) ?? ''), 'success'),
        onError: (e) => toast(errorMessage(e)),
      },
    )
  return (
    <li className="flex flex-col gap-1.5 px-3 py-2" data-testid="token-prefix">
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-fg">
        <code className="font-mono font-medium">{row.prefix}</code>
        {row.chosen ? <span className="text-xs text-muted">{m.prefixChosen}</span> : null}
      </p>
      {row.projects.length > 1 ? (
        <Select<string>
          value={row.project_id}
          onValueChange={choose}
          aria-label={m.prefixChoose(row.prefix)}
          disabled={pin.isPending}
          className="h-auto min-h-9 w-full min-w-0 py-1.5 text-left"
          data-testid="token-prefix-project"
          options={row.projects.map((p) => ({ value: p.id, label: m.prefixAnswers(labelOf(p)) }))}
        />
      ) : (
        <p className="text-sm text-muted">{m.prefixAnswers(answering)}</p>
      )}
      {row.ambiguous ? (
        <p className="flex items-start gap-1.5 text-sm text-danger" data-testid="token-prefix-ambiguous">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {m.prefixAmbiguous(row.projects.length)}
        </p>
      ) : null}
      {elsewhere.map((t) => (
        <p key={t.id} className="text-xs text-muted">
          {m.prefixTokenAnswers(t.name, names.get(t.project_id) ?? '')}
        </p>
      ))}
    </li>
  )
}

export function TokenPrefixes({ enabled }: { enabled: boolean }) {
  const list = useTokenPrefixes(enabled)
  const titleId = useId()
  const state = serverListState({
    offline: !enabled,
    list,
    rows: list.data?.length ?? 0,
    texts: { offline: '', failed: m.prefixesFailed, empty: m.prefixesNone },
    testId: 'token-prefixes',
  })
  if (!enabled) return null
  return (
    <section className="flex flex-col gap-2" aria-labelledby={titleId} data-testid="token-prefixes">
      <h3 id={titleId} className="text-sm font-medium text-fg">
        {m.prefixesTitle}
      </h3>
      <p className="text-xs text-muted">{m.prefixesHint}</p>
      {state ?? (
        <ul
          className="flex flex-col divide-y divide-line rounded-lg border border-line"
          aria-labelledby={titleId}
        >
          {list.data?.map((row) => (
            <PrefixItem key={row.prefix} row={row} />
          ))}
        </ul>
      )}
    </section>
  )
}
