// The OpenAPI document is generated from the routes as mounted (ADR 0029): a route with `describe`
// and a validator is in it with its body or query from that very schema, under its full path; a route
// without `describe` is not, even with a validator; a parameter holding its suffix is OpenAPI's
// `{name}.ext`. And describing a route changes nothing of how it answers.
import { Hono } from 'hono'
import { expect, it, describe as suite } from 'vitest'
import { z } from 'zod'
import type { Json } from '../../tests/setup/test-app.ts'
import { validate, validateQuery } from '../middleware/validate.ts'
import { describe, parameter } from './describe.ts'
import { openApiDocument, openApiPath } from './openapi.ts'

const thingBody = z
  .strictObject({ id: z.string().min(1, { error: 'Id is required' }) })
  .meta({ id: 'ThingBody' })
const thingsQuery = z.strictObject({ project_id: z.string().min(1), limit: z.coerce.number().optional() })

function things() {
  const app = new Hono()
  app.post(
    '/create',
    describe({ tag: 'Icons', summary: 'Add a thing', errors: ['conflict'] }),
    validate(thingBody),
    (c) => c.json({ data: c.get('body') }),
  )
  app.get('/', describe({ tag: 'Icons', summary: 'The things' }), validateQuery(thingsQuery), (c) =>
    c.json({ data: c.get('query') }),
  )
  // Validated, not described: an internal route.
  app.post('/internal', validate(thingBody), (c) => c.json({ data: null }))
  app.get(
    '/:token/:prefix{[^/]+\\.json}',
    describe({
      tag: 'Iconify',
      summary: 'A set',
      operationId: 'getSet',
      parameters: [parameter('path', 'token', z.string()), parameter('path', 'prefix', z.string())],
      errors: ['not_found'],
      only: true,
      noBearer: true,
    }),
    (c) => c.json({}),
  )
  const root = new Hono()
  root.route('/api/things', app)
  root.onError((err, c) => c.json({ error: err.message, code: 'invalid' }, 400))
  return root
}

suite('openApiDocument', () => {
  it('holds the described routes with their own schemas, under their mounted paths', async () => {
    const doc = await openApiDocument(things() as unknown as Hono<never>, '9.9.9')
    expect(doc.info).toEqual(expect.objectContaining({ version: '9.9.9' }))
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/things',
      '/api/things/create',
      '/api/things/{token}/{prefix}.json',
    ])
    const create = doc.paths['/api/things/create']!.post as Json
    expect(create.operationId).toBe('postThingsCreate')
    expect(create.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ThingBody',
    })
    expect((doc.components as Json).schemas.ThingBody).toEqual(
      expect.objectContaining({ required: ['id'], additionalProperties: false }),
    )
    expect(create.responses['409']['x-error-codes']).toEqual(['conflict'])
    expect(create.responses['400']['x-error-codes']).toContain('invalid')
    const list = doc.paths['/api/things']!.get as Json
    expect(list.parameters).toEqual([
      expect.objectContaining({ in: 'query', name: 'project_id', required: true }),
      expect.objectContaining({ in: 'query', name: 'limit' }),
    ])
    const set = doc.paths['/api/things/{token}/{prefix}.json']!.get as Json
    expect(set.parameters.map((p: { name: string }) => p.name)).toEqual(['token', 'prefix'])
    expect(set.security).toEqual([])
    expect(Object.keys(set.responses).sort()).toEqual(['200', '404'])
  })

  it('leaves validation as it was: the schema’s first message, 400', async () => {
    const app = things()
    const res = await app.request('/api/things/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: '' }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'Id is required', code: 'invalid' })
    const ok = await app.request('/api/things?project_id=p&limit=3')
    expect(await ok.json()).toEqual({ data: { project_id: 'p', limit: 3 } })
  })

  it('writes Hono paths as OpenAPI paths', () => {
    expect(openApiPath('/api/iconify/:token/:prefix/:name{[^/]+\\.svg}')).toBe(
      '/api/iconify/{token}/{prefix}/{name}.svg',
    )
    expect(openApiPath('/api/icons/:id')).toBe('/api/icons/{id}')
    expect(openApiPath('/api/icons/create-many')).toBe('/api/icons/create-many')
  })
})
