// Cross-site protection (ADR 0006) and the error shape of every refusal under /api: unsafe
// methods need this app's Origin (or Sec-Fetch-Site: same-origin) and JSON bodies; the reported
// attacks (text/plain from another site, another port of the same host) change nothing; only
// Stripe's webhook is exempt; wrong methods and unknown paths, better-auth's included, answer
// with `{ error }`.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODE_LIST } from '../../common/error-codes.ts'
import { appMessages } from '../../common/messages.ts'
import { STRIPE_WEBHOOK_PATH } from '../../server/app.ts'
import { invitations, projects } from '../../server/db/schema/index.ts'
import { BASE_URL, createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const EVIL = 'http://evil.example'
const OTHER_PORT = 'http://localhost:4000'

describe.each(dbKinds)('cross-site requests on %s', (kind) => {
  let t: TestApp
  let ada: string
  const wsId = randomUUID()

  beforeAll(async () => {
    t = await createTestApp(kind)
    ada = await t.signIn('csrf-ada@example.com')
    await t.setPlan('csrf-ada@example.com', 'gold')
    expect(
      (await t.post('/api/workspaces/create', ada, { id: wsId, name: 'Team', description: '' })).status,
    ).toBe(200)
  })
  afterAll(() => t?.close())

  /** A request as a page elsewhere sends it: `fetch(url, {mode: 'no-cors', credentials: 'include'})`. */
  const forged = (path: string, body: unknown, init: { origin?: string | null; type?: string } = {}) =>
    t.request(path, {
      method: 'POST',
      cookie: ada,
      origin: init.origin === undefined ? EVIL : init.origin,
      headers: { 'content-type': init.type ?? 'text/plain;charset=UTF-8' },
      body: JSON.stringify(body),
    })
  const error = async (res: Response) => ({ status: res.status, body: await res.json() })
  const projectExists = async (id: string) =>
    (await t.ctx.store.db.select().from(projects).where(eq(projects.id, id))).length > 0

  it('refuses the reported attacks and creates nothing', async () => {
    const id = randomUUID()
    const project = { id, name: 'Forged', workspace_id: null }
    // text/plain from another site (the reproduction: answered 200 before).
    expect(await error(await forged('/api/projects/create', project))).toEqual({
      status: 403,
      body: { error: appMessages.crossSiteRefused, code: 'cross_site' },
    })
    // Another port of the same host is another origin, even with a JSON type.
    const port = await forged('/api/projects/create', project, {
      origin: OTHER_PORT,
      type: 'application/json',
    })
    expect(port.status).toBe(403)
    // The attacker's invitation as admin, sent with no-cors from another port.
    const invite = await forged(
      '/api/workspaces/invite-user',
      { workspaceId: wsId, email: 'attacker@evil.example', role: 'admin' },
      { origin: OTHER_PORT },
    )
    expect(invite.status).toBe(403)
    // The right origin but a form or text body: 415.
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      expect(await error(await forged('/api/projects/create', project, { origin: BASE_URL, type }))).toEqual({
        status: 415,
        body: { error: appMessages.jsonBodyRequired, code: 'json_required' },
      })
    }
    expect(await projectExists(id)).toBe(false)
    const rows = await t.ctx.store.db.select().from(invitations).where(eq(invitations.workspace_id, wsId))
    expect(rows).toEqual([])
  })

  it('needs Origin, or Sec-Fetch-Site: same-origin without one', async () => {
    const send = (headers: Record<string, string>, origin: string | null) =>
      t.request('/api/projects/create', {
        cookie: ada,
        origin,
        headers,
        json: { id: randomUUID(), name: 'P', workspace_id: null },
      })
    expect((await send({}, null)).status).toBe(403) // curl-like: neither header
    expect((await send({}, 'null')).status).toBe(403) // sandboxed frames, data: URLs
    expect((await send({}, `${BASE_URL}.evil.example`)).status).toBe(403)
    expect((await send({}, 'https://localhost:3999')).status).toBe(403) // other scheme
    expect((await send({ 'sec-fetch-site': 'same-site' }, null)).status).toBe(403)
    expect((await send({ 'sec-fetch-site': 'cross-site' }, null)).status).toBe(403)
    expect((await send({ 'sec-fetch-site': 'same-origin' }, null)).status).toBe(200)
    expect((await send({}, BASE_URL)).status).toBe(200)
    // A cross-site Origin wins over a same-origin Sec-Fetch-Site.
    expect((await send({ 'sec-fetch-site': 'same-origin' }, EVIL)).status).toBe(403)
  })

  it('guards every unsafe method of every /api route, better-auth included; only the webhook is exempt', async () => {
    const unique = new Set(
      t.ctx.app.routes
        // OPTIONS is a CORS preflight (the Iconify endpoint answers it for pages of any origin): not unsafe.
        .filter((r) => r.path.startsWith('/api/') && !['GET', 'ALL', 'OPTIONS'].includes(r.method))
        .map((r) => `${r.method} ${r.path.replace(/\/\*$/, '/sign-out')}`),
    )
    const routes = [...unique].map((r) => {
      const [method, path] = r.split(' ') as [string, string]
      return { method, path }
    })
    const posts = routes.filter((r) => r.method === 'POST').map((r) => r.path)
    for (const path of ['/api/workspaces/create', '/api/icons/create-many', '/api/auth/sign-out']) {
      expect(posts).toContain(path)
    }
    for (const { method, path } of routes) {
      if (path === STRIPE_WEBHOOK_PATH) continue
      const res = await t.request(path, {
        method,
        cookie: ada,
        origin: EVIL,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect({ path, ...(await error(res)) }).toEqual({
        path,
        status: 403,
        body: { error: appMessages.crossSiteRefused, code: 'cross_site' },
      })
    }
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/workspaces/delete', '/api/auth/delete-user', '/api/anything']) {
        const res = await t.request(path, { method, cookie: ada, origin: EVIL })
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 })
      }
    }
    // Stripe's servers send no Origin and no cookie: the webhook is reached (404 without Stripe).
    const hook = await t.request(STRIPE_WEBHOOK_PATH, { method: 'POST', origin: null, body: '{}' })
    expect(await error(hook)).toEqual({
      status: 404,
      body: { error: appMessages.apiNotFound, code: 'not_found' },
    })
    // The session is still there: sign-out and delete-user were refused.
    expect((await t.get('/api/me', ada)).body.user.email).toBe('csrf-ada@example.com')
  })

  it('answers every 4xx under /api with { error, code }, better-auth included', async () => {
    const cases: [string, string, number[]][] = [
      ['GET', '/api/auth/subscription/upgrade', [404, 405]],
      ['GET', '/api/auth/sign-out', [404, 405]],
      ['GET', '/api/auth/no-such-endpoint', [404]],
      ['POST', '/api/auth/no-such-endpoint', [404]],
      ['PUT', '/api/auth/sign-out', [405]],
      ['DELETE', '/api/auth/get-session', [405]],
      ['GET', '/api/workspaces/create', [404, 405]],
      ['PUT', '/api/projects/update', [404, 405]],
      ['GET', '/api/no-such-thing', [404]],
      ['POST', '/api/icons', [404, 405]],
    ]
    for (const [method, path, statuses] of cases) {
      const res = await t.request(path, { method, cookie: ada, ...(method === 'GET' ? {} : { json: {} }) })
      expect(statuses, `${method} ${path} -> ${res.status}`).toContain(res.status)
      expect(res.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/)
      const body = await res.json()
      expect(typeof body.error, `${method} ${path}`).toBe('string')
      expect(body.error.length).toBeGreaterThan(0)
      expect(ERROR_CODE_LIST, `${method} ${path}`).toContain(body.code)
    }
  })
})
