// Deleting an account (ADR 0012): its team keeps the projects and icons it made there,
// attributed to a former member, and teammates' pulls see what went (its access row's tombstone)
// and what changed (the rows' new attribution); its personal projects, icons and scope go; a
// workspace it owned passes to an admin, or goes when nobody else is in it.
import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  icons,
  invitations,
  projects,
  syncScopes,
  workspaceAccess,
  workspaces,
} from '../../server/db/schema/index.ts'
import { seedTeam, type Team } from '../setup/seed-team.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const svg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n} 2h4v${n + 2}h-4z"/></svg>`

describe.each(dbKinds)('deleting an account on %s', (kind) => {
  let t: TestApp
  let team: Team
  let admin: string
  let leaver: string

  const meId = async (cookie: string) => (await t.get('/api/me', cookie)).body.user.id as string
  const deleteAccount = (cookie: string) => t.request('/api/auth/delete-user', { cookie, json: {} })
  const newProject = async (cookie: string, workspaceId: string | null) => {
    const id = randomUUID()
    const res = await t.post('/api/projects/create', cookie, {
      id,
      name: `P ${id.slice(0, 4)}`,
      workspace_id: workspaceId,
    })
    expect(res.status).toBe(200)
    return id
  }
  const newIcon = async (cookie: string, projectId: string, workspaceId: string | null, n: number) => {
    const body = { id: randomUUID(), name: `Icon ${n}`, svg: svg(n), project_id: projectId }
    const res = await t.post('/api/icons/create', cookie, {
      ...body,
      origin_icon_id: null,
      workspace_id: workspaceId,
      icon_status: 'approved',
    })
    expect(res.status).toBe(200)
    return body.id
  }
  const pull = async (cookie: string, scope: string, since: number) => {
    const res = await t.get(`/api/sync?scope=${scope}&since=${since}`, cookie)
    expect(res.status).toBe(200)
    return res.body.data as Json
  }
  const db = () => t.ctx.store.db

  beforeAll(async () => {
    t = await createTestApp(kind)
    team = await seedTeam(t, {
      owner: 'ad-owner@example.com',
      members: { 'ad-admin@example.com': 'admin', 'ad-leaver@example.com': 'admin' },
    })
    admin = team.members['ad-admin@example.com']!
    leaver = team.members['ad-leaver@example.com']!
    await t.setPlan('ad-leaver@example.com', 'pro')
  })
  afterAll(() => t?.close())

  it("leaves its team's projects and icons, attributed to a former member; teammates' pulls see the change", async () => {
    const leaverId = await meId(leaver)
    const teamProject = await newProject(leaver, team.wsId)
    const ownersProject = await newProject(team.owner, team.wsId)
    const made = [
      await newIcon(leaver, teamProject, team.wsId, 1),
      await newIcon(leaver, teamProject, team.wsId, 2),
    ]
    const addedToOwners = await newIcon(leaver, ownersProject, team.wsId, 3)
    const personal = await newProject(leaver, null)
    const personalIcon = await newIcon(leaver, personal, null, 4)
    const guest = await t.signIn('ad-guest@example.com')
    const invitation = (
      await t.post('/api/workspaces/invite-user', leaver, {
        workspaceId: team.wsId,
        email: 'ad-guest@example.com',
      })
    ).body.data
    const [leaverAccess] = await db()
      .select()
      .from(workspaceAccess)
      .where(eq(workspaceAccess.user_id, leaverId))
    const cursor = (await pull(admin, team.wsId, 0)).version as number

    expect((await deleteAccount(leaver)).status).toBe(200)

    // The team keeps everything the leaver made there.
    const list = await t.get(`/api/icons?project_id=${teamProject}`, admin)
    expect(list.status).toBe(200)
    expect(list.body.data.map((i: Json) => [i.id, i.user_id]).sort()).toEqual(
      made.map((id) => [id, null]).sort(),
    )
    const [kept] = await db().select().from(projects).where(eq(projects.id, teamProject))
    expect(kept).toMatchObject({ workspace_id: team.wsId, user_id: null })
    const [other] = await db().select().from(icons).where(eq(icons.id, addedToOwners))
    expect(other).toMatchObject({ project_id: ownersProject, user_id: null })
    // Their personal project, its icons and their personal scope go.
    expect(await db().select().from(projects).where(eq(projects.id, personal))).toEqual([])
    expect(await db().select().from(icons).where(eq(icons.id, personalIcon))).toEqual([])
    expect(
      await db()
        .select()
        .from(syncScopes)
        .where(eq(syncScopes.scope, `user:${leaverId}`)),
    ).toEqual([])
    // The invitation they sent is canceled.
    const [inv] = await db().select().from(invitations).where(eq(invitations.id, invitation.id))
    expect(inv!.status).toBe('canceled')
    expect((await t.get('/api/workspaces/invitations', guest)).body.data).toEqual([])

    // A teammate's pull from before: the access row's tombstone and the rows' new attribution.
    const page = await pull(admin, team.wsId, cursor)
    expect(page.deletions.workspaces_access).toEqual([leaverAccess!.id])
    expect(page.upserts.projects.map((p: Json) => [p.id, p.user_id])).toEqual([[teamProject, null]])
    expect(page.upserts.icons.map((i: Json) => [i.id, i.user_id]).sort()).toEqual(
      [...made, addedToOwners].map((id) => [id, null]).sort(),
    )
    expect(page.deletions.projects).toEqual([])
    expect(page.deletions.icons).toEqual([])
    const people = await t.get(`/api/workspaces/access-users?workspaceId=${team.wsId}`, admin)
    expect(people.body.data.map((p: Json) => p.email)).not.toContain('ad-leaver@example.com')
  })

  it('hands a workspace whose owner deletes their account to an admin; its projects stay', async () => {
    const ownerId = await meId(team.owner)
    const [adminRow] = await db()
      .select()
      .from(workspaceAccess)
      .where(eq(workspaceAccess.email, 'ad-admin@example.com'))
    const [ownerRow] = await db().select().from(workspaceAccess).where(eq(workspaceAccess.user_id, ownerId))
    const before = await db()
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.workspace_id, team.wsId))
    const cursor = (await pull(admin, team.wsId, 0)).version as number
    const [{ name: workspaceName } = { name: '' }] = await db()
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, team.wsId))
    const sent = Date.now()

    expect((await deleteAccount(team.owner)).status).toBe(200)

    // The new owner is told which workspace is theirs now, whose account went, and that on their plan
    // (free here) members cannot save there until they are on Gold.
    const mail = await t.smtp.waitForMail('ad-admin@example.com', { after: sent })
    expect(mail.subject).toBe(`You now own ${workspaceName} on Iconvault`)
    expect(mail.text).toContain(`You are now the owner of the workspace "${workspaceName}"`)
    expect(mail.text).toContain('ad-owner@example.com deleted their Iconvault account')
    expect(mail.text).toContain('Upgrade to Gold')

    const mine = await t.get('/api/workspaces', admin)
    expect(mine.body.data).toEqual([expect.objectContaining({ id: team.wsId, role: 'owner' })])
    const [ws] = await db().select().from(workspaces).where(eq(workspaces.id, team.wsId))
    expect(ws!.user_id).toBe(adminRow!.user_id)
    const after = await db()
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.workspace_id, team.wsId))
    expect(after.map((p) => p.id).sort()).toEqual(before.map((p) => p.id).sort())
    const page = await pull(admin, team.wsId, cursor)
    expect(page.deletions.workspaces_access).toEqual([ownerRow!.id])
    expect(page.upserts.workspaces_access).toEqual([
      expect.objectContaining({ id: adminRow!.id, role: 'owner' }),
    ])
    expect(page.upserts.workspaces).toEqual([
      expect.objectContaining({ id: team.wsId, user_id: adminRow!.user_id }),
    ])
    // The new owner manages it.
    const renamed = await t.post('/api/workspaces/update', admin, { id: team.wsId, name: 'Still here' })
    expect(renamed.status).toBe(200)
  })

  it('deletes a workspace nobody else is in, with its projects', async () => {
    const solo = await seedTeam(t, { owner: 'ad-solo@example.com' })
    const project = await newProject(solo.owner, solo.wsId)
    await newIcon(solo.owner, project, solo.wsId, 5)
    expect((await deleteAccount(solo.owner)).status).toBe(200)
    expect(await db().select().from(workspaces).where(eq(workspaces.id, solo.wsId))).toEqual([])
    expect(
      await db()
        .select()
        .from(projects)
        .where(inArray(projects.id, [project])),
    ).toEqual([])
    expect(await db().select().from(syncScopes).where(eq(syncScopes.scope, solo.wsId))).toEqual([])
  })
})
