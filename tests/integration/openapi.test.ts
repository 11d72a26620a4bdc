// GET /api/openapi.json: an OpenAPI 3.1 document, public, generated from the routes themselves (their
// description and the zod schemas they validate with, ADR 0029), valid by a real OpenAPI validator
// (@seriousme/openapi-schema-validator), describing every route a token can call with its error codes
// (and the validator does refuse a broken document).
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODE_LIST, ERROR_CODES, type ErrorCode } from '../../common/error-codes.ts'
import { EXPORT_FORMATS, exportQuery } from '../../common/schemas/releases.ts'
import { currentTable, routeTable } from '../../scripts/api-routes.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'

describe('the OpenAPI document', () => {
  let t: TestApp
  let doc: Json

  beforeAll(async () => {
    t = await createTestApp('pglite')
    const res = await t.request('/api/openapi.json', { origin: null })
    expect(res.status).toBe(200)
    expect(res.headers.get('etag')).toBeTruthy()
    doc = await res.json()
  })
  afterAll(() => t?.close())

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0')
    const validator = new Validator()
    const result = await validator.validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
    // The validator is no rubber stamp: a route answering nothing is refused.
    const broken = structuredClone(doc)
    broken.paths['/api/icons'].get.responses = 'none'
    expect((await new Validator().validate(broken)).valid).toBe(false)
  })

  it('describes the routes a token can call, with their error codes, and no others', () => {
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    )
    for (const route of [
      'GET /api/icons',
      'POST /api/icons/create',
      'POST /api/icons/update',
      'GET /api/icons/history',
      'POST /api/icons/restore',
      'GET /api/projects',
      'GET /api/projects/aliases',
      'POST /api/projects/release',
      'GET /api/projects/releases',
      'GET /api/projects/export',
      'GET /api/workspaces/review-rules',
      'POST /api/workspaces/update-review-rules',
      'GET /api/icons/checks',
      'POST /api/icons/check-rules',
      'POST /api/icons/review',
      'GET /api/icons/reviews',
      'GET /api/workspaces/review-queue',
    ])
      expect(routes).toContain(route)
    // Every route it names exists in the app.
    // Hono's `:name` (and `:name{….ext}`, the Iconify endpoint's) is OpenAPI's `{name}` (`{name}.ext`).
    const asOpenApi = (path: string) =>
      path.replace(/:(\w+)\{[^}]*\\\.(\w+)\}/g, '{$1}.$2').replace(/:(\w+)/g, '{$1}')
    const mounted = new Set(t.ctx.app.routes.map((r) => `${r.method} ${asOpenApi(r.path)}`))
    for (const route of routes) expect(mounted, route).toContain(route)
    expect(routes.some((r) => /\/api\/(tokens|me|billing|auth|credits)/.test(r))).toBe(false)
    // Every route mounted where a token works on icons, projects, their history, aliases, releases,
    // exports and review, and the Iconify endpoint's GETs, is in it: a route added there without its
    // description fails here.
    const tokenRoutes = [...mounted].filter(
      (r) =>
        /^(GET|POST) \/api\/(icons|projects|iconify)(\/|$)/.test(r) ||
        /^(GET|POST) \/api\/workspaces\/(update-)?review-rules$/.test(r),
    )
    expect(tokenRoutes.length).toBeGreaterThan(35)
    for (const route of tokenRoutes) expect(routes, route).toContain(route)
    const create = doc.paths['/api/icons/create'].post
    expect(create.responses['403']['x-error-codes']).toEqual(
      expect.arrayContaining(['token_read_only', 'plan_required']),
    )
    expect(create.responses['401']['x-error-codes']).toEqual(
      expect.arrayContaining(['token_invalid', 'token_revoked', 'token_expired']),
    )
    expect(doc.components.schemas.Error.properties.code.enum).toEqual(ERROR_CODE_LIST)
    // Generated from the zod schema: the body's fields and their limits.
    const body = doc.components.schemas.CreateIconBody
    expect(body.required).toEqual(expect.arrayContaining(['id', 'name', 'svg', 'project_id']))
    expect(body.additionalProperties).toBe(false)
    expect(doc.paths['/api/icons'].get.parameters).toEqual([
      expect.objectContaining({ name: 'project_id', in: 'query', required: true }),
    ])
  })

  it('takes each body and query from the schema its route validates with, and answers errors as { error, code }', () => {
    const schemas = doc.components.schemas as Record<string, Json>
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`
        expect(op.summary, where).toBeTruthy()
        expect(op.tags, where).toHaveLength(1)
        expect(
          doc.tags.map((t: Json) => t.name),
          where,
        ).toContain(op.tags[0])
        // A body is a named schema of components; parameters are the query's fields.
        const ref = op.requestBody?.content['application/json'].schema.$ref
        if (method === 'post') expect(schemas[ref?.split('/').pop()], where).toBeDefined()
        for (const p of op.parameters ?? []) expect(['query', 'path'], where).toContain(p.in)
        // Every answer besides the 200 is the one error shape, with codes of the closed list whose
        // meaning states that status.
        expect(op.responses['200'], where).toBeDefined()
        for (const [status, answer] of Object.entries(op.responses as Record<string, Json>)) {
          if (status === '200') continue
          expect(answer.content['application/json'].schema.$ref, where).toBe('#/components/schemas/Error')
          for (const code of answer['x-error-codes']) {
            expect(ERROR_CODE_LIST, where).toContain(code)
            expect(ERROR_CODES[code as ErrorCode], `${where} ${code}`).toContain(`(${status}`)
          }
        }
      }
    }
    // The query of the export is its validator's: every format, and the release and prefix.
    const exportParams = doc.paths['/api/projects/export'].get.parameters.map((p: Json) => p.name)
    expect(exportParams.sort()).toEqual(Object.keys(exportQuery.shape).sort())
    const format = doc.paths['/api/projects/export'].get.parameters.find((p: Json) => p.name === 'format')
    expect(format.schema.enum).toEqual(Object.keys(EXPORT_FORMATS))
    // The Iconify endpoint: the token in its path, no bearer header, its own errors.
    const icons = doc.paths['/api/iconify/{token}/{prefix}.json'].get
    expect(icons.security).toEqual([])
    expect(icons.parameters.map((p: Json) => `${p.in} ${p.name}`)).toEqual([
      'path token',
      'path prefix',
      'query icons',
    ])
    expect(icons.responses['401']['x-error-codes']).toEqual([
      'token_invalid',
      'token_expired',
      'token_revoked',
    ])
  })

  it("is docs/api.md's route table (node scripts/api-routes.ts writes it)", () => {
    expect(currentTable()).toBe(routeTable(doc))
  })
})
