// GET /api/openapi.json (issue 24 item 2): an OpenAPI 3.1 document, public, generated from the zod
// schemas of common/schemas, valid by a real OpenAPI validator (@seriousme/openapi-schema-validator),
// describing the routes a token can call with their error codes (and the validator does refuse a
// broken document).
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODE_LIST } from '../../common/error-codes.ts'
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
    ])
      expect(routes).toContain(route)
    // Every route it names exists in the app.
    // Hono's `:name` (and `:name{….ext}`, the Iconify endpoint's) is OpenAPI's `{name}` (`{name}.ext`).
    const asOpenApi = (path: string) =>
      path.replace(/:(\w+)\{[^}]*\\\.(\w+)\}/g, '{$1}.$2').replace(/:(\w+)/g, '{$1}')
    const mounted = new Set(t.ctx.app.routes.map((r) => `${r.method} ${asOpenApi(r.path)}`))
    for (const route of routes) expect(mounted, route).toContain(route)
    expect(routes.some((r) => /\/api\/(tokens|me|billing|auth|credits)/.test(r))).toBe(false)
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
})
