// The Iconify endpoint in GET /api/openapi.json (ADR 0021): its four GETs, the token in the path (no
// bearer header), their parameters from the zod schemas of common/schemas/iconify.ts and their errors.
import { z } from 'zod'
import { ERROR_CODES, type ErrorCode } from '../../common/error-codes.ts'
import * as s from '../../common/schemas/iconify.ts'

const schemaOf = (schema: z.ZodType) => {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
  delete out.$schema
  return out
}
const pathParam = (name: string, schema: z.ZodType) => ({
  name,
  in: 'path',
  required: true,
  schema: schemaOf(schema),
})
const queryParams = (schema: z.ZodObject) =>
  Object.entries((schemaOf(schema).properties ?? {}) as Record<string, unknown>).map(([name, sch]) => ({
    name,
    in: 'query',
    required: false,
    schema: sch,
  }))

const ERRORS: Record<string, ErrorCode[]> = {
  '401': ['token_invalid', 'token_expired', 'token_revoked'],
  '404': ['not_found'],
  '429': ['rate_limited'],
}
const errors = Object.fromEntries(
  Object.entries(ERRORS).map(([status, codes]) => [
    status,
    {
      description: codes.map((c) => `\`${c}\`: ${ERROR_CODES[c]}`).join('\n\n'),
      'x-error-codes': codes,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  ]),
)
const json = (description: string) => ({
  description,
  content: { 'application/json': { schema: { type: 'object' } } },
})
const op = (operationId: string, summary: string, ok: Record<string, unknown>, parameters: unknown[]) => ({
  get: {
    operationId,
    tags: ['Iconify'],
    summary,
    security: [],
    parameters,
    responses: { '200': ok, ...errors },
  },
})

const token = pathParam('token', s.iconifyToken)

/** The paths of the Iconify endpoint. */
export const iconifyPaths = (): Record<string, unknown> => ({
  '/api/iconify/{token}/{prefix}.json': op(
    'getIconifyIcons',
    'IconifyJSON of the icons asked for: { prefix, lastModified, icons, aliases?, not_found? } (Cache-Control: private, ETag)',
    json('IconifyJSON'),
    [token, pathParam('prefix', s.iconifyPrefix), ...queryParams(s.iconifyIconsQuery)],
  ),
  '/api/iconify/{token}/{prefix}/{name}.svg': op(
    'getIconifySvg',
    'One icon as an SVG image (sandboxed)',
    { description: 'The SVG', content: { 'image/svg+xml': { schema: { type: 'string' } } } },
    [token, pathParam('prefix', s.iconifyPrefix), pathParam('name', s.iconifyName)],
  ),
  '/api/iconify/{token}/collections': op(
    'getIconifyCollections',
    'IconifyInfo by prefix of every project the token reaches; a prefix several projects share, none chosen: ambiguous: true, projects',
    json('{ <prefix>: IconifyInfo }'),
    [token],
  ),
  '/api/iconify/{token}/last-modified': op(
    'getIconifyLastModified',
    'When each set last changed: { lastModified: { <prefix>: unix seconds } }',
    json('{ lastModified }'),
    [token, ...queryParams(s.iconifyLastModifiedQuery)],
  ),
})
