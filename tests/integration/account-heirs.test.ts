// GET /api/workspaces/heirs (ADR 0012, 0410): before deleting their account, the user learns for each
// workspace they own who it passes to (an admin before an earlier member), whether that person's plan
// lets members save there (Gold only), or that it is deleted with the account (nobody else in it).
// The deletion then hands each workspace to exactly the person named: one heir rule.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AssignableRole } from '../../common/permissions.ts'
import { workspaces } from '../../server/db/schema/index.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('who inherits a workspace, told before an account is deleted, on %s', (kind) => {
  let t: TestApp
  let owner: string
  const ids = { acme: randomUUID(), bright: randomUUID(), solo: randomUUID() }

  const join = async (workspaceId: string, email: string, role: AssignableRole) => {
    const cookie = await t.signIn(email)
    const inv = await t.post('/api/workspaces/invite-user', owner, { workspaceId, email, role })
    expect(inv.status).toBe(200)
    const ok = await t.post('/api/workspaces/accept-invitation', cookie, { invitationId: inv.body.data.id })
    expect(ok.status).toBe(200)
    return cookie
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('wh-owner@example.com')
    await t.setPlan('wh-owner@example.com', 'gold')
    for (const [key, name] of [
      ['solo', 'Solo'],
      ['bright', 'Bright'],
      ['acme', 'Acme'],
    ] as const) {
      const made = await t.post('/api/workspaces/create', owner, { id: ids[key], name, description: '' })
      expect(made.status).toBe(200)
    }
    // Acme: a Gold member joined first, a Pro admin later: the admin inherits, and cannot hold it.
    await join(ids.acme, 'wh-member@example.com', 'member')
    await t.setPlan('wh-member@example.com', 'gold')
    await join(ids.acme, 'wh-admin@example.com', 'admin')
    await t.setPlan('wh-admin@example.com', 'pro')
    // Bright: only a viewer, on Gold: they inherit and members may go on saving.
    await join(ids.bright, 'wh-viewer@example.com', 'viewer')
    await t.setPlan('wh-viewer@example.com', 'gold')
  })
  afterAll(() => t?.close())

  it('needs a session', async () => {
    expect((await t.request('/api/workspaces/heirs')).status).toBe(401)
  })

  it('names the heir of each owned workspace, whether their plan holds it, or that it goes', async () => {
    const res = await t.get('/api/workspaces/heirs', owner)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      {
        id: ids.acme,
        name: 'Acme',
        heir: { name: expect.any(String), email: 'wh-admin@example.com', plan: 'pro' },
        heir_plan_saves: false,
      },
      {
        id: ids.bright,
        name: 'Bright',
        heir: { name: expect.any(String), email: 'wh-viewer@example.com', plan: 'gold' },
        heir_plan_saves: true,
      },
      { id: ids.solo, name: 'Solo', heir: null, heir_plan_saves: null },
    ])
  })

  it('lists only workspaces the caller owns', async () => {
    const member = await t.signIn('wh-member@example.com')
    const res = await t.get('/api/workspaces/heirs', member)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([])
  })

  it('the deletion hands each workspace to the person named, and deletes the one with nobody else', async () => {
    const named = (await t.get('/api/workspaces/heirs', owner)).body.data as {
      id: string
      heir: { email: string } | null
    }[]
    const meOf = async (email: string) => (await t.get('/api/me', await t.signIn(email))).body.user.id
    const userIds = new Map<string, string>()
    for (const row of named) if (row.heir) userIds.set(row.heir.email, await meOf(row.heir.email))
    expect((await t.request('/api/auth/delete-user', { cookie: owner, json: {} })).status).toBe(200)
    for (const row of named) {
      const [stored] = await t.ctx.store.db.select().from(workspaces).where(eq(workspaces.id, row.id))
      if (row.heir) expect(stored?.user_id).toBe(userIds.get(row.heir.email))
      else expect(stored).toBeUndefined()
    }
  })
})
