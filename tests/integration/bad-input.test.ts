// Bad input at the HTTP boundary gets a clear 400, never a 500: control characters in every
// name, description and prompt (one check, common/schemas/fields.ts); over-long e-mail
// addresses before any mail code (magic link, invitation); redirect targets judged after
// normalising. And what leaves the server stays clean: invitation e-mails with a hostile
// workspace name. (The request log without query strings: request-log.test.ts.)
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { invitations, verification } from '../../server/db/schema/index.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const STAR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2l3 7h7l-6 5 2 8z"/></svg>'
const CONTROLS = '\u0000\u0001'
const controlError = { status: 400, body: { error: appMessages.controlCharacters, code: 'invalid' } }

describe.each(dbKinds)('bad input on %s', (kind) => {
  let t: TestApp
  let ada: string
  const wsId = randomUUID()
  const projectId = randomUUID()
  const iconId = randomUUID()

  beforeAll(async () => {
    t = await createTestApp(kind)
    ada = await t.signIn('bad-ada@example.com')
    await t.setPlan('bad-ada@example.com', 'gold')
    const made = [
      await t.post('/api/workspaces/create', ada, { id: wsId, name: 'Team', description: '' }),
      await t.post('/api/projects/create', ada, { id: projectId, name: 'P', workspace_id: null }),
      await t.post('/api/icons/create', ada, { id: iconId, name: 'Star', svg: STAR, project_id: projectId }),
    ]
    expect(made.map((r) => r.status)).toEqual([200, 200, 200])
  })
  afterAll(() => t?.close())

  it('refuses control characters in every name, description and prompt with a 400', async () => {
    const bodies: [string, Record<string, unknown>][] = [
      ['/api/workspaces/create', { id: randomUUID(), name: CONTROLS }],
      ['/api/workspaces/create', { id: randomUUID(), name: 'W', description: `a${CONTROLS}` }],
      ['/api/workspaces/update', { id: wsId, name: `Team${CONTROLS}` }],
      ['/api/workspaces/update', { id: wsId, name: 'Team', description: 'x\u0000' }],
      ['/api/projects/create', { id: randomUUID(), name: CONTROLS, workspace_id: null }],
      [
        '/api/projects/create',
        { id: randomUUID(), name: 'P', description: '\u001b[31m', workspace_id: null },
      ],
      ['/api/projects/update', { id: projectId, name: 'a\nb' }],
      ['/api/projects/update', { id: projectId, name: 'P', description: '\u007f' }],
      ['/api/icons/create', { id: randomUUID(), name: CONTROLS, svg: STAR, project_id: projectId }],
      ['/api/icons/update', { id: iconId, name: 'Star\u0000' }],
      ['/api/icons/update', { id: iconId, name: 'lone \ud800 surrogate' }],
      ['/api/maker/generate', { prompt: `a star${CONTROLS}` }],
      ['/api/auth/update-user', { name: CONTROLS }],
    ]
    for (const [path, body] of bodies) {
      expect({ path, ...(await t.post(path, ada, body)) }).toEqual({ path, ...controlError })
    }
    // create-many refuses the bad icon alone.
    const many = await t.post('/api/icons/create-many', ada, {
      icons: [{ id: randomUUID(), name: CONTROLS, svg: STAR, project_id: projectId }],
    })
    expect(many.status).toBe(200)
    expect(many.body.data.results[0]).toMatchObject({
      status: 400,
      error: appMessages.controlCharacters,
      code: 'invalid',
    })
    // Nothing changed; line breaks and tabs stay allowed in descriptions.
    const ok = await t.post('/api/projects/update', ada, {
      id: projectId,
      name: ' P ',
      description: 'a\n\tb\r\n',
    })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ name: 'P', description: 'a\n\tb' })
    const ws = (await t.get('/api/workspaces', ada)).body.data.find((w: { id: string }) => w.id === wsId)
    expect(ws).toMatchObject({ name: 'Team', description: '' })
  })

  it('refuses over-long e-mail addresses before any mail is written', async () => {
    const long = `${'a'.repeat(5000)}@example.com`
    const at254 = `${'b'.repeat(64)}@${'c'.repeat(63)}.${'d'.repeat(63)}.${'e'.repeat(57)}.com`
    expect(at254.length).toBe(254)
    for (const email of [long, `x${at254}`]) {
      const res = await t.request('/api/auth/sign-in/magic-link', { json: { email }, ip: '10.9.0.1' })
      expect({ status: res.status, body: await res.json() }).toEqual({
        status: 400,
        body: { error: appMessages.emailTooLong, code: 'invalid' },
      })
      const invite = await t.post('/api/workspaces/invite-user', ada, {
        workspaceId: wsId,
        email,
        role: 'member',
      })
      expect(invite).toEqual({ status: 400, body: { error: appMessages.emailTooLong, code: 'invalid' } })
    }
    const tokens = await t.ctx.store.db.select().from(verification)
    expect(tokens.some((v) => v.value.includes('aaaa') || v.identifier.includes('aaaa'))).toBe(false)
    expect(await t.ctx.store.db.select().from(invitations).where(eq(invitations.workspace_id, wsId))).toEqual(
      [],
    )
    expect(t.smtp.mails.filter((m) => m.to.length > 254)).toEqual([])
    // A control character in an address is refused too.
    const ctl = await t.request('/api/auth/sign-in/magic-link', {
      json: { email: 'a\r\nb@example.com' },
      ip: '10.9.0.1',
    })
    expect(ctl.status).toBe(400)
  })

  it('keeps a hostile workspace name out of e-mail headers and links', async () => {
    const name = 'Visit https://evil.example/login <b>now</b> or evil.example'
    const ws = randomUUID()
    expect((await t.post('/api/workspaces/create', ada, { id: ws, name })).status).toBe(200)
    const after = Date.now()
    const invite = await t.post('/api/workspaces/invite-user', ada, {
      workspaceId: ws,
      email: 'bad-bob@example.com',
      role: 'member',
    })
    expect(invite.status).toBe(200)
    const mail = await t.smtp.waitForMail('bad-bob@example.com', { after })
    expect(mail.subject).toContain('invited you to')
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('https://evil.example')
      expect(part).not.toMatch(/\bevil\.example\b/)
    }
    expect(mail.html).toContain('&lt;b&gt;now&lt;/b&gt;')
    expect(mail.html).not.toContain('<b>')
    expect(mail.text).toContain('evil[.]example')
  })

  it('normalises return addresses before judging them, and keeps the normalised one', async () => {
    for (const successUrl of [
      '/.//evil.example',
      '/a/..//evil.example/x',
      '/%2e//evil.example',
      '/./\\evil.example',
    ]) {
      const res = await t.post('/api/auth/subscription/upgrade', ada, {
        plan: 'pro',
        successUrl,
        cancelUrl: '/x',
      })
      expect({ successUrl, ...res }).toEqual({
        successUrl,
        status: 400,
        body: { error: appMessages.redirectPathInvalid, code: 'invalid' },
      })
    }
    const bob = await t.signIn('bad-carol@example.com')
    const res = await t.post('/api/auth/subscription/upgrade', bob, {
      plan: 'pro',
      successUrl: '/./maker/../maker',
      cancelUrl: '/%2e/upgrade',
    })
    expect(res.status).toBe(200)
    const session = new URL(res.body.url, 'http://x').searchParams.get('session')!
    const checkout = await t.get(`/api/billing/checkout?session=${session}`, bob)
    expect(checkout.body.data).toMatchObject({ successUrl: '/maker', cancelUrl: '/upgrade' })
  })
})
