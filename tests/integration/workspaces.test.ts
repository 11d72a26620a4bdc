import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { icons, invitations, projects, workspaceAccess } from '../../server/db/schema/index.ts'
import { purgeDeleted } from '../../server/domain/projects/trash.ts'
import { planChanges } from '../setup/plan-changes.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('workspaces on %s', (kind) => {
  let t: TestApp
  let owner: string
  let member: string
  let outsider: string
  const wsId = randomUUID()

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('owner@example.com')
    member = await t.signIn('member@example.com')
    outsider = await t.signIn('outsider@example.com')
    await t.setPlan('owner@example.com', 'gold')
  })
  const plans = planChanges(() => t, { 'outsider@example.com': 'free' })
  afterEach(() => plans.undo())
  afterAll(() => t?.close())

  it('needs the gold plan to create a workspace', async () => {
    const res = await t.post('/api/workspaces/create', member, {
      id: randomUUID(),
      name: 'Nope',
      description: '',
    })
    expect(res).toEqual({ status: 403, body: { error: appMessages.goldRequired, code: 'plan_required' } })
  })

  it('creates a workspace whose creator is owner, idempotently', async () => {
    const body = { id: wsId, name: '  Design Team ', description: 'Our icons' }
    const first = await t.post('/api/workspaces/create', owner, body)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({
      id: wsId,
      name: 'Design Team',
      role: 'owner',
      credits_limit: 5000,
    })
    const again = await t.post('/api/workspaces/create', owner, body)
    expect(again.status).toBe(200)
    expect(again.body.data.id).toBe(wsId)
    const list = await t.get('/api/workspaces', owner)
    expect(list.body.data.map((w: { id: string }) => w.id)).toEqual([wsId])
    const access = await t.post('/api/workspaces/access', owner, {})
    expect(access.body.data).toEqual([
      expect.objectContaining({ workspace_id: wsId, role: 'owner', email: 'owner@example.com' }),
    ])
  })

  it('answers the specified validation messages and never a 500 for bad input', async () => {
    expect(await t.post('/api/workspaces/create', owner, { id: randomUUID(), name: '   ' })).toEqual({
      status: 400,
      body: { error: messages.nameRequired, code: 'invalid' },
    })
    expect((await t.post('/api/workspaces/update', owner, { name: 'x' })).body).toEqual({
      error: messages.idRequired,
      code: 'invalid',
    })
    expect((await t.post('/api/workspaces/update', owner, { id: wsId })).body).toEqual({
      error: messages.nameRequired,
      code: 'invalid',
    })
    expect((await t.post('/api/workspaces/update', owner, { id: 42, name: 'x' })).status).toBe(400)
    expect((await t.post('/api/workspaces/update', owner, { id: wsId, name: 'x', extra: 1 })).status).toBe(
      400,
    )
    const malformed = await t.request('/api/workspaces/update', {
      cookie: owner,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":',
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ error: appMessages.invalidJson, code: 'invalid' })
    const huge = await t.request('/api/workspaces/update', {
      cookie: owner,
      json: { id: wsId, name: 'x', description: 'y'.repeat(2 * 1024 * 1024) },
    })
    expect(huge.status).toBe(413)
    expect(await huge.json()).toEqual({ error: appMessages.bodyTooLarge, code: 'too_large' })
    expect(
      (await t.post('/api/workspaces/update-credits-limit', owner, { id: wsId, creditsLimit: '5' })).status,
    ).toBe(400)
    expect(
      (await t.post('/api/workspaces/update-credits-limit', owner, { id: wsId, creditsLimit: -1 })).status,
    ).toBe(400)
    expect(
      (await t.post('/api/workspaces/update-credits-limit', owner, { id: wsId, creditsLimit: 1.5 })).status,
    ).toBe(400)
  })

  it('hides a workspace from outsiders (404) and needs sign-in (401)', async () => {
    expect((await t.post('/api/workspaces/update', outsider, { id: wsId, name: 'Hijack' })).status).toBe(404)
    expect((await t.get(`/api/workspaces/access-users?workspaceId=${wsId}`, outsider)).status).toBe(404)
    expect((await t.post('/api/workspaces/update', '', { id: wsId, name: 'x' })).status).toBe(401)
    expect((await t.get('/api/workspaces', '')).status).toBe(401)
  })

  it('invites by e-mail, updates a pending invitation, and lets only the invitee answer', async () => {
    expect(
      (
        await t.post('/api/workspaces/invite-user', owner, {
          workspaceId: wsId,
          email: 'nope',
          role: 'member',
        })
      ).body,
    ).toEqual({
      error: appMessages.invalidEmail,
      code: 'invalid',
    })
    expect(
      (
        await t.post('/api/workspaces/invite-user', owner, {
          workspaceId: wsId,
          email: 'a@b.co',
          role: 'owner',
        })
      ).status,
    ).toBe(400)
    const after = Date.now()
    const first = await t.post('/api/workspaces/invite-user', owner, {
      workspaceId: wsId,
      email: 'Member@Example.com',
    })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({
      role: 'member',
      workspace_name: 'Design Team',
      email: 'member@example.com',
    })
    const mail = await t.smtp.waitForMail('member@example.com', { after })
    expect(mail.subject).toContain('Design Team')
    expect(mail.text).toContain('http://localhost:3999/icons')
    const second = await t.post('/api/workspaces/invite-user', owner, {
      workspaceId: wsId,
      email: 'member@example.com',
      role: 'viewer',
    })
    expect(second.body.data.id).toBe(first.body.data.id)
    const pending = await t.get('/api/workspaces/invitations', member)
    expect(pending.body.data).toEqual([
      expect.objectContaining({ id: first.body.data.id, role: 'viewer', workspace_name: 'Design Team' }),
    ])
    expect((await t.get('/api/workspaces/invitations', outsider)).body.data).toEqual([])
    expect(
      (await t.post('/api/workspaces/accept-invitation', outsider, { invitationId: first.body.data.id }))
        .status,
    ).toBe(404)
    expect((await t.post('/api/workspaces/accept-invitation', member, {})).body).toEqual({
      error: messages.noInvitationId,
      code: 'invalid',
    })
    const accepted = await t.post('/api/workspaces/accept-invitation', member, {
      invitationId: first.body.data.id,
    })
    expect(accepted.body.data).toMatchObject({
      workspace_id: wsId,
      role: 'viewer',
      email: 'member@example.com',
    })
    expect(
      (await t.post('/api/workspaces/accept-invitation', member, { invitationId: first.body.data.id }))
        .status,
    ).toBe(404)
    const again = await t.post('/api/workspaces/invite-user', owner, {
      workspaceId: wsId,
      email: 'member@example.com',
    })
    expect(again).toEqual({ status: 409, body: { error: appMessages.alreadyMember, code: 'conflict' } })
  })

  it('declines an invitation', async () => {
    const inv = await t.post('/api/workspaces/invite-user', owner, {
      workspaceId: wsId,
      email: 'outsider@example.com',
    })
    const declined = await t.post('/api/workspaces/decline-invitation', outsider, {
      invitationId: inv.body.data.id,
    })
    expect(declined.body.data).toEqual({ id: inv.body.data.id })
    expect((await t.get('/api/workspaces/invitations', outsider)).body.data).toEqual([])
    expect((await t.post('/api/workspaces/update', outsider, { id: wsId, name: 'x' })).status).toBe(404)
  })

  it('enforces roles: viewer reads, member is refused management, admin manages but not the owner', async () => {
    const people = await t.get(`/api/workspaces/access-users?workspaceId=${wsId}`, member)
    expect(people.body.data.map((p: { email: string; role: string }) => [p.email, p.role])).toEqual([
      ['owner@example.com', 'owner'],
      ['member@example.com', 'viewer'],
    ])
    const forbidden = { status: 403, body: { error: messages.notAuthorized, code: 'not_authorized' } }
    expect(await t.post('/api/workspaces/update', member, { id: wsId, name: 'Mine' })).toEqual(forbidden)
    expect(
      await t.post('/api/workspaces/update-credits-limit', member, { id: wsId, creditsLimit: 1 }),
    ).toEqual(forbidden)
    const [ownerRow, memberRow] = people.body.data
    const promote = await t.post('/api/workspaces/update-access-user', owner, {
      workspaceId: wsId,
      personId: memberRow.id,
      role: 'admin',
    })
    expect(promote.body.data.role).toBe('admin')
    expect((await t.get('/api/workspaces', member)).body.data[0].role).toBe('admin')
    const credits = await t.post('/api/workspaces/update-credits-limit', member, {
      id: wsId,
      creditsLimit: 1200,
    })
    expect(credits.body.data.credits_limit).toBe(1200)
    const demoteOwner = await t.post('/api/workspaces/update-access-user', member, {
      workspaceId: wsId,
      personId: ownerRow.id,
      role: 'viewer',
    })
    expect(demoteOwner).toEqual({
      status: 403,
      body: { error: appMessages.ownerIsFixed, code: 'not_authorized' },
    })
    expect(
      (await t.post('/api/workspaces/delete-access', member, { workspaceId: wsId, personId: ownerRow.id }))
        .status,
    ).toBe(403)
    expect(
      (await t.post('/api/workspaces/delete-access', member, { workspaceId: wsId, personId: randomUUID() }))
        .status,
    ).toBe(404)
    const demote = await t.post('/api/workspaces/update-access-user', owner, {
      workspaceId: wsId,
      personId: memberRow.id,
      role: 'member',
    })
    expect(demote.body.data.role).toBe('member')
  })

  it('deletes a workspace with its projects, icons and access rows once it is purged (ADR 0018)', async () => {
    const id = randomUUID()
    await t.post('/api/workspaces/create', owner, { id, name: 'Temp', description: '' })
    const projectId = randomUUID()
    expect(
      (await t.post('/api/projects/create', owner, { id: projectId, name: 'P', workspace_id: id })).status,
    ).toBe(200)
    await t.ctx.store.db
      .insert(icons)
      .values({ id: randomUUID(), name: 'i', svg: '<svg/>', project_id: projectId, workspace_id: id })
    await t.post('/api/workspaces/invite-user', owner, { workspaceId: id, email: 'someone@example.com' })
    const res = await t.post('/api/workspaces/delete', owner, { id })
    expect(res.body).toEqual({ data: { id } })
    const db = t.ctx.store.db
    const counts = async () => {
      const [p] = await db.select({ n: count() }).from(projects).where(eq(projects.workspace_id, id))
      const [i] = await db.select({ n: count() }).from(icons).where(eq(icons.workspace_id, id))
      const [a] = await db
        .select({ n: count() })
        .from(workspaceAccess)
        .where(eq(workspaceAccess.workspace_id, id))
      const [v] = await db.select({ n: count() }).from(invitations).where(eq(invitations.workspace_id, id))
      return [p!.n, i!.n, a!.n, v!.n]
    }
    // Kept 30 days for a restore (its pending invitation canceled), then purged with everything in it.
    expect(await counts()).toEqual([1, 1, 1, 1])
    expect((await t.post('/api/workspaces/delete', owner, { id })).status).toBe(404)
    const { store, events, mailer, config, svg, heavy, logger } = t.ctx
    await purgeDeleted({ db: store.db, events, mailer, config, svg, heavy, logger }, 0)
    expect(await counts()).toEqual([0, 0, 0, 0])
  })

  it('keeps the id of another user’s workspace to them (409)', async () => {
    await plans.set('outsider@example.com', 'gold')
    const res = await t.post('/api/workspaces/create', outsider, { id: wsId, name: 'Copy', description: '' })
    expect(res).toEqual({ status: 409, body: { error: appMessages.idTaken, code: 'id_taken' } })
  })
})
