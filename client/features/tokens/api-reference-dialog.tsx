// The API reference, opened from Account → Tokens: GET /api/openapi.json shown as
// a list of the routes a token can call, grouped by tag, each (a native <details>, keyboard-ready)
// with its query parameters or JSON body fields and its error codes by status. The document itself
// is generated on the server from the zod schemas; nothing about the routes is written here.
import { appMessages } from '@common/messages.ts'
import { useQuery } from '@tanstack/react-query'
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx'
import { queryKeys } from '../../data/query-keys.ts'
import { api, errorMessage } from '../../lib/api.ts'

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  enum?: unknown[]
  $ref?: string
  format?: string
}
type Operation = {
  summary?: string
  tags?: string[]
  parameters?: { name: string; required?: boolean; schema?: JsonSchema }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, { 'x-error-codes'?: string[] }>
}
type OpenApi = {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, JsonSchema> }
}

const typeOf = (s: JsonSchema | undefined): string => {
  if (!s) return 'any'
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ')
  const t = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any')
  return s.format ? `${t} (${s.format})` : t
}

function Fields({
  title,
  rows,
}: {
  title: string
  rows: { name: string; required: boolean; type: string }[]
}) {
  if (rows.length === 0) return null
  return (
    <div className="mt-2">
      <p className="text-xs font-medium text-muted">{title}</p>
      <ul className="mt-1 flex flex-col gap-0.5 font-mono text-xs text-fg">
        {rows.map((r) => (
          <li key={r.name} className="break-words">
            {r.name}
            {r.required ? '' : '?'}: <span className="text-muted">{r.type}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

function Route({ method, path, op, doc }: { method: string; path: string; op: Operation; doc: OpenApi }) {
  const ref = op.requestBody?.content['application/json']?.schema.$ref
  const body = ref ? doc.components.schemas[ref.split('/').pop()!] : undefined
  const bodyRows = Object.entries(body?.properties ?? {}).map(([name, s]) => ({
    name,
    required: body?.required?.includes(name) ?? false,
    type: typeOf(s),
  }))
  const queryRows = (op.parameters ?? []).map((p) => ({
    name: p.name,
    required: !!p.required,
    type: typeOf(p.schema),
  }))
  const errors = Object.entries(op.responses).filter(([, r]) => r['x-error-codes'])
  return (
    <li>
      <details className="rounded-lg border border-line px-3 py-2" data-testid="api-route">
        <summary className="cursor-pointer text-sm text-fg">
          <span className="font-mono font-semibold uppercase">{method}</span>{' '}
          <span className="font-mono break-all">{path}</span>
          <span className="block text-xs text-muted">{op.summary}</span>
        </summary>
        <Fields title={appMessages.apiReferenceQuery} rows={queryRows} />
        <Fields title={appMessages.apiReferenceBody} rows={bodyRows} />
        <div className="mt-2">
          <p className="text-xs font-medium text-muted">{appMessages.apiReferenceErrors}</p>
          <ul className="mt-1 flex flex-col gap-0.5 text-xs text-fg">
            {errors.map(([status, r]) => (
              <li key={status} className="break-words">
                <span className="font-mono">{status}</span>: {r['x-error-codes']!.join(', ')}
              </li>
            ))}
          </ul>
        </div>
      </details>
    </li>
  )
}

export function ApiReferenceDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange(open: boolean): void
}) {
  const doc = useQuery({
    queryKey: queryKeys.openApi,
    queryFn: () => api<OpenApi>('/api/openapi.json'),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  const routes = doc.data
    ? Object.entries(doc.data.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ path, method, op, tag: op.tags?.[0] ?? '' })),
      )
    : []
  const tags = [...new Set(routes.map((r) => r.tag))]
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={appMessages.tokenApiReference}
        description={appMessages.apiReferenceHint}
        data-testid="api-reference"
      >
        <div className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto">
          <a
            href="/api/openapi.json"
            target="_blank"
            rel="noreferrer"
            className="self-start text-sm text-accent underline underline-offset-2"
          >
            {appMessages.apiReferenceJson}
          </a>
          {doc.isPending ? (
            <p role="status" className="text-sm text-muted">
              {appMessages.loading}
            </p>
          ) : null}
          {doc.isError ? (
            <p role="alert" className="text-sm text-danger">
              {appMessages.apiReferenceFailed}: {errorMessage(doc.error)}
            </p>
          ) : null}
          {tags.map((tag) => (
            <section key={tag} aria-label={tag}>
              <h3 className="mb-2 text-sm font-semibold text-fg">{tag}</h3>
              <ul className="flex flex-col gap-2">
                {routes
                  .filter((r) => r.tag === tag)
                  .map((r) => (
                    <Route
                      key={`${r.method} ${r.path}`}
                      method={r.method}
                      path={r.path}
                      op={r.op}
                      doc={doc.data!}
                    />
                  ))}
              </ul>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  )
}
