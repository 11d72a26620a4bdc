// GET /api/openapi.json (issue 24 item 2): an OpenAPI 3.1 description of the public routes an API
// token can call (icons, projects, history, aliases, releases, export), built from the same zod
// schemas the routes validate with (common/schemas, z.toJSONSchema, JSON Schema 2020-12 as OpenAPI
// 3.1 takes it). Only the route table (path, method, schema, summary, error codes) is written here;
// no schema is written by hand. tests/integration/openapi.test.ts validates it with a real validator.
import { z } from 'zod'
import { ERROR_CODE_LIST, ERROR_CODES, type ErrorCode } from '../../common/error-codes.ts'
import * as aliases from '../../common/schemas/aliases.ts'
import * as duplicates from '../../common/schemas/duplicates.ts'
import * as changes from '../../common/schemas/icon-changes.ts'
import * as icons from '../../common/schemas/icons.ts'
import * as projects from '../../common/schemas/projects.ts'
import * as releases from '../../common/schemas/releases.ts'
import * as review from '../../common/schemas/review-rules.ts'
import * as search from '../../common/schemas/search.ts'
import { iconifyPaths } from './openapi-iconify.ts'

type Method = 'get' | 'post'
type Route = {
  method: Method
  path: string
  tag: 'Icons' | 'History' | 'Projects' | 'Aliases' | 'Releases' | 'Review'
  summary: string
  /** A POST's JSON body, or a GET's query parameters. */
  input?: [name: string, schema: z.ZodType]
  /** Error codes this route may answer besides those every route may (EVERY_ROUTE). */
  errors?: ErrorCode[]
  /** The answer is a file (the export), not JSON. */
  file?: boolean
}

/** What any route may answer: bad input, no or a bad token, refusals, rate limits, the database away. */
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
const SAVES: ErrorCode[] = ['plan_required', 'quota_reached', 'conflict', 'busy']

const ROUTES: Route[] = [
  { method: 'get', path: '/api/projects', tag: 'Projects', summary: 'The projects the caller may see' },
  {
    method: 'post',
    path: '/api/projects/create',
    tag: 'Projects',
    summary: 'Create a project',
    input: ['CreateProjectBody', projects.createProjectBody],
    errors: ['plan_required', 'conflict'],
  },
  {
    method: 'post',
    path: '/api/projects/update',
    tag: 'Projects',
    summary: 'Rename a project',
    input: ['UpdateProjectBody', projects.updateProjectBody],
  },
  {
    method: 'post',
    path: '/api/projects/delete',
    tag: 'Projects',
    summary: 'Delete a project (kept 30 days for a restore)',
    input: ['DeleteProjectBody', projects.deleteProjectBody],
  },
  {
    method: 'get',
    path: '/api/projects/deleted',
    tag: 'Projects',
    summary: 'Projects deleted in the last 30 days',
    input: ['DeletedProjectsQuery', projects.deletedProjectsQuery],
  },
  {
    method: 'post',
    path: '/api/projects/restore',
    tag: 'Projects',
    summary: 'Restore a deleted project',
    input: ['RestoreProjectBody', projects.restoreProjectBody],
    errors: ['conflict', 'gone'],
  },
  {
    method: 'get',
    path: '/api/icons',
    tag: 'Icons',
    summary: "A project's icons",
    input: ['ListIconsQuery', icons.listIconsQuery],
  },
  {
    method: 'get',
    path: '/api/icons/changes',
    tag: 'Icons',
    summary:
      "What changed in a project since a cursor: `{ cursor, changed, removed, more }` (without `since`: the current cursor). Another project's cursor is 400; one older than the kept history 410 `cursor_expired`: list the project again",
    input: ['IconChangesQuery', changes.iconChangesQuery],
    errors: ['cursor_expired'],
  },
  {
    method: 'post',
    path: '/api/icons/create',
    tag: 'Icons',
    summary: 'Add an icon (its SVG is cleaned as in the app)',
    input: ['CreateIconBody', icons.createIconBody],
    errors: SAVES,
  },
  {
    method: 'post',
    path: '/api/icons/create-many',
    tag: 'Icons',
    summary: 'Add many icons; each item is checked as CreateIconBody on its own',
    input: ['CreateIconsBody', icons.createIconsBody],
    errors: SAVES,
  },
  {
    method: 'post',
    path: '/api/icons/move',
    tag: 'Icons',
    summary: 'Move icons into another project',
    input: ['MoveIconsBody', icons.moveIconsBody],
    errors: SAVES,
  },
  {
    method: 'post',
    path: '/api/icons/update',
    tag: 'Icons',
    summary: 'Rename an icon or change its SVG or status',
    input: ['UpdateIconBody', icons.updateIconBody],
    errors: SAVES,
  },
  {
    method: 'post',
    path: '/api/icons/delete',
    tag: 'Icons',
    summary: 'Delete an icon (kept 30 days)',
    input: ['DeleteIconBody', icons.deleteIconBody],
  },
  {
    method: 'get',
    path: '/api/icons/download',
    tag: 'Icons',
    summary: "An icon's cleaned SVG file",
    input: ['IconIdQuery', icons.iconHistoryQuery],
    file: true,
  },
  {
    method: 'get',
    path: '/api/icons/history',
    tag: 'History',
    summary: "An icon's versions, newest first",
    input: ['IconIdQuery', icons.iconHistoryQuery],
  },
  {
    method: 'post',
    path: '/api/icons/restore',
    tag: 'History',
    summary: 'Bring back a version of an icon (as a new version)',
    input: ['RestoreIconBody', icons.restoreIconBody],
    errors: SAVES,
  },
  {
    method: 'post',
    path: '/api/icons/replace',
    tag: 'History',
    summary: "Replace an icon's SVG, keeping its name, id and history",
    input: ['ReplaceIconBody', icons.replaceIconBody],
    errors: SAVES,
  },
  {
    method: 'post',
    path: '/api/icons/check-duplicates',
    tag: 'Icons',
    summary:
      'What each drawing would repeat in a project, stored nothing: { data: { results: [{ duplicate_of, near_duplicate_of, drawing_hash } or { error }] } }',
    input: ['CheckDuplicatesBody', duplicates.checkDuplicatesBody],
  },
  {
    method: 'get',
    path: '/api/icons/duplicates',
    tag: 'Icons',
    summary: "A project's icons grouped by drawing: { data: { exact: [[id…]], near: [[id…]] } }",
    input: ['DuplicateGroupsQuery', duplicates.duplicateGroupsQuery],
  },
  {
    method: 'get',
    path: '/api/workspaces/review-rules',
    tag: 'Review',
    summary: "A workspace's review rules, for every member: { data: { preset, rules } } (ADR 0110)",
    input: ['ReviewRulesQuery', review.reviewRulesQuery],
  },
  {
    method: 'post',
    path: '/api/workspaces/update-review-rules',
    tag: 'Review',
    summary:
      'Set a preset (lucide, filled, custom, null) and/or change rules, owners and admins only; a changed rule makes the preset custom: { data: { preset, rules } }',
    input: ['UpdateReviewRulesBody', review.updateReviewRulesBody],
  },
  {
    method: 'get',
    path: '/api/icons/checks',
    tag: 'Review',
    summary:
      "An icon against its workspace's enabled review rules ([] in a personal project): { data: [{ rule, ok, message, elements }] }",
    input: ['IconChecksQuery', review.iconChecksQuery],
  },
  {
    method: 'post',
    path: '/api/icons/check-rules',
    tag: 'Review',
    summary:
      "A drawing, stored nothing, through the create pipeline's limits and against the workspace's enabled rules: { data: [{ rule, ok, message, elements }] }",
    input: ['CheckRulesBody', review.checkRulesBody],
    errors: ['busy'],
  },
  {
    method: 'get',
    path: '/api/icons/search',
    tag: 'Icons',
    summary:
      "A project's icons found by name, former name, tag, label or synonym, best first: { data: [{ id, name, score, matched }] }; a query's first 10 distinct words are searched",
    input: ['SearchIconsQuery', search.searchIconsQuery],
  },
  {
    method: 'get',
    path: '/api/icons/deleted',
    tag: 'History',
    summary: "A project's icons deleted in the last 30 days",
    input: ['DeletedIconsQuery', icons.deletedIconsQuery],
  },
  {
    method: 'post',
    path: '/api/icons/undelete',
    tag: 'History',
    summary: 'Bring back a deleted icon',
    input: ['UndeleteIconBody', icons.undeleteIconBody],
    errors: [...SAVES, 'gone'],
  },
  {
    method: 'get',
    path: '/api/projects/aliases',
    tag: 'Aliases',
    summary: "A project's aliases (former names that still reach an icon)",
    input: ['AliasesQuery', aliases.aliasesQuery],
  },
  {
    method: 'post',
    path: '/api/projects/aliases/create',
    tag: 'Aliases',
    summary: 'Add an alias to an icon',
    input: ['CreateAliasBody', aliases.createAliasBody],
    errors: ['conflict'],
  },
  {
    method: 'post',
    path: '/api/projects/aliases/update',
    tag: 'Aliases',
    summary: 'Deprecate an alias, with a reason and the release it goes in',
    input: ['UpdateAliasBody', aliases.updateAliasBody],
  },
  {
    method: 'post',
    path: '/api/projects/aliases/delete',
    tag: 'Aliases',
    summary: 'Remove an alias',
    input: ['DeleteAliasBody', aliases.deleteAliasBody],
  },
  {
    method: 'post',
    path: '/api/projects/release',
    tag: 'Releases',
    summary: 'Release the project as it is now (a semantic version)',
    input: ['ReleaseBody', releases.releaseBody],
    errors: ['conflict'],
  },
  {
    method: 'get',
    path: '/api/projects/releases',
    tag: 'Releases',
    summary: "A project's releases, newest first",
    input: ['ReleasesQuery', releases.releasesQuery],
  },
  {
    method: 'get',
    path: '/api/projects/release-preview',
    tag: 'Releases',
    summary: 'The suggested next version and the changes since the last release',
    input: ['ReleasesQuery', releases.releasesQuery],
  },
  {
    method: 'get',
    path: '/api/projects/export',
    tag: 'Releases',
    summary: 'The project (now, or a release) as a file in one of the export formats',
    input: ['ExportQuery', releases.exportQuery],
    file: true,
    // A font of a project that has given out every code point (ADR 0105); a build still running
    // past its wall-time backstop (ADR 0310: 413 too_large and 429 are common to every route).
    errors: ['conflict', 'busy'],
  },
]

/** The one error shape (ADR 0004), as a zod schema so that it is generated like the others. */
const errorBody = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODE_LIST as [ErrorCode, ...ErrorCode[]]),
})
/** Every JSON answer's envelope: `{ data }` (its rows: common/schemas/rows.ts). */
const dataAnswer = z.object({ data: z.unknown() })

/** A zod schema as a JSON Schema (2020-12) of what a client sends (before transforms). */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
  delete out.$schema
  return out
}

const STATUS_OF: Partial<Record<ErrorCode, string>> = {}
for (const code of ERROR_CODE_LIST) {
  const match = /\((\d{3})/.exec(ERROR_CODES[code])
  if (match) STATUS_OF[code] = match[1]
}

function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<string, ErrorCode[]>()
  for (const code of codes) {
    const status = STATUS_OF[code] ?? '400'
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

/** The document; `version` is the app's. */
export function openApiDocument(version: string): Record<string, unknown> {
  const schemas: Record<string, unknown> = { Error: jsonSchema(errorBody), Data: jsonSchema(dataAnswer) }
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of ROUTES) {
    const op: Record<string, unknown> = {
      operationId: `${route.method}${route.path
        .replace(/^\/api/, '')
        .split(/[/-]/)
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join('')}`,
      tags: [route.tag],
      summary: route.summary,
    }
    if (route.input) {
      const [name, schema] = route.input
      const json = jsonSchema(schema)
      if (route.method === 'post') {
        schemas[name] = json
        op.requestBody = {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
        }
      } else {
        const props = (json.properties ?? {}) as Record<string, Record<string, unknown>>
        const required = new Set((json.required as string[] | undefined) ?? [])
        op.parameters = Object.entries(props).map(([param, schema]) => ({
          name: param,
          in: 'query',
          required: required.has(param),
          schema,
        }))
      }
    }
    const unique = [...new Set([...EVERY_ROUTE, ...(route.errors ?? [])])]
    op.responses = {
      '200': route.file
        ? { description: 'The file', content: { 'application/octet-stream': { schema: {} } } }
        : {
            description: 'The answer: `{ data }`',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Data' } } },
          },
      ...errorResponses(unique),
    }
    paths[route.path] = { ...paths[route.path], [route.method]: op }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Iconvault API',
      version,
      description:
        'The routes an API token can call (Account → Tokens). Send `Authorization: Bearer <token>`; a read token may only GET. Errors are `{ error, code }`: decide by the code.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerToken: [] }],
    tags: ['Projects', 'Icons', 'History', 'Aliases', 'Releases', 'Review', 'Iconify'].map((name) => ({
      name,
    })),
    // The Iconify endpoint: its token is in the path (ADR 0021).
    paths: { ...paths, ...iconifyPaths() },
    components: {
      schemas,
      securitySchemes: {
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A personal API token (ivt_…), created in Account → Tokens.',
        },
      },
    },
  }
}
