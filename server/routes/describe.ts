// A route's description in GET /api/openapi.json, declared on the route itself (ADR 0029):
//   app.post('/create', describe({ tag: 'Icons', summary: 'Add an icon', errors: SAVES }),
//     validate(s.createIconBody), requireAccess(…), handler)
// `describe` is hono-openapi's describeRoute with the app's conventions: its tag, its summary, the
// `{ data }` answer (or a file), and the error codes it may answer grouped by status, each the one
// error shape `{ error, code }` (ADR 0004). The body or query comes from the route's own validate /
// validateQuery (server/middleware/validate.ts), which register their zod schema; a route without
// `describe` is not in the document (server/routes/openapi.ts).
import { describeRoute } from 'hono-openapi'
import { z } from 'zod'
import { ERROR_CODE_LIST, ERROR_CODES, type ErrorCode } from '../../common/error-codes.ts'

/** The groups of the document, in its order. */
export const TAGS = ['Projects', 'Icons', 'History', 'Aliases', 'Releases', 'Review', 'Iconify'] as const
type Tag = (typeof TAGS)[number]

/** What any route a token calls may answer: bad input, no or a bad token, refusals, rate limits, the database away. */
const EVERY_ROUTE: ErrorCode[] = [
  'invalid',
  'signed_out',
  'token_invalid',
  'token_expired',
  'token_revoked',
  'not_authorized',
  'token_read_only',
  'token_not_allowed',
  'cross_site',
  'json_required',
  'not_found',
  'too_large',
  'rate_limited',
  'unavailable',
  'internal',
]
/** What a route that stores icons may answer besides. */
export const SAVES: ErrorCode[] = [
  'plan_required',
  'quota_reached',
  'id_taken',
  'name_taken',
  'conflict',
  'busy',
]

/** The one error shape (ADR 0004) and every JSON answer's envelope `{ data }` (its rows: common/schemas/rows.ts). */
export const sharedSchemas = {
  Error: z.object({ error: z.string(), code: z.enum(ERROR_CODE_LIST as [ErrorCode, ...ErrorCode[]]) }),
  Data: z.object({ data: z.unknown() }),
}

/** A zod schema as the JSON Schema (2020-12, as OpenAPI 3.1 takes it) of what a client sends. */
export function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
  delete out.$schema
  return out
}

const STATUS_OF = new Map<ErrorCode, string>()
for (const code of ERROR_CODE_LIST) STATUS_OF.set(code, /\((\d{3})/.exec(ERROR_CODES[code])?.[1] ?? '400')

/** The error answers of `codes`, one per status, each code named with its meaning. */
function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<string, ErrorCode[]>()
  for (const code of new Set(codes)) {
    const status = STATUS_OF.get(code)!
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      {
        description: list.map((c) => `\`${c}\`: ${ERROR_CODES[c]}`).join('\n\n'),
        'x-error-codes': list,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  )
}

/** A path or query parameter from its zod schema (its `.describe()` is the parameter's description). */
export function parameter(where: 'path' | 'query', name: string, schema: z.ZodType, required = true) {
  const { description, ...rest } = jsonSchema(schema)
  return {
    name,
    in: where,
    required,
    ...(description ? { description: String(description) } : {}),
    schema: rest,
  }
}

type Described = {
  tag: Tag
  summary: string
  /** Codes this route may answer besides those of every route (or instead of them: `only`). */
  errors?: ErrorCode[]
  /** The route's own error codes, not those of every bearer route (the Iconify endpoint's token is in its path). */
  only?: boolean
  /** The answer when it is not `{ data }`: a file of this media type, or a JSON document of its own. */
  answer?: { description: string; type: string; schema?: Record<string, unknown> }
  /** Parameters no validator of the route declares (the path's, a query read without one). */
  parameters?: ReturnType<typeof parameter>[]
  /** Authenticated otherwise than by the bearer header (the Iconify endpoint). */
  noBearer?: boolean
  operationId?: string
}

/** `getIconsCreateMany` for GET /api/icons/create-many: the path without /api, in camel case. */
const operationIdOf = (method: string, path: string) =>
  `${method.toLowerCase()}${path
    .replace(/^\/api/, '')
    .split(/[/-]/)
    .filter((w) => w && !w.startsWith(':'))
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`

/** The description of one route, as a middleware that does nothing at request time. */
export function describe(d: Described) {
  return describeRoute({
    tags: [d.tag],
    summary: d.summary,
    operationId: d.operationId ?? ((route) => operationIdOf(route.method, route.path)),
    ...(d.parameters ? { parameters: d.parameters } : {}),
    ...(d.noBearer ? { security: [] } : {}),
    responses: {
      200: d.answer
        ? {
            description: d.answer.description,
            content: { [d.answer.type]: { schema: d.answer.schema ?? {} } },
          }
        : {
            description: 'The answer: `{ data }`',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Data' } } },
          },
      ...errorResponses(d.only ? (d.errors ?? []) : [...EVERY_ROUTE, ...(d.errors ?? [])]),
    },
  })
}
