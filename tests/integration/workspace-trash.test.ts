// Deleted workspaces are kept 30 days and restorable by their owner and admins
// (ADR 0018): an admin's delete hides the workspace from everyone (not listed, access and pulls 404,
// invitations canceled), every member's stream hears it with who did it, and the owner brings it
// back with its people, projects and icons; members and viewers may not restore it, outsiders do not
// see it at all.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { readSse } from '../setup/sse.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'

describe.each(dbKinds)('workspace trash on %s', (kind) => {
  let t: TestApp
  let team: Awaited<ReturnType<typeof seedTeam>>
  let outsider: string
  const projectId = randomUUID()
  const iconId = randomUUID()
  const admin = () => team.members['wta@example.com']!
  const member = () => team.members['wtm@example.com']!
  const viewer = () => team.members['wtv@example.com']!

  beforeAll(async () => {
    t = await createTestApp(kind)
    team = await seedTeam(t, {
      owner: 'wto@example.com',
      members: { 'wta@example.com': 'admin', 'wtm@example.com': 'member', 'wtv@example.com': 'viewer' },
      name: 'Acme',
    })
    outsider = await t.signIn('wtx@example.com')
    await t.post('/api/projects/create', team.owner, {
      id: projectId,
      name: 'Brand',
      workspace_id: team.wsId,
    })
    const icon = await t.post('/api/icons/create', team.owner, {
      id: iconId,
      name: 'logo',
      svg: SVG,
      project_id: projectId,
      origin_icon_id: null,
      workspace_id: team.wsId,
      icon_status: 'approved',
    })
    expect(icon.status).toBe(200)
  })
  afterAll(() => t?.close())

  it('an admin deletes the workspace: members hear by whom, it is gone, and the owner restores it', async () => {
    const { wsId, owner } = team
    await t.post('/api/workspaces/invite-user', owner, { workspaceId: wsId, email: 'wti@example.com' })
    const streams = await Promise.all(
      [member(), viewer(), owner].map(async (cookie) => {
        const s = readSse(await t.request('/api/events', { cookie }))
        await s.next((e) => e.event === 'ready')
        return s
      }),
    )
    expect(await t.post('/api/workspaces/delete', admin(), { id: wsId })).toEqual({
      status: 200,
      body: { data: { id: wsId } },
    })
    const listed = (await t.get('/api/workspaces/deleted', owner)).body.data
    expect(listed).toEqual([
      {
        id: wsId,
        name: 'Acme',
        deleted_at: expect.any(String),
        deleted_by: { id: expect.any(String), name: expect.any(String), email: 'wta@example.com' },
        project_count: 1,
      },
    ])
    const by = listed[0].deleted_by.name || 'wta@example.com'
    for (const s of streams) {
      const heard = await s.next((e) => e.event === 'change' && JSON.parse(e.data).entity === 'workspaces')
      expect(JSON.parse(heard.data)).toMatchObject({ entity: 'workspaces', op: 'delete', id: wsId, by })
    }

    // Gone for everyone: not listed, no access, no pulls, its projects and icons out of reach.
    for (const cookie of [owner, admin(), member(), viewer()]) {
      expect((await t.get('/api/workspaces', cookie)).body.data.map((w: Json) => w.id)).not.toContain(wsId)
      expect((await t.get('/api/projects', cookie)).body.data.map((p: Json) => p.id)).not.toContain(projectId)
      expect((await t.get(`/api/sync?scope=${wsId}`, cookie)).status).toBe(404)
      expect((await t.get(`/api/icons?project_id=${projectId}`, cookie)).status).toBe(404)
      expect((await t.get('/api/usage', cookie)).body.data.workspaces).toEqual([])
    }
    expect((await t.get(`/api/workspaces/access-users?workspaceId=${wsId}`, owner)).status).toBe(404)
    expect((await t.post('/api/workspaces/update', owner, { id: wsId, name: 'X' })).status).toBe(404)
    const invitee = await t.signIn('wti@example.com')
    expect((await t.get('/api/workspaces/invitations', invitee)).body.data).toEqual([])

    // Who may restore: the owner and admins see it; members and viewers are refused; outsiders see nothing.
    expect((await t.get('/api/workspaces/deleted', admin())).body.data.map((w: Json) => w.id)).toEqual([wsId])
    for (const cookie of [member(), viewer(), outsider])
      expect((await t.get('/api/workspaces/deleted', cookie)).body.data).toEqual([])
    const forbidden = { status: 403, body: { error: messages.notAuthorized, code: 'not_authorized' } }
    expect(await t.post('/api/workspaces/restore', member(), { id: wsId })).toEqual(forbidden)
    expect(await t.post('/api/workspaces/restore', viewer(), { id: wsId })).toEqual(forbidden)
    expect(await t.post('/api/workspaces/restore', outsider, { id: wsId })).toEqual({
      status: 404,
      body: { error: appMessages.deletedWorkspaceNotFound, code: 'not_found' },
    })

    // The owner restores it: members hear it back and pull it whole again, people, projects and icons.
    const restored = await t.post('/api/workspaces/restore', owner, { id: wsId })
    expect(restored.status).toBe(200)
    expect(restored.body.data).toMatchObject({ id: wsId, name: 'Acme', role: 'owner' })
    const heard = await streams[0]!.next(
      (e) => e.event === 'change' && JSON.parse(e.data).entity === 'workspaces',
    )
    expect(JSON.parse(heard.data)).toMatchObject({
      entity: 'workspaces',
      op: 'upsert',
      row: { id: wsId, role: 'member' },
    })
    for (const s of streams) await s.close()
    expect((await t.get('/api/workspaces', member())).body.data.map((w: Json) => w.id)).toContain(wsId)
    const page = (await t.get(`/api/sync?scope=${wsId}&since=0`, member())).body.data
    expect(page.upserts.workspaces.map((w: Json) => w.id)).toEqual([wsId])
    expect(page.upserts.workspaces_access).toHaveLength(4)
    expect(page.upserts.projects.map((p: Json) => p.id)).toEqual([projectId])
    expect(page.upserts.icons.map((i: Json) => i.id)).toEqual([iconId])
    expect(
      (await t.get(`/api/icons?project_id=${projectId}`, viewer())).body.data.map((i: Json) => i.id),
    ).toEqual([iconId])
    expect((await t.get('/api/workspaces/deleted', owner)).body.data).toEqual([])
    expect((await t.post('/api/workspaces/restore', owner, { id: wsId })).status).toBe(404)
  })

  it('tells a removed person by whom', async () => {
    const cookie = await t.signIn('wtr@example.com')
    const inv = await t.post('/api/workspaces/invite-user', team.owner, {
      workspaceId: team.wsId,
      email: 'wtr@example.com',
      role: 'member',
    })
    await t.post('/api/workspaces/accept-invitation', cookie, { invitationId: inv.body.data.id })
    const people = (await t.get(`/api/workspaces/access-users?workspaceId=${team.wsId}`, team.owner)).body
      .data
    const row = people.find((p: Json) => p.email === 'wtr@example.com')
    const stream = readSse(await t.request('/api/events', { cookie }))
    await stream.next((e) => e.event === 'ready')
    await t.post('/api/workspaces/delete-access', admin(), { workspaceId: team.wsId, personId: row.id })
    const heard = await stream.next((e) => e.event === 'change' && JSON.parse(e.data).entity === 'membership')
    expect(JSON.parse(heard.data)).toMatchObject({
      op: 'revoked',
      workspace_id: team.wsId,
      by: expect.any(String),
    })
    await stream.close()
  })
})
