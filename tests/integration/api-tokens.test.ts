// Personal API tokens (ADR 0019) through the real app: a token made from a session acts
// as its user with `Authorization: Bearer`, without the Origin rule; it is listed without its
// secret and with when it was last used (written at most once a minute); a read token only reads;
// a token limited to projects finds no other (404) and no route spanning all of them; no token
// reaches account, billing, session, token or sign-in routes; a cookie with a token is refused;
// an expired, revoked or unknown token gets a 401 of its own code at its next request; a token acts
// under its user’s role (a viewer’s write token adds nothing); requests are limited per token; a user
// holds at most MAX_ACTIVE_TOKENS live tokens.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorCode } from '../../common/error-codes.ts'
import { appMessages } from '../../common/messages.ts'
import { MAX_ACTIVE_TOKENS } from '../../common/schemas/tokens.ts'
import { apiTokens } from '../../server/db/schema/index.ts'
import { LAST_USED_EVERY_MS } from '../../server/domain/accounts/api-tokens.ts'
import { tokenLoad } from '../../server/middleware/api-token.ts'
import { fixedWindow, TOKEN_LIMIT, tokenBudget } from '../../server/middleware/rate-limit.ts'
import type { AppEnv } from '../../server/middleware/session.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

const STAR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'

function tokenFlow(kind: DbKind) {
  let t: TestApp
  let cookie: string
  const projectA = randomUUID()
  const projectB = randomUUID()
  let iconB: string

  /** A request with the token only: no cookie and no Origin (as a CLI or a CI job sends it). */
  const bearer = async (token: string, path: string, json?: unknown, method?: string) => {
    const res = await t.request(path, {
      origin: null,
      headers: { authorization: `Bearer ${token}` },
      ...(json === undefined ? {} : { json }),
      ...(method ? { method } : {}),
    })
    return { status: res.status, body: (await res.json()) as Json }
  }
  const expectCode = (res: { status: number; body: Json }, status: number, code: ErrorCode) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status)
    expect(res.body.code).toBe(code)
    expect(res.body.error.length).toBeGreaterThan(10)
  }
  const makeToken = async (body: Json) => {
    const res = await t.post('/api/tokens/create', cookie, body)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(Object.keys(res.body.data).sort()).toEqual(['id', 'token'])
    return res.body.data as { id: string; token: string }
  }
  const newIcon = (name: string, project: string) => ({
    id: randomUUID(),
    name,
    svg: STAR,
    project_id: project,
    workspace_id: null,
  })

  beforeAll(async () => {
    t = await createTestApp(kind)
    cookie = await t.signIn('token-owner@example.com')
    await t.setPlan('token-owner@example.com', 'pro')
    for (const [id, name] of [
      [projectA, 'Alpha'],
      [projectB, 'Beta'],
    ])
      expect((await t.post('/api/projects/create', cookie, { id, name, workspace_id: null })).status).toBe(
        200,
      )
    const icon = await t.post('/api/icons/create', cookie, newIcon('beta-star', projectB))
    expect(icon.status).toBe(200)
    iconB = icon.body.data.id
  })
  afterAll(() => t?.close())

  it('create → use without Origin → listed with its last use, never its secret → revoke → 401', async () => {
    const made = await makeToken({ name: 'CI', scope: 'write' })
    expect(made.token).toMatch(/^ivt_[A-Za-z0-9_-]{43}$/)
    // Kept only as its sha256.
    const [row] = await t.ctx.store.db.select().from(apiTokens).where(eq(apiTokens.id, made.id))
    expect(JSON.stringify(row)).not.toContain(made.token.slice(4))

    expect((await t.get('/api/tokens', cookie)).body.data[0].last_used_at).toBeNull()
    const listed = await bearer(made.token, `/api/icons?project_id=${projectA}`)
    expect(listed.status).toBe(200)
    // A write with no Origin and no cookie: the CSRF rule does not apply to a token.
    const created = await bearer(made.token, '/api/icons/create', newIcon('alpha-star', projectA))
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    expect(created.body.data.name).toBe('alpha-star')

    const list = await t.get('/api/tokens', cookie)
    expect(list.status).toBe(200)
    const mine = list.body.data.find((r: Json) => r.id === made.id)
    expect(Object.keys(mine).sort()).toEqual(
      ['created_at', 'expires_at', 'id', 'last_used_at', 'name', 'project_ids', 'scope'].sort(),
    )
    expect(mine).toMatchObject({ name: 'CI', scope: 'write', project_ids: null, expires_at: null })
    expect(JSON.stringify(list.body)).not.toContain(made.token)
    const usedAt = Date.parse(mine.last_used_at)
    expect(Date.now() - usedAt).toBeLessThan(LAST_USED_EVERY_MS)
    // Not written again within the minute.
    expect((await bearer(made.token, '/api/projects')).status).toBe(200)
    const again = (await t.get('/api/tokens', cookie)).body.data.find((r: Json) => r.id === made.id)
    expect(again.last_used_at).toBe(mine.last_used_at)

    expect((await t.post('/api/tokens/revoke', cookie, { id: made.id })).status).toBe(200)
    expectCode(await bearer(made.token, '/api/projects'), 401, 'token_revoked')
    expect((await t.get('/api/tokens', cookie)).body.data.map((r: Json) => r.id)).not.toContain(made.id)
    expectCode(await t.post('/api/tokens/revoke', cookie, { id: made.id }), 404, 'not_found')
  })

  it('a read token reads and is refused every write (403 token_read_only)', async () => {
    const { token } = await makeToken({ name: 'Reader', scope: 'read' })
    expect((await bearer(token, `/api/icons?project_id=${projectB}`)).status).toBe(200)
    expect((await bearer(token, `/api/icons/history?id=${iconB}`)).status).toBe(200)
    expectCode(await bearer(token, '/api/icons/create', newIcon('nope', projectA)), 403, 'token_read_only')
    expectCode(
      await bearer(token, '/api/projects/update', { id: projectA, name: 'X' }),
      403,
      'token_read_only',
    )
    expectCode(await bearer(token, '/api/icons/delete', { id: iconB }), 403, 'token_read_only')
    // One rule, by method (ADR 0031): a GET whose action is not `*:read` reads (the trash list), and
    // a write that names no action (creating a workspace) is refused all the same.
    expect((await bearer(token, '/api/projects/deleted')).status).toBe(200)
    expectCode(
      await bearer(token, '/api/workspaces/create', { id: randomUUID(), name: 'W' }),
      403,
      'token_read_only',
    )
  })

  it('a token limited to projects finds no other (404) and no route spanning them all', async () => {
    const { token } = await makeToken({ name: 'Alpha only', scope: 'write', project_ids: [projectA] })
    expect((await bearer(token, `/api/icons?project_id=${projectA}`)).status).toBe(200)
    expectCode(await bearer(token, `/api/icons?project_id=${projectB}`), 404, 'not_found')
    expectCode(await bearer(token, `/api/icons/history?id=${iconB}`), 404, 'not_found')
    expectCode(await bearer(token, '/api/icons/update', { id: iconB, name: 'renamed' }), 404, 'not_found')
    expectCode(await bearer(token, '/api/icons/create', newIcon('b2', projectB)), 404, 'not_found')
    expectCode(await bearer(token, `/api/projects/releases?project_id=${projectB}`), 404, 'not_found')
    expectCode(await bearer(token, '/api/projects/update', { id: projectB, name: 'X' }), 404, 'not_found')
    const projects = await bearer(token, '/api/projects')
    expect(projects.status).toBe(200)
    expect(projects.body.data.map((p: Json) => p.id)).toEqual([projectA])
    expectCode(
      await bearer(token, '/api/projects/create', { id: randomUUID(), name: 'New', workspace_id: null }),
      403,
      'token_not_allowed',
    )
    expectCode(await bearer(token, '/api/sync?scope=personal&since=0'), 403, 'token_not_allowed')
    expectCode(await bearer(token, '/api/workspaces'), 403, 'token_not_allowed')
    // Only projects the user may see can be listed on a token.
    expectCode(
      await t.post('/api/tokens/create', cookie, { name: 'X', scope: 'read', project_ids: [randomUUID()] }),
      404,
      'not_found',
    )
  })

  it('a token limited to projects lists only its own projects among the deleted ones (personal and team)', async () => {
    const mine = { kept: randomUUID(), other: randomUUID() }
    for (const [id, name] of [
      [mine.kept, 'Trash kept'],
      [mine.other, 'Trash other'],
    ] as const)
      expect((await t.post('/api/projects/create', cookie, { id, name, workspace_id: null })).status).toBe(
        200,
      )
    const wsId = randomUUID()
    const team = await seedTeam(t, { owner: 'token-trash-owner@example.com', wsId })
    const ours = { kept: randomUUID(), other: randomUUID() }
    for (const [id, name] of [
      [ours.kept, 'Team trash kept'],
      [ours.other, 'Team trash other'],
    ] as const)
      expect(
        (await t.post('/api/projects/create', team.owner, { id, name, workspace_id: wsId })).status,
      ).toBe(200)
    const limited = await makeToken({ name: 'Kept only', scope: 'write', project_ids: [mine.kept] })
    const teamLimited = await t.post('/api/tokens/create', team.owner, {
      name: 'Team kept only',
      scope: 'write',
      project_ids: [ours.kept],
    })
    expect(teamLimited.status).toBe(200)
    for (const id of [mine.kept, mine.other])
      expect((await t.post('/api/projects/delete', cookie, { id })).status).toBe(200)
    for (const id of [ours.kept, ours.other])
      expect((await t.post('/api/projects/delete', team.owner, { id })).status).toBe(200)
    const names = (res: { body: Json }) => res.body.data.map((p: Json) => p.name).sort()
    // The session (and an unlimited token) sees every deleted project; the limited one only its own.
    expect(names(await t.get('/api/projects/deleted', cookie))).toEqual(['Trash kept', 'Trash other'])
    const personal = await bearer(limited.token, '/api/projects/deleted')
    expect(personal.status).toBe(200)
    expect(names(personal)).toEqual(['Trash kept'])
    expect(JSON.stringify(personal.body)).not.toContain(mine.other)
    const teamToken = teamLimited.body.data.token as string
    const inTeam = await bearer(teamToken, `/api/projects/deleted?workspace_id=${wsId}`)
    expect(inTeam.status).toBe(200)
    expect(names(inTeam)).toEqual(['Team trash kept'])
    expect(JSON.stringify(inTeam.body)).not.toContain(ours.other)
    expect(names(await bearer(teamToken, '/api/projects/deleted'))).toEqual([])
  })

  it('never reaches account, billing, session, token or sign-in routes (403 token_not_allowed)', async () => {
    const { token } = await makeToken({ name: 'Everything', scope: 'write' })
    for (const [method, path, json] of [
      ['GET', '/api/me', undefined],
      ['GET', '/api/tokens', undefined],
      ['POST', '/api/tokens/create', { name: 'child', scope: 'write' }],
      ['POST', '/api/tokens/revoke', { id: randomUUID() }],
      ['GET', '/api/billing/subscription', undefined],
      ['GET', '/api/credits', undefined],
      ['POST', '/api/auth/sign-out', {}],
      ['GET', '/api/auth/get-session', undefined],
      ['POST', '/api/maker/generate', { prompt: 'a cat' }],
    ] as const)
      expectCode(await bearer(token, path, json, method), 403, 'token_not_allowed')
    // An unrestricted token reaches the user's wider routes.
    expect((await bearer(token, '/api/sync?scope=personal&since=0')).status).toBe(200)
  })

  it('refuses a token with a cookie (400), and an unknown or expired one (401 with its code)', async () => {
    const { id, token } = await makeToken({
      name: 'Soon',
      scope: 'read',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    })
    const both = await t.request('/api/projects', { cookie, headers: { authorization: `Bearer ${token}` } })
    expect(both.status).toBe(400)
    expect(((await both.json()) as Json).code).toBe('invalid')
    expect((await bearer(token, '/api/projects')).status).toBe(200)
    await t.ctx.store.db
      .update(apiTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, id))
    expectCode(await bearer(token, '/api/projects'), 401, 'token_expired')
    expectCode(await bearer(`ivt_${'A'.repeat(43)}`, '/api/projects'), 401, 'token_invalid')
    expectCode(await bearer('not-a-token', '/api/projects'), 401, 'token_invalid')
    expectCode(
      await t.post('/api/tokens/create', cookie, {
        name: 'Past',
        scope: 'read',
        expires_at: '2001-01-01T00:00:00Z',
      }),
      400,
      'invalid',
    )
  })

  it('acts under its user’s role: a viewer’s write token reads the team’s icons but adds none (403)', async () => {
    const wsId = randomUUID()
    const teamProject = randomUUID()
    const team = await seedTeam(t, {
      owner: 'token-team-owner@example.com',
      members: { 'token-viewer@example.com': 'viewer', 'token-member@example.com': 'member' },
      wsId,
    })
    const made = await t.post('/api/projects/create', team.owner, {
      id: teamProject,
      name: 'Team set',
      workspace_id: wsId,
    })
    expect(made.status).toBe(200)
    const tokenOf = async (who: string) => {
      const res = await t.post('/api/tokens/create', who, { name: 'T', scope: 'write' })
      expect(res.status).toBe(200)
      return res.body.data.token as string
    }
    const icon = { ...newIcon('team-star', teamProject), workspace_id: wsId }
    const viewer = await tokenOf(team.members['token-viewer@example.com']!)
    expect((await bearer(viewer, `/api/icons?project_id=${teamProject}`)).status).toBe(200)
    expectCode(await bearer(viewer, '/api/icons/create', icon), 403, 'not_authorized')
    const member = await tokenOf(team.members['token-member@example.com']!)
    expect((await bearer(member, '/api/icons/create', icon)).status).toBe(200)
    expectCode(
      await bearer(member, '/api/projects/update', { id: teamProject, name: 'X' }),
      403,
      'not_authorized',
    )
    // Another user's token does not see the team's project at all.
    expectCode(await bearer(await tokenOf(cookie), `/api/icons?project_id=${teamProject}`), 404, 'not_found')
  })

  it('holds at most 100 live tokens a user (403 quota_reached); revoked and expired ones make room; two at once take one place', async () => {
    const own = await t.signIn('token-hoarder@example.com')
    const make = (name: string) => t.post('/api/tokens/create', own, { name, scope: 'read' })
    const first = await make('First')
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const [row] = await t.ctx.store.db.select().from(apiTokens).where(eq(apiTokens.id, first.body.data.id))
    // 98 more straight into the table (the route's own count is what is tested), one of them expired.
    const more = Array.from({ length: 98 }, (_, i) => ({
      id: randomUUID(),
      user_id: row!.user_id,
      name: `Job ${i}`,
      scope: 'read',
      token_hash: randomUUID(),
      expires_at: i === 0 ? new Date(Date.now() - 1000) : null,
    }))
    await t.ctx.store.db.insert(apiTokens).values(more)
    expect((await make('Ninety-ninth live')).status).toBe(200)
    expect((await make('Hundredth live')).status).toBe(200)
    const refused = await make('One too many')
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      error: appMessages.tooManyTokens(MAX_ACTIVE_TOKENS),
      code: 'quota_reached',
    })
    // Nothing was stored for the refused one; another user is not counted with this one.
    const names = (await t.get('/api/tokens', own)).body.data.map((r: Json) => r.name)
    expect(names).toHaveLength(101) // 100 live and the expired one, listed with its expiry
    expect(names).not.toContain('One too many')
    expect((await t.post('/api/tokens/create', cookie, { name: 'Other user', scope: 'read' })).status).toBe(
      200,
    )
    // A revoked token makes room for exactly one, even when two are asked for at once.
    expect((await t.post('/api/tokens/revoke', own, { id: first.body.data.id })).status).toBe(200)
    const both = await Promise.all([make('Race A'), make('Race B')])
    expect(both.map((r) => r.status).sort()).toEqual([200, 403])
  })

  it('counts a token’s Iconify and Bearer requests in one budget: its total a minute is TOKEN_LIMIT', async () => {
    const { id, token } = await makeToken({ name: 'Both ways', scope: 'read' })
    // Most of the minute spent already (in memory, as many requests would: the loop of 600 real
    // requests is too slow for a busy machine); the last four go two each way.
    const budget = tokenBudget(t.ctx.store.db)
    for (let i = 0; i < TOKEN_LIMIT.max - 4; i++) expect(budget.take(id)).toBe(0)
    const iconify = () => t.request(`/api/iconify/${token}/collections`, { origin: null })
    for (let i = 0; i < 2; i++) expect((await iconify()).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await bearer(token, '/api/projects')).status).toBe(200)
    // Each way is refused once the other's requests have used up the rest.
    expectCode(await bearer(token, '/api/projects'), 429, 'rate_limited')
    const refused = await iconify()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another token's budget is its own.
    const other = await makeToken({ name: 'Fresh', scope: 'read' })
    expect((await bearer(other.token, '/api/projects')).status).toBe(200)
  })

  it('limits requests per token (429 with Retry-After), each token on its own', async () => {
    const one = await makeToken({ name: 'Busy', scope: 'read' })
    const two = await makeToken({ name: 'Calm', scope: 'read' })
    // The app's own middleware on this database, with a limit of 3 a minute.
    const app = new Hono<AppEnv>()
    app.use(tokenLoad(t.ctx.store.db, fixedWindow({ max: 3, windowMs: 60_000 })))
    app.get('/x', (c) => c.json({ user: c.get('user')?.email }))
    const call = (token: string) => app.request('/x', { headers: { authorization: `Bearer ${token}` } })
    for (let i = 0; i < 3; i++) expect((await call(one.token)).status).toBe(200)
    const refused = await call(one.token)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await refused.json()) as Json).code).toBe('rate_limited')
    const other = await call(two.token)
    expect(other.status).toBe(200)
    expect(((await other.json()) as Json).user).toBe('token-owner@example.com')
  })
}

describe('API tokens on pglite', () => tokenFlow('pglite'))
postgresOnly('API tokens on postgres', () => tokenFlow('postgres'))
