// Invitations that really end (ADR 0012): a removed or demoted admin's pending invitations
// are canceled and their invitees told; admins list and revoke pending invitations (a member is
// refused, an outsider sees nothing); an invitation expires after 7 days; accepting re-checks that
// its inviter may still invite.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { invitations, workspaceAccess } from '../../server/db/schema/index.ts'
import { seedTeam, type Team } from '../setup/seed-team.ts'
import { readSse } from '../setup/sse.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('invitations that end on %s', (kind) => {
  let t: TestApp
  let team: Team
  let admin: string
  let member: string
  let outsider: string

  const invite = (cookie: string, email: string, role = 'member') =>
    t.post('/api/workspaces/invite-user', cookie, { workspaceId: team.wsId, email, role })
  const pendingOf = async (cookie: string) =>
    (await t.get(`/api/workspaces/pending-invitations?workspaceId=${team.wsId}`, cookie)) as {
      status: number
      body: Json
    }
  const mine = async (cookie: string) =>
    (await t.get('/api/workspaces/invitations', cookie)).body.data.map((i: Json) => i.id) as string[]
  const accept = (cookie: string, invitationId: string) =>
    t.post('/api/workspaces/accept-invitation', cookie, { invitationId })
  const statusOf = async (id: string) =>
    (await t.ctx.store.db.select().from(invitations).where(eq(invitations.id, id)))[0]?.status
  const personId = async (email: string) =>
    (
      await t.ctx.store.db
        .select({ id: workspaceAccess.id })
        .from(workspaceAccess)
        .where(eq(workspaceAccess.email, email))
    )[0]!.id

  beforeAll(async () => {
    t = await createTestApp(kind)
    team = await seedTeam(t, {
      owner: 'ie-owner@example.com',
      members: { 'ie-admin@example.com': 'admin', 'ie-member@example.com': 'member' },
    })
    admin = team.members['ie-admin@example.com']!
    member = team.members['ie-member@example.com']!
    outsider = await t.signIn('ie-outsider@example.com')
  })
  afterAll(() => t?.close())

  it("cancels a removed admin's pending invitation: its invitee is told, and it no longer works", async () => {
    const guest = await t.signIn('ie-guest1@example.com')
    const inv = (await invite(admin, 'ie-guest1@example.com')).body.data
    expect(inv.expires_at).toBeTruthy()
    expect(await mine(guest)).toEqual([inv.id])
    const stream = readSse(await t.request('/api/events', { cookie: guest }))
    await stream.next((e) => e.event === 'ready')

    const removed = await t.post('/api/workspaces/delete-access', team.owner, {
      workspaceId: team.wsId,
      personId: await personId('ie-admin@example.com'),
    })
    expect(removed.status).toBe(200)
    const told = await stream.next((e) => e.event === 'change' && JSON.parse(e.data).entity === 'invitations')
    expect(JSON.parse(told.data)).toEqual({ entity: 'invitations', op: 'changed' })
    await stream.close()
    expect(await statusOf(inv.id)).toBe('canceled')
    expect(await mine(guest)).toEqual([])
    expect(await accept(guest, inv.id)).toEqual({
      status: 404,
      body: { error: appMessages.invitationNotFound, code: 'not_found' },
    })
    const people = await t.get(`/api/workspaces/access-users?workspaceId=${team.wsId}`, team.owner)
    expect(people.body.data.map((p: Json) => p.email)).not.toContain('ie-guest1@example.com')
  })

  it("cancels a demoted admin's pending invitations, not a promoted member's", async () => {
    const guest = await t.signIn('ie-guest2@example.com')
    const mateId = await personId('ie-member@example.com')
    const promote = { workspaceId: team.wsId, personId: mateId, role: 'admin' }
    expect((await t.post('/api/workspaces/update-access-user', team.owner, promote)).status).toBe(200)
    const inv = (await invite(member, 'ie-guest2@example.com', 'viewer')).body.data
    // Another admin role change keeps it: admin may still invite.
    expect((await t.post('/api/workspaces/update-access-user', team.owner, promote)).status).toBe(200)
    expect(await statusOf(inv.id)).toBe('pending')

    const demote = { ...promote, role: 'member' }
    expect((await t.post('/api/workspaces/update-access-user', team.owner, demote)).status).toBe(200)
    expect(await statusOf(inv.id)).toBe('canceled')
    expect(await mine(guest)).toEqual([])
    expect((await accept(guest, inv.id)).status).toBe(404)
  })

  it('lists pending invitations to admins and lets them revoke one; members are refused, outsiders see nothing', async () => {
    const guest = await t.signIn('ie-guest3@example.com')
    const inv = (await invite(team.owner, 'ie-guest3@example.com', 'admin')).body.data
    const listed = await pendingOf(team.owner)
    expect(listed.status).toBe(200)
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({
        id: inv.id,
        email: 'ie-guest3@example.com',
        role: 'admin',
        invited_by_email: 'ie-owner@example.com',
        workspace_id: team.wsId,
      }),
    )
    const body = { workspaceId: team.wsId, invitationId: inv.id }
    // The permission table: a member sees the workspace (403), an outsider does not (404).
    expect(await pendingOf(member)).toEqual({
      status: 403,
      body: { error: messages.notAuthorized, code: 'not_authorized' },
    })
    expect(await t.post('/api/workspaces/revoke-invitation', member, body)).toEqual({
      status: 403,
      body: { error: messages.notAuthorized, code: 'not_authorized' },
    })
    expect((await pendingOf(outsider)).status).toBe(404)
    expect((await t.post('/api/workspaces/revoke-invitation', outsider, body)).status).toBe(404)
    expect(await statusOf(inv.id)).toBe('pending')

    const revoked = await t.post('/api/workspaces/revoke-invitation', team.owner, body)
    expect(revoked).toEqual({ status: 200, body: { data: { id: inv.id } } })
    expect(await statusOf(inv.id)).toBe('canceled')
    expect((await pendingOf(team.owner)).body.data.map((i: Json) => i.id)).not.toContain(inv.id)
    expect(await mine(guest)).toEqual([])
    expect((await accept(guest, inv.id)).status).toBe(404)
    // Revoking again, or an invitation of another workspace, is not found.
    expect(await t.post('/api/workspaces/revoke-invitation', team.owner, body)).toEqual({
      status: 404,
      body: { error: appMessages.invitationNotFound, code: 'not_found' },
    })
    expect(
      (await t.post('/api/workspaces/revoke-invitation', team.owner, { workspaceId: team.wsId })).status,
    ).toBe(400)
  })

  it('expires an invitation after 7 days; inviting again renews it', async () => {
    const guest = await t.signIn('ie-guest4@example.com')
    const inv = (await invite(team.owner, 'ie-guest4@example.com')).body.data
    const days = (Date.parse(inv.expires_at) - Date.parse(inv.created_at)) / 86_400_000
    expect(days).toBeCloseTo(7, 2)
    // A week and a second later (the database's clock is the one that counts).
    await t.ctx.store.db
      .update(invitations)
      .set({
        created_at: sql`now() - interval '7 days 1 second'`,
        expires_at: sql`now() - interval '1 second'`,
      })
      .where(eq(invitations.id, inv.id))
    expect(await mine(guest)).toEqual([])
    expect(await accept(guest, inv.id)).toEqual({
      status: 410,
      body: { error: appMessages.invitationExpired, code: 'gone' },
    })
    // Admins still see it (to revoke or renew it), marked by its expiry.
    const listed = (await pendingOf(team.owner)).body.data.find((i: Json) => i.id === inv.id)
    expect(Date.parse(listed.expires_at)).toBeLessThan(Date.now())

    const again = (await invite(team.owner, 'ie-guest4@example.com')).body.data
    expect(again.id).toBe(inv.id)
    expect(Date.parse(again.expires_at)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000)
    expect(await mine(guest)).toEqual([inv.id])
    expect((await accept(guest, inv.id)).status).toBe(200)
  })

  it('refuses an invitation whose inviter may no longer invite, however it got there', async () => {
    const guest = await t.signIn('ie-guest5@example.com')
    const mateId = await personId('ie-member@example.com')
    const promote = { workspaceId: team.wsId, personId: mateId, role: 'admin' }
    expect((await t.post('/api/workspaces/update-access-user', team.owner, promote)).status).toBe(200)
    const inv = (await invite(member, 'ie-guest5@example.com')).body.data
    // Demoted behind the app's back (no cancel ran): the list and the accept still check the inviter.
    await t.ctx.store.db.update(workspaceAccess).set({ role: 'viewer' }).where(eq(workspaceAccess.id, mateId))
    expect(await mine(guest)).toEqual([])
    expect(await accept(guest, inv.id)).toEqual({
      status: 409,
      body: { error: appMessages.inviterMayNoLongerInvite, code: 'conflict' },
    })
    expect(await statusOf(inv.id)).toBe('canceled')
    const people = await t.get(`/api/workspaces/access-users?workspaceId=${team.wsId}`, team.owner)
    expect(people.body.data.map((p: Json) => p.email)).not.toContain('ie-guest5@example.com')
  })
})
