import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('projects on %s', (kind) => {
  let t: TestApp
  let owner: string
  let member: string
  let viewer: string
  let outsider: string
  const wsId = randomUUID()

  async function join(email: string, cookie: string, role: 'admin' | 'member' | 'viewer') {
    const inv = await t.post('/api/workspaces/invite-user', owner, { workspaceId: wsId, email, role })
    await t.post('/api/workspaces/accept-invitation', cookie, { invitationId: inv.body.data.id })
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('po@example.com')
    member = await t.signIn('pm@example.com')
    viewer = await t.signIn('pv@example.com')
    outsider = await t.signIn('px@example.com')
    await t.setPlan('po@example.com', 'gold')
    await t.post('/api/workspaces/create', owner, { id: wsId, name: 'Team', description: '' })
    await join('pm@example.com', member, 'member')
    await join('pv@example.com', viewer, 'viewer')
  })
  afterAll(() => t?.close())

  it('creates personal projects for any signed-in user, idempotently, visible only to them', async () => {
    const id = randomUUID()
    const body = { id, name: ' Mine ', description: null, workspace_id: null }
    const res = await t.post('/api/projects/create', outsider, body)
    expect(res.body.data).toMatchObject({ id, name: 'Mine', workspace_id: null, description: '' })
    expect((await t.post('/api/projects/create', outsider, body)).status).toBe(200)
    expect((await t.get('/api/projects', outsider)).body.data.map((p: { id: string }) => p.id)).toEqual([id])
    expect(
      (await t.get('/api/projects', member)).body.data.find((p: { id: string }) => p.id === id),
    ).toBeUndefined()
    expect((await t.post('/api/projects/update', member, { id, name: 'Stolen' })).status).toBe(404)
    expect((await t.post('/api/projects/delete', member, { id })).status).toBe(404)
    expect((await t.post('/api/projects/create', member, { ...body, name: 'Other' })).status).toBe(409)
  })

  it('answers the specified messages for project input', async () => {
    expect((await t.post('/api/projects/create', owner, { id: randomUUID(), name: '' })).body).toEqual({
      error: messages.projectNameRequired,
      code: 'invalid',
    })
    expect((await t.post('/api/projects/update', owner, { name: 'x' })).body).toEqual({
      error: messages.projectIdRequired,
      code: 'invalid',
    })
    expect((await t.post('/api/projects/create', owner, { id: 'not-a-uuid', name: 'x' })).status).toBe(400)
  })

  it('lets only workspace admins create, rename and delete workspace projects', async () => {
    const forbidden = { status: 403, body: { error: messages.notAuthorized, code: 'not_authorized' } }
    const id = randomUUID()
    expect(await t.post('/api/projects/create', member, { id, name: 'M', workspace_id: wsId })).toEqual(
      forbidden,
    )
    expect(await t.post('/api/projects/create', viewer, { id, name: 'V', workspace_id: wsId })).toEqual(
      forbidden,
    )
    expect(
      (await t.post('/api/projects/create', outsider, { id, name: 'X', workspace_id: wsId })).status,
    ).toBe(404)
    const created = await t.post('/api/projects/create', owner, { id, name: 'Shared', workspace_id: wsId })
    expect(created.body.data).toMatchObject({ id, workspace_id: wsId })
    for (const cookie of [member, viewer]) {
      expect((await t.get('/api/projects', cookie)).body.data.map((p: { id: string }) => p.id)).toContain(id)
    }
    expect(await t.post('/api/projects/update', member, { id, name: 'Renamed' })).toEqual(forbidden)
    expect(await t.post('/api/projects/delete', viewer, { id })).toEqual(forbidden)
    expect((await t.post('/api/projects/update', owner, { id, name: 'Renamed' })).body.data.name).toBe(
      'Renamed',
    )
    expect((await t.post('/api/projects/delete', owner, { id })).body).toEqual({ data: { id } })
    expect((await t.post('/api/projects/delete', owner, { id })).status).toBe(404)
  })

  it('says what is wrong with unknown paths', async () => {
    const res = await t.get('/api/projects/nope', owner)
    expect(res).toEqual({ status: 404, body: { error: appMessages.apiNotFound, code: 'not_found' } })
  })
})
