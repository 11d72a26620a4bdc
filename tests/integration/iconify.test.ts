// The Iconify-compatible endpoint (ADR 0021) through the real app, on PGlite and
// Postgres: a project's Iconify prefix (derived from its name, editable by an admin, 409 when taken,
// a fresh one when a restore finds it taken); `<prefix>.json?icons=` answers IconifyJSON with bodies,
// sizes, aliases (a renamed icon's former name) and not_found, a strong ETag and 304; one icon's SVG,
// collections and last-modified as Iconify's API answers them; CORS for any origin; a revoked token
// gets 401; another user's prefix and a project outside the token's narrowing are 404; the token in
// the path never reaches the request log.
import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { iconifyMessages } from '../../common/messages.ts'
import { createApp } from '../../server/app.ts'
import { createLogger } from '../../server/log/log.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

const HOUSE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M3 9l9-7 9 7v11H3z"/></svg>'
const WIDE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 16"><path d="M2 2h28v12H2z"/></svg>'

function iconifyFlow(kind: DbKind) {
  let t: TestApp
  let owner: string
  let stranger: string
  let token: string
  let tokenId: string
  const alpha = randomUUID()
  const beta = randomUUID()
  const strangers = randomUUID()

  /** A GET as iconify-icon sends it: another origin, no cookie. */
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.request(path, { origin: null, headers: { origin: 'https://elsewhere.example', ...headers } })
  const json = async (path: string) => {
    const res = await get(path)
    return { status: res.status, body: (await res.json()) as Json, headers: res.headers }
  }
  const icon = (name: string, svg: string, project: string) => ({
    id: randomUUID(),
    name,
    svg,
    project_id: project,
    workspace_id: null,
  })
  const makeToken = async (cookie: string, body: Json) => {
    const res = await t.post('/api/tokens/create', cookie, body)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.data as { id: string; token: string }
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('iconify-owner@example.com')
    stranger = await t.signIn('iconify-stranger@example.com')
    await t.setPlan('iconify-owner@example.com', 'pro')
    await t.setPlan('iconify-stranger@example.com', 'pro')
    for (const [id, name, cookie] of [
      [alpha, 'Brand Icons!', owner],
      [beta, 'Brand icons', owner],
      [strangers, 'Secret set', stranger],
    ] as const)
      expect((await t.post('/api/projects/create', cookie, { id, name, workspace_id: null })).status).toBe(
        200,
      )
    const home = icon('Home', HOUSE, alpha)
    expect((await t.post('/api/icons/create', owner, home)).status).toBe(200)
    expect((await t.post('/api/icons/create', owner, icon('wide', WIDE, alpha))).status).toBe(200)
    expect((await t.post('/api/icons/create', stranger, icon('hidden', WIDE, strangers))).status).toBe(200)
    // A rename keeps "Home" as an alias of "house".
    expect((await t.post('/api/icons/update', owner, { id: home.id, name: 'house' })).status).toBe(200)
    ;({ token, id: tokenId } = await makeToken(owner, { name: 'Iconify', scope: 'read' }))
  })
  afterAll(() => t?.close())

  it('derives each project an Iconify prefix from its name, unique per owner, listed on the row', async () => {
    const list = await t.get('/api/projects', owner)
    const byId = new Map((list.body.data as Json[]).map((p) => [p.id, p.iconify_prefix]))
    expect(byId.get(alpha)).toBe('brand-icons')
    expect(byId.get(beta)).toBe('brand-icons-2')
    const theirs = await t.get('/api/projects', stranger)
    expect(theirs.body.data[0].iconify_prefix).toBe('secret-set')
  })

  it('answers IconifyJSON: bodies with the root paint on a <g>, sizes, aliases, not_found, lastModified', async () => {
    const res = await json(`/api/iconify/${token}/brand-icons.json?icons=house,wide,home,nope`)
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/)
    const body = res.body
    expect(body.prefix).toBe('brand-icons')
    expect(body.icons.house).toEqual({
      body: '<g fill="none" stroke="currentColor" stroke-width="2"><path d="M3 9l9-7 9 7v11H3z"/></g>',
      width: 24,
      height: 24,
    })
    expect(body.icons.wide).toMatchObject({ width: 32, height: 16 })
    expect(body.icons.wide.body).toMatch(/^<path d="[^"]+"\/>$/)
    expect(body.aliases).toEqual({ home: { parent: 'house' } })
    expect(body.not_found).toEqual(['nope'])
    expect(Number.isInteger(body.lastModified)).toBe(true)
    expect(Math.abs(body.lastModified - Date.now() / 1000)).toBeLessThan(600)
  })

  it('revalidates with the ETag (304), and a change of the set changes the answer', async () => {
    const path = `/api/iconify/${token}/brand-icons.json?icons=house,wide`
    const first = await get(path)
    const etag = first.headers.get('etag')!
    const again = await get(path, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.headers.get('access-control-allow-origin')).toBe('*')
    expect((await get(`/api/iconify/${token}/brand-icons.json?icons=wide,house`)).headers.get('etag')).toBe(
      etag,
    )
    expect((await t.post('/api/icons/create', owner, icon('star', WIDE, alpha))).status).toBe(200)
    const changed = await get(`/api/iconify/${token}/brand-icons.json?icons=house,wide,star`, {
      'if-none-match': etag,
    })
    expect(changed.status).toBe(200)
    expect(Object.keys(((await changed.json()) as Json).icons).sort()).toEqual(['house', 'star', 'wide'])
  })

  it('serves one icon as a sandboxed SVG, by name or alias; an unknown name is 404', async () => {
    const res = await get(`/api/iconify/${token}/brand-icons/house.svg`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers.get('content-security-policy')).toContain('sandbox')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const svg = await res.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*viewBox="0 0 24 24"/)
    expect(svg).toContain('<path d="M3 9l9-7 9 7v11H3z"/>')
    expect((await get(`/api/iconify/${token}/brand-icons/home.svg`)).status).toBe(200)
    const missing = await json(`/api/iconify/${token}/brand-icons/nope.svg`)
    expect(missing.status).toBe(404)
    expect(missing.body.error).toBe(iconifyMessages.iconNotFound)
  })

  it('answers collections and last-modified as the Iconify API does', async () => {
    const collections = await json(`/api/iconify/${token}/collections`)
    expect(collections.status).toBe(200)
    expect(Object.keys(collections.body).sort()).toEqual(['brand-icons', 'brand-icons-2'])
    expect(collections.body['brand-icons']).toMatchObject({
      name: 'Brand Icons!',
      total: 3,
      author: { name: 'Brand Icons! (Iconvault)' },
      license: { title: 'Proprietary' },
    })
    const modified = await json(`/api/iconify/${token}/last-modified?prefixes=brand-icons,secret-set`)
    expect(modified.status).toBe(200)
    expect(Object.keys(modified.body.lastModified)).toEqual(['brand-icons'])
    expect(modified.body.lastModified['brand-icons']).toBeGreaterThan(1_700_000_000)
  })

  it("is 404 for another user's prefix, for a project outside the token's narrowing, and for no prefix", async () => {
    const other = await json(`/api/iconify/${token}/secret-set.json?icons=hidden`)
    expect(other.status).toBe(404)
    expect(other.body).toEqual({ error: iconifyMessages.prefixNotFound, code: 'not_found' })
    expect(other.headers.get('access-control-allow-origin')).toBe('*')
    const narrow = await makeToken(owner, { name: 'Beta only', scope: 'read', project_ids: [beta] })
    expect((await json(`/api/iconify/${narrow.token}/brand-icons.json?icons=house`)).status).toBe(404)
    expect((await json(`/api/iconify/${narrow.token}/brand-icons-2.json?icons=x`)).body.not_found).toEqual([
      'x',
    ])
    expect(Object.keys((await json(`/api/iconify/${narrow.token}/collections`)).body)).toEqual([
      'brand-icons-2',
    ])
    expect((await json(`/api/iconify/${token}/Not_A_Prefix.json?icons=x`)).status).toBe(404)
  })

  it('a write token only reads here; a bad or revoked token is 401 at its next request', async () => {
    const write = await makeToken(owner, { name: 'Write', scope: 'write' })
    expect((await json(`/api/iconify/${write.token}/brand-icons.json?icons=house`)).status).toBe(200)
    // Only GETs are routed here: a POST (even same-origin, with a JSON body) finds nothing.
    const post = await t.request(`/api/iconify/${write.token}/brand-icons.json?icons=house`, { json: {} })
    expect(post.status).toBe(404)
    const bad = await json('/api/iconify/ivt_not-a-real-token/brand-icons.json?icons=house')
    expect(bad.status).toBe(401)
    expect(bad.body.code).toBe('token_invalid')
    expect(bad.headers.get('access-control-allow-origin')).toBe('*')
    const victim = await makeToken(owner, { name: 'Soon revoked', scope: 'read' })
    expect((await json(`/api/iconify/${victim.token}/brand-icons.json?icons=house`)).status).toBe(200)
    expect((await t.post('/api/tokens/revoke', owner, { id: victim.id })).status).toBe(200)
    const revoked = await json(`/api/iconify/${victim.token}/brand-icons.json?icons=house`)
    expect(revoked.status).toBe(401)
    expect(revoked.body.code).toBe('token_revoked')
  })

  it('an admin edits the prefix: checked by Iconify’s rule, 409 when taken, the endpoint follows', async () => {
    const update = (id: string, name: string, iconify_prefix: string) =>
      t.post('/api/projects/update', owner, { id, name, description: '', iconify_prefix })
    const invalid = await update(beta, 'Brand icons', 'Bad--Prefix')
    expect(invalid.status).toBe(400)
    expect(invalid.body.error).toBe(iconifyMessages.prefixInvalid)
    const taken = await update(beta, 'Brand icons', 'brand-icons')
    expect(taken.status).toBe(409)
    expect(taken.body).toEqual({ error: iconifyMessages.prefixTaken('brand-icons'), code: 'name_taken' })
    const done = await update(beta, 'Brand icons', 'team-b')
    expect(done.status).toBe(200)
    expect(done.body.data.iconify_prefix).toBe('team-b')
    expect((await json(`/api/iconify/${token}/team-b.json?icons=x`)).status).toBe(200)
    expect((await json(`/api/iconify/${token}/brand-icons-2.json?icons=x`)).status).toBe(404)
    // Someone else may use the same prefix in their own space.
    const theirs = await t.post('/api/projects/update', stranger, {
      id: strangers,
      name: 'Secret set',
      description: '',
      iconify_prefix: 'team-b',
    })
    expect(theirs.status).toBe(200)
    // A name change alone keeps the prefix.
    expect(
      (await t.post('/api/projects/update', owner, { id: beta, name: 'Renamed', description: '' })).body.data,
    ).toMatchObject({ name: 'Renamed', iconify_prefix: 'team-b' })
  })

  it('a restored project whose prefix was taken meanwhile gets a fresh one', async () => {
    expect((await t.post('/api/projects/delete', owner, { id: alpha })).status).toBe(200)
    expect((await json(`/api/iconify/${token}/brand-icons.json?icons=house`)).status).toBe(404)
    const took = await t.post('/api/projects/update', owner, {
      id: beta,
      name: 'Renamed',
      description: '',
      iconify_prefix: 'brand-icons',
    })
    expect(took.status).toBe(200)
    const restored = await t.post('/api/projects/restore', owner, { id: alpha })
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect(restored.body.data.iconify_prefix).toBe('brand-icons-2')
    const answer = await json(`/api/iconify/${token}/brand-icons-2.json?icons=house`)
    expect(Object.keys(answer.body.icons)).toEqual(['house'])
  })

  it('never writes the token of the path to the request log', async () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean))
        done()
      },
    })
    const logger = createLogger({ level: 'info', format: 'json', destination: sink })
    const app = createApp({
      auth: t.ctx.auth,
      store: t.ctx.store,
      deps: {
        db: t.ctx.store.db,
        events: t.ctx.events,
        mailer: t.ctx.mailer,
        svg: t.ctx.svg,
        heavy: t.ctx.heavy,
        config: t.ctx.config,
        logger,
      },
      logger,
    })
    const ok = await app.request(`http://localhost:3999/api/iconify/${token}/brand-icons-2.json?icons=house`)
    expect(ok.status).toBe(200)
    const bad = await app.request('http://localhost:3999/api/iconify/ivt_leaked-secret-value/x.json?icons=a')
    expect(bad.status).toBe(401)
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request')
    expect(requests.map((l) => l.path)).toEqual([
      '/api/iconify/[token]/brand-icons-2.json',
      '/api/iconify/[token]/x.json',
    ])
    expect(lines.join('\n')).not.toContain(token)
    expect(lines.join('\n')).not.toContain('leaked-secret-value')
    expect(tokenId).toBeTruthy()
  })
}

describe('Iconify endpoint on pglite', () => iconifyFlow('pglite'))
postgresOnly('Iconify endpoint on postgres', () => iconifyFlow('postgres'))
