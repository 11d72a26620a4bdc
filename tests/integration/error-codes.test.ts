// Every error answer of the API is `{ error, code }` with a code of the closed list
// (common/error-codes.ts, ADR 0004): each route mounted in server/app.ts is driven into at least one
// failure (no session, a bad body or query, an unknown id, a plan refusal), and the HTTP boundary's own
// refusals (404, 405, 413, 415, cross-site, a unique violation no route foresaw: 409) are checked too.
// A route added without a case here fails the coverage test.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODE_LIST, type ErrorCode } from '../../common/error-codes.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

type Who = 'nobody' | 'free'
type Case = [who: Who, method: 'GET' | 'POST', path: string, body: unknown, status: number, code: ErrorCode]

const STAR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'
const unknown = randomUUID()
const ownProject = randomUUID()

/** At least one failure per route; several where a route has several kinds. */
const cases: Case[] = [
  // better-auth behind its adapter (server/routes/auth.ts)
  ['nobody', 'POST', '/api/auth/sign-in/magic-link', { email: 'not an address' }, 400, 'invalid'],
  ['nobody', 'GET', '/api/auth/magic-link/verify?token=nope', undefined, 400, 'invalid'],
  ['nobody', 'POST', '/api/auth/subscription/upgrade', { plan: 'pro' }, 401, 'signed_out'],
  ['free', 'POST', '/api/auth/subscription/upgrade', { plan: 'platinum' }, 400, 'invalid'],
  ['nobody', 'GET', '/api/auth/no-such-endpoint', undefined, 404, 'not_found'],
  // billing
  ['nobody', 'POST', '/api/billing/plans', {}, 404, 'not_found'],
  ['nobody', 'GET', '/api/billing/subscription', undefined, 401, 'signed_out'],
  ['nobody', 'GET', '/api/billing/checkout?session=x', undefined, 401, 'signed_out'],
  ['free', 'GET', `/api/billing/checkout?session=${unknown}`, undefined, 404, 'not_found'],
  ['free', 'POST', '/api/billing/checkout/complete', {}, 400, 'invalid'],
  ['nobody', 'POST', '/api/billing/stripe/webhook', {}, 404, 'not_found'],
  // credits, usage, me, sync, events
  ['nobody', 'GET', '/api/credits', undefined, 401, 'signed_out'],
  ['free', 'GET', `/api/credits?workspaceId=${unknown}`, undefined, 404, 'not_found'],
  ['nobody', 'GET', '/api/usage', undefined, 401, 'signed_out'],
  ['nobody', 'POST', '/api/me', {}, 404, 'not_found'],
  ['nobody', 'GET', '/api/sync?scope=personal&since=0', undefined, 401, 'signed_out'],
  ['free', 'GET', '/api/sync?scope=nowhere&since=0', undefined, 400, 'invalid'],
  ['free', 'GET', `/api/sync?scope=${unknown}&since=0`, undefined, 404, 'not_found'],
  ['nobody', 'GET', '/api/events', undefined, 401, 'signed_out'],
  ['nobody', 'GET', '/api/health/nope', undefined, 404, 'not_found'],
  // workspaces
  ['nobody', 'GET', '/api/workspaces', undefined, 401, 'signed_out'],
  ['free', 'POST', '/api/workspaces/create', { id: randomUUID(), name: 'Team' }, 403, 'plan_required'],
  ['free', 'POST', '/api/workspaces/create', { id: 'x' }, 400, 'invalid'],
  ['free', 'POST', '/api/workspaces/update', { id: unknown, name: 'W' }, 404, 'not_found'],
  ['free', 'POST', '/api/workspaces/delete', { id: unknown }, 404, 'not_found'],
  ['nobody', 'GET', '/api/workspaces/deleted', undefined, 401, 'signed_out'],
  ['free', 'POST', '/api/workspaces/restore', { id: unknown }, 404, 'not_found'],
  ['free', 'POST', '/api/workspaces/access', { workspaceId: unknown }, 400, 'invalid'],
  ['free', 'POST', '/api/workspaces/update-credits-limit', {}, 400, 'invalid'],
  ['free', 'POST', '/api/workspaces/invite-user', {}, 400, 'invalid'],
  ['nobody', 'GET', '/api/workspaces/invitations', undefined, 401, 'signed_out'],
  ['free', 'POST', '/api/workspaces/accept-invitation', { invitationId: unknown }, 404, 'not_found'],
  ['free', 'POST', '/api/workspaces/decline-invitation', {}, 400, 'invalid'],
  ['free', 'GET', '/api/workspaces/pending-invitations', undefined, 400, 'invalid'],
  ['free', 'POST', '/api/workspaces/revoke-invitation', {}, 400, 'invalid'],
  ['free', 'GET', `/api/workspaces/access-users?workspaceId=${unknown}`, undefined, 404, 'not_found'],
  // review rules (ADR 0110; review-rules.test.ts has the 403s)
  ['nobody', 'GET', `/api/workspaces/review-rules?workspaceId=${unknown}`, undefined, 401, 'signed_out'],
  ['free', 'GET', '/api/workspaces/review-rules', undefined, 400, 'invalid'],
  ['free', 'GET', `/api/workspaces/review-rules?workspaceId=${unknown}`, undefined, 404, 'not_found'],
  [
    'free',
    'POST',
    '/api/workspaces/update-review-rules',
    { workspaceId: unknown, rules: { nope: {} } },
    400,
    'invalid',
  ],
  [
    'free',
    'POST',
    '/api/workspaces/update-review-rules',
    { workspaceId: unknown, preset: 'lucide' },
    404,
    'not_found',
  ],
  ['nobody', 'GET', `/api/icons/checks?id=${unknown}`, undefined, 401, 'signed_out'],
  ['free', 'GET', '/api/icons/checks', undefined, 400, 'invalid'],
  ['free', 'GET', `/api/icons/checks?id=${unknown}`, undefined, 404, 'not_found'],
  ['free', 'POST', '/api/icons/check-rules', { workspace_id: unknown }, 400, 'invalid'],
  ['free', 'POST', '/api/icons/check-rules', { workspace_id: unknown, svg: STAR }, 404, 'not_found'],
  // the review gate (ADR 0112; review-gate.test.ts has the 403s and rules_failed)
  ['nobody', 'POST', '/api/icons/review', { id: unknown, decision: 'approve' }, 401, 'signed_out'],
  ['free', 'POST', '/api/icons/review', { id: unknown, decision: 'maybe' }, 400, 'invalid'],
  ['free', 'POST', '/api/icons/review', { id: unknown, decision: 'reject' }, 400, 'invalid'],
  ['free', 'POST', '/api/icons/review', { id: unknown, decision: 'approve' }, 404, 'not_found'],
  ['nobody', 'GET', `/api/icons/reviews?id=${unknown}`, undefined, 401, 'signed_out'],
  ['free', 'GET', '/api/icons/reviews', undefined, 400, 'invalid'],
  ['free', 'GET', `/api/icons/reviews?id=${unknown}`, undefined, 404, 'not_found'],
  ['nobody', 'GET', `/api/workspaces/review-queue?workspaceId=${unknown}`, undefined, 401, 'signed_out'],
  ['free', 'GET', '/api/workspaces/review-queue', undefined, 400, 'invalid'],
  ['free', 'GET', `/api/workspaces/review-queue?workspaceId=${unknown}`, undefined, 404, 'not_found'],
  ['free', 'POST', '/api/workspaces/delete-access', {}, 400, 'invalid'],
  ['free', 'POST', '/api/workspaces/update-access-user', {}, 400, 'invalid'],
  // projects
  ['nobody', 'GET', '/api/projects', undefined, 401, 'signed_out'],
  ['free', 'POST', '/api/projects/create', { id: randomUUID(), name: '' }, 400, 'invalid'],
  ['free', 'POST', '/api/projects/update', { id: unknown, name: 'P' }, 404, 'not_found'],
  ['free', 'POST', '/api/projects/delete', { id: unknown }, 404, 'not_found'],
  ['free', 'GET', '/api/projects/deleted?workspace_id=nope', undefined, 400, 'invalid'],
  ['free', 'POST', '/api/projects/restore', { id: unknown }, 404, 'not_found'],
  // releases and exports (ADR 0017, 0104)
  ['nobody', 'POST', '/api/projects/release', { project_id: unknown }, 401, 'signed_out'],
  ['free', 'POST', '/api/projects/release', { project_id: unknown }, 404, 'not_found'],
  ['free', 'POST', '/api/projects/release', { project_id: ownProject, version: '1.0' }, 400, 'invalid'],
  ['free', 'GET', `/api/projects/releases?project_id=${unknown}`, undefined, 404, 'not_found'],
  ['free', 'GET', '/api/projects/release-preview', undefined, 400, 'invalid'],
  ['free', 'GET', `/api/projects/export?project_id=${ownProject}&format=png`, undefined, 400, 'invalid'],
  [
    'free',
    'GET',
    `/api/projects/export?project_id=${ownProject}&format=svg&release=9.9.9`,
    undefined,
    404,
    'not_found',
  ],
  // icons
  ['nobody', 'GET', `/api/icons?project_id=${unknown}`, undefined, 401, 'signed_out'],
  ['free', 'GET', `/api/icons?project_id=${unknown}`, undefined, 404, 'not_found'],
  ['free', 'GET', '/api/icons', undefined, 400, 'invalid'],
  [
    'free',
    'POST',
    '/api/icons/create',
    { id: randomUUID(), name: 'Star', svg: STAR, project_id: ownProject },
    403,
    'plan_required',
  ],
  ['free', 'POST', '/api/icons/create-many', { icons: [] }, 400, 'invalid'],
  ['free', 'POST', '/api/icons/move', { ids: [unknown], project_id: unknown }, 404, 'not_found'],
  ['free', 'POST', '/api/icons/update', { id: unknown, name: 'N' }, 404, 'not_found'],
  ['free', 'POST', '/api/icons/delete', { id: unknown }, 404, 'not_found'],
  ['free', 'GET', '/api/icons/download', undefined, 400, 'invalid'],
  // icon history, trash and aliases
  ['nobody', 'GET', `/api/icons/history?id=${unknown}`, undefined, 401, 'signed_out'],
  ['free', 'GET', '/api/icons/history', undefined, 400, 'invalid'],
  ['free', 'GET', `/api/icons/history?id=${unknown}`, undefined, 404, 'not_found'],
  ['free', 'POST', '/api/icons/restore', { id: unknown, version: 0 }, 400, 'invalid'],
  ['free', 'POST', '/api/icons/restore', { id: unknown, version: 1 }, 404, 'not_found'],
  ['free', 'POST', '/api/icons/replace', { id: unknown }, 400, 'invalid'],
  ['free', 'POST', '/api/icons/replace', { id: unknown, svg: STAR }, 404, 'not_found'],
  ['free', 'GET', '/api/icons/deleted', undefined, 400, 'invalid'],
  ['free', 'GET', `/api/icons/deleted?project_id=${unknown}`, undefined, 404, 'not_found'],
  ['free', 'POST', '/api/icons/undelete', { id: unknown }, 404, 'not_found'],
  ['nobody', 'GET', `/api/projects/aliases?project_id=${unknown}`, undefined, 401, 'signed_out'],
  ['free', 'GET', `/api/projects/aliases?project_id=${unknown}`, undefined, 404, 'not_found'],
  [
    'free',
    'POST',
    '/api/projects/aliases/create',
    { project_id: unknown, icon_id: unknown, name: 'a' },
    404,
    'not_found',
  ],
  [
    'free',
    'POST',
    '/api/projects/aliases/update',
    { project_id: ownProject, name: 'a', deprecated: true, remove_in: '3' },
    400,
    'invalid',
  ],
  [
    'free',
    'POST',
    '/api/projects/aliases/update',
    { project_id: ownProject, name: 'a', deprecated: true },
    404,
    'not_found',
  ],
  ['free', 'POST', '/api/projects/aliases/delete', { project_id: ownProject, name: 'a' }, 404, 'not_found'],
  ['nobody', 'POST', '/api/openapi.json', {}, 404, 'not_found'],
  // Iconify endpoint (ADR 0021): the token is in the path
  ['nobody', 'GET', '/api/iconify/not-a-token/collections', undefined, 401, 'token_invalid'],
  ['nobody', 'GET', '/api/iconify/not-a-token/last-modified?prefixes=a', undefined, 401, 'token_invalid'],
  ['nobody', 'GET', '/api/iconify/not-a-token/brand.json?icons=a', undefined, 401, 'token_invalid'],
  ['nobody', 'GET', '/api/iconify/not-a-token/brand/house.svg', undefined, 401, 'token_invalid'],
  // what changed since a cursor, search, duplicates
  ['nobody', 'GET', `/api/icons/changes?project_id=${unknown}&since=0`, undefined, 401, 'signed_out'],
  ['free', 'GET', '/api/icons/changes', undefined, 400, 'invalid'],
  ['nobody', 'GET', `/api/icons/first?project_id=${unknown}`, undefined, 401, 'signed_out'],
  ['free', 'GET', `/api/icons/first?project_id=${unknown}&limit=0`, undefined, 400, 'invalid'],
  ['free', 'GET', `/api/icons/first?project_id=${unknown}`, undefined, 404, 'not_found'],
  ['free', 'GET', `/api/icons/search?project_id=${unknown}&q=cog`, undefined, 404, 'not_found'],
  ['free', 'GET', `/api/icons/search?project_id=${ownProject}`, undefined, 400, 'invalid'],
  ['free', 'POST', '/api/icons/check-duplicates', {}, 400, 'invalid'],
  ['free', 'GET', `/api/icons/duplicates?project_id=${unknown}`, undefined, 404, 'not_found'],
  // API tokens (ADR 0019; token refusals: api-tokens.test.ts)
  ['nobody', 'GET', '/api/tokens', undefined, 401, 'signed_out'],
  ['free', 'POST', '/api/tokens/create', { name: 'CI', scope: 'admin' }, 400, 'invalid'],
  [
    'free',
    'POST',
    '/api/tokens/create',
    { name: 'CI', scope: 'read', project_ids: [unknown] },
    404,
    'not_found',
  ],
  ['free', 'POST', '/api/tokens/revoke', { id: unknown }, 404, 'not_found'],
  // Who each workspace the caller owns passes to if they delete their account (account-heirs.test.ts)
  ['nobody', 'GET', '/api/workspaces/heirs', undefined, 401, 'signed_out'],
  // Which project an Iconify prefix answers (ADR 0021; iconify-prefixes.test.ts)
  ['nobody', 'GET', '/api/tokens/prefixes', undefined, 401, 'signed_out'],
  ['free', 'POST', '/api/tokens/pin-prefix', { prefix: 'Bad--Prefix', project_id: unknown }, 400, 'invalid'],
  ['free', 'POST', '/api/tokens/pin-prefix', { prefix: 'icons', project_id: unknown }, 404, 'not_found'],
  [
    'free',
    'POST',
    '/api/tokens/pin-prefix',
    { prefix: 'not-its-prefix', project_id: ownProject },
    409,
    'conflict',
  ],
  // maker
  ['nobody', 'GET', '/api/maker/capabilities', undefined, 401, 'signed_out'],
  ['free', 'GET', `/api/maker/capabilities?workspaceId=${unknown}`, undefined, 404, 'not_found'],
  ['free', 'POST', '/api/maker/charge', { action: 'nothing' }, 400, 'invalid'],
  ['free', 'POST', '/api/maker/generate', { prompt: '' }, 400, 'invalid'],
]

/** "METHOD /path" of a case, its query left out, as Hono lists the route. */
const routeOf = ([, method, path]: Case) => `${method} ${path.split('?')[0]}`

/** A mounted route with parameters (`/api/iconify/:token/:prefix{[^/]+\\.json}`) as a pattern of paths. */
const pathPattern = (route: string) =>
  new RegExp(`^${route.replace(/:\w+\{([^}]+)\}/g, '($1)').replace(/:\w+/g, '[^/]+')}$`)

describe.each(dbKinds)('error codes on %s', (kind) => {
  let t: TestApp
  let free: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    free = await t.signIn('codes-free@example.com')
    const made = await t.post('/api/projects/create', free, {
      id: ownProject,
      name: 'Own',
      workspace_id: null,
    })
    expect(made.status).toBe(200)
  })
  afterAll(() => t?.close())

  const expectErrorBody = async (res: Response, status: number, code: ErrorCode, what: string) => {
    expect(res.status, what).toBe(status)
    expect(res.headers.get('content-type'), what).toMatch(/^application\/json/)
    const body = await res.json()
    expect(Object.keys(body).sort(), what).toEqual(['code', 'error'])
    expect(typeof body.error, what).toBe('string')
    expect(body.error.length, what).toBeGreaterThan(0)
    expect(ERROR_CODE_LIST, what).toContain(body.code)
    expect(body.code, what).toBe(code)
  }

  it('answers every route’s failures with { error, code } and the code of the closed list', async () => {
    for (const [who, method, path, body, status, code] of cases) {
      const res = await t.request(path, {
        method,
        ...(who === 'free' ? { cookie: free } : {}),
        ...(body === undefined ? {} : { json: body }),
      })
      await expectErrorBody(res, status, code, `${who} ${method} ${path}`)
    }
  })

  it('covers every route mounted under /api', () => {
    const covered = new Set(cases.map(routeOf))
    const mounted = t.ctx.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.endsWith('/*'))
      .map((r) => `${r.method} ${r.path}`)
    // Routes without a failure of their own (public lists, the health checks: health.test.ts) are
    // covered by another method on the same path.
    const coveredByPattern = (route: string) => {
      const [method, path] = route.split(' ') as [string, string]
      const pattern = pathPattern(path)
      return (
        path.includes(':') &&
        cases.some(([, m, p]) => m === method && pattern.test(p.split('?')[0] as string))
      )
    }
    const missing = [...new Set(mounted)].filter(
      (route) =>
        !covered.has(route) &&
        !coveredByPattern(route) &&
        !covered.has(route.replace(/^GET/, 'POST')) &&
        !['GET /api/health', 'GET /api/health/ready'].includes(route),
    )
    expect(missing).toEqual([])
  })

  it('answers a unique constraint no check foresaw with 409 conflict, never 500', async () => {
    const a = randomUUID()
    for (const [id, name] of [
      [a, 'Unique A'],
      [randomUUID(), 'Unique B'],
    ])
      expect((await t.post('/api/projects/create', free, { id, name, workspace_id: null })).status).toBe(200)
    await t.ctx.store.db.execute(sql`create unique index projects_name_test_uq on projects (name)`)
    try {
      const res = await t.request('/api/projects/update', { cookie: free, json: { id: a, name: 'Unique B' } })
      await expectErrorBody(res, 409, 'conflict', 'unique violation')
    } finally {
      await t.ctx.store.db.execute(sql`drop index projects_name_test_uq`)
    }
  })

  it('gives the HTTP boundary’s own refusals their codes', async () => {
    await expectErrorBody(await t.request('/api/no-such-thing'), 404, 'not_found', '404')
    await expectErrorBody(
      await t.request('/api/auth/sign-out', { method: 'PUT' }),
      405,
      'method_not_allowed',
      '405',
    )
    await expectErrorBody(
      await t.request('/api/projects/create', { cookie: free, json: {}, origin: 'https://evil.example' }),
      403,
      'cross_site',
      'cross-site',
    )
    await expectErrorBody(
      await t.request('/api/projects/create', {
        cookie: free,
        method: 'POST',
        body: 'x',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      'json_required',
      '415',
    )
    await expectErrorBody(
      await t.request('/api/projects/create', { cookie: free, json: { name: 'x'.repeat(1024 * 1024 + 1) } }),
      413,
      'too_large',
      '413',
    )
    await expectErrorBody(
      await t.request('/api/projects/create', {
        cookie: free,
        method: 'POST',
        body: '{',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'invalid',
      'bad JSON',
    )
  })

  it('names what a 409 clashes with, and a stale session’s refusal to delete the account (ADR 0030)', async () => {
    const other = await t.signIn('codes-other@example.com')
    // An id another user's project holds: id_taken.
    const stolen = await t.request('/api/projects/create', {
      cookie: other,
      json: { id: ownProject, name: 'Mine now', workspace_id: null },
    })
    await expectErrorBody(stolen, 409, 'id_taken', 'a taken id')
    // An Iconify prefix another project of the owner carries: name_taken.
    const second = await t.post('/api/projects/create', free, {
      id: randomUUID(),
      name: 'Second',
      workspace_id: null,
    })
    expect(second.status).toBe(200)
    const clash = await t.request('/api/projects/update', {
      cookie: free,
      json: { id: ownProject, name: 'Own', iconify_prefix: second.body.data.iconify_prefix },
    })
    await expectErrorBody(clash, 409, 'name_taken', 'a taken prefix')
    // Each refused item of create-many and check-duplicates carries a code of the list (a plan that
    // saves icons: the free plan's refusal would be the whole request's).
    await t.setPlan('codes-other@example.com', 'pro')
    const theirs = randomUUID()
    expect(
      (await t.post('/api/projects/create', other, { id: theirs, name: 'Theirs', workspace_id: null }))
        .status,
    ).toBe(200)
    const icon = { id: randomUUID(), name: 'star', svg: STAR, project_id: theirs }
    expect((await t.post('/api/icons/create', other, icon)).status).toBe(200)
    const items = await t.post('/api/icons/create-many', other, {
      icons: [{ id: randomUUID(), name: 'bad', svg: '<svg', project_id: theirs }, { id: 'x' }],
    })
    expect(items.status).toBe(200)
    expect(items.body.data.results).toEqual([
      expect.objectContaining({ status: 400, code: 'invalid', error: expect.any(String) }),
      expect.objectContaining({ status: 400, code: 'invalid', error: expect.any(String) }),
    ])
    // The icon's id again, into another project: that item alone, id_taken.
    const elsewhere = randomUUID()
    expect(
      (await t.post('/api/projects/create', other, { id: elsewhere, name: 'Else', workspace_id: null }))
        .status,
    ).toBe(200)
    const taken = await t.post('/api/icons/create-many', other, {
      icons: [{ ...icon, project_id: elsewhere }],
    })
    expect(taken.status).toBe(200)
    expect(taken.body.data.results).toEqual([
      expect.objectContaining({ id: icon.id, status: 409, code: 'id_taken' }),
    ])
    const checked = await t.post('/api/icons/check-duplicates', other, { project_id: theirs, svgs: ['<svg'] })
    expect(checked.status).toBe(200)
    expect(checked.body.data.results).toEqual([{ error: expect.any(String), code: 'invalid' }])
    for (const item of [...items.body.data.results, ...checked.body.data.results])
      expect(ERROR_CODE_LIST).toContain(item.code)
    // A session signed in two days ago may not delete the account: better-auth's SESSION_EXPIRED,
    // answered with a code of the list the account dialog acts on.
    const token = decodeURIComponent(/better-auth\.session_token=([^;.]+)/.exec(other)![1]!)
    await t.ctx.store.db.execute(
      sql`update session set created_at = now() - interval '2 days' where token = ${token}`,
    )
    await expectErrorBody(
      await t.request('/api/auth/delete-user', { cookie: other, json: {} }),
      400,
      'fresh_sign_in_required',
      'a stale session deleting the account',
    )
  })
})
