// (ADR 0012) Small holes an attacker found, each closed and checked here through
// the API, on PGlite and on Postgres.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { session, syncScopes, user, workspaces } from '../../server/db/schema/index.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('smaller holes on %s', (kind) => {
  let t: TestApp
  let owner: string
  let other: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('holes-owner@example.com')
    other = await t.signIn('holes-other@example.com')
    await t.setPlan('holes-owner@example.com', 'gold')
    await t.setPlan('holes-other@example.com', 'gold')
  })
  afterAll(() => t?.close())

  const scopeVersion = async (id: string) =>
    (await t.ctx.store.db.select().from(syncScopes).where(eq(syncScopes.scope, id)))[0]?.version

  it('creating a workspace with an id that exists changes nothing of it, its scope version included', async () => {
    const id = randomUUID()
    const body = { id, name: 'Mine', description: 'kept' }
    expect((await t.post('/api/workspaces/create', owner, body)).status).toBe(200)
    const before = await scopeVersion(id)
    const taken = await t.post('/api/workspaces/create', other, { id, name: 'Theirs', description: 'x' })
    expect(taken).toEqual({ status: 409, body: { error: appMessages.idTaken, code: 'id_taken' } })
    expect((await t.post('/api/workspaces/create', owner, body)).status).toBe(200)
    expect(await scopeVersion(id)).toBe(before)
    const [row] = await t.ctx.store.db.select().from(workspaces).where(eq(workspaces.id, id))
    expect(row).toMatchObject({ name: 'Mine', description: 'kept', version: before })
  })

  it('two creates racing for one new id: one workspace, its scope at its first version', async () => {
    const id = randomUUID()
    const answers = await Promise.all([
      t.post('/api/workspaces/create', owner, { id, name: 'A', description: '' }),
      t.post('/api/workspaces/create', other, { id, name: 'B', description: '' }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(Number(await scopeVersion(id))).toBe(1)
  })

  it('a write without a cookie clears no cached session (only an accepted Stripe webhook may)', async () => {
    const cookie = await t.signIn('holes-cache@example.com')
    const me = async () => (await t.get('/api/me', cookie)).body.user
    expect(await me()).toMatchObject({ email: 'holes-cache@example.com' })
    // The session removed behind the cache's back: only the cache still knows it.
    const [row] = await t.ctx.store.db
      .select({ id: session.id })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(user.email, 'holes-cache@example.com'))
    await t.ctx.store.db.delete(session).where(eq(session.id, row!.id))
    const anonymous = await t.request('/api/projects/create', { json: { id: randomUUID(), name: 'x' } })
    expect(anonymous.status).toBe(401)
    const forged = await t.request('/api/billing/stripe/webhook', { json: { type: 'x' }, origin: null })
    expect(forged.ok).toBe(false)
    expect(await me()).toMatchObject({ email: 'holes-cache@example.com' })
    // Its own write still forgets it.
    await t.request('/api/auth/sign-out', { cookie, json: {} })
    expect(await me()).toBeNull()
  })

  it('update-user refuses a name that is not text, and control characters at any depth, with a 400', async () => {
    const cookie = await t.signIn('holes-name@example.com')
    expect((await t.post('/api/auth/update-user', cookie, { name: 'Ada' })).status).toBe(200)
    const refusals: [unknown, string][] = [
      [{ name: ['a', 'b'] }, appMessages.nameMustBeText],
      [{ name: ['a\u0000'] }, appMessages.nameMustBeText],
      [{ name: null }, appMessages.nameMustBeText],
      [{ name: { x: 1 } }, appMessages.nameMustBeText],
      [{ name: 5 }, appMessages.nameMustBeText],
      [{ name: 'a\u0000' }, appMessages.controlCharacters],
      [{ image: ['x'] }, appMessages.imageMustBeText],
      [{ name: 'Ada', other: [{ deep: 'x\u0000' }] }, appMessages.controlCharacters],
    ]
    for (const [sent, error] of refusals) {
      expect({ sent, ...(await t.post('/api/auth/update-user', cookie, sent)) }).toEqual({
        sent,
        status: 400,
        body: { error, code: 'invalid' },
      })
    }
    expect((await t.get('/api/me', cookie)).body.user.name).toBe('Ada')
  })

  it('the internal ids of two icons whose ids share a beginning never meet', async () => {
    const projectId = randomUUID()
    expect((await t.post('/api/projects/create', owner, { id: projectId, name: 'Ids' })).status).toBe(200)
    const drawing = (colour: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="g"><stop stop-color="${colour}"/></linearGradient></defs><rect width="24" height="24" fill="url(#g)"/></svg>`
    const shared = randomUUID().slice(0, 30) // the ids differ in their last 6 digits only
    const ids = [`${shared}000001`, `${shared}000002`]
    const svgs: string[] = []
    for (const [at, id] of ids.entries()) {
      const body = { id, name: `g${at}`, svg: drawing(at ? '#f00' : '#00f'), project_id: projectId }
      const res = await t.post('/api/icons/create', owner, body)
      expect(res.status).toBe(200)
      svgs.push(res.body.data.svg)
    }
    const idsOf = (svg: string) => [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!)
    const refsOf = (svg: string) => [...svg.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1]!)
    const [first, second] = svgs.map((svg) => ({ ids: idsOf(svg), refs: refsOf(svg) }))
    expect(first!.ids.length).toBeGreaterThan(0)
    expect(first!.refs.every((ref) => first!.ids.includes(ref))).toBe(true)
    expect(second!.refs.every((ref) => second!.ids.includes(ref))).toBe(true)
    expect(first!.ids.filter((id) => second!.ids.includes(id))).toEqual([])
  })

  it('a magic link never switches a signed-in browser: 409, the link left unused for after a sign-out', async () => {
    const signedIn = await t.signIn('holes-victim@example.com')
    const after = Date.now()
    const asked = await t.request('/api/auth/sign-in/magic-link', {
      json: { email: 'holes-attacker@example.com' },
    })
    expect(asked.status).toBe(200)
    const mail = await t.smtp.waitForMail('holes-attacker@example.com', { after })
    const token = new URL(mail.link!).searchParams.get('token')!
    const verify = (cookie?: string) =>
      t.request(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`, { cookie })
    const refused = await verify(signedIn)
    expect(refused.status).toBe(409)
    expect(refused.headers.getSetCookie()).toEqual([])
    expect(await refused.json()).toEqual({ error: appMessages.magicLinkWhileSignedIn, code: 'conflict' })
    expect((await t.get('/api/me', signedIn)).body.user.email).toBe('holes-victim@example.com')
    // A cookie of a session that no longer exists is no session: the link works (once).
    const used = await verify('better-auth.session_token=gone.gone')
    expect(used.status).toBe(200)
    const cookie = used.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    expect((await t.get('/api/me', cookie)).body.user.email).toBe('holes-attacker@example.com')
  })
})
