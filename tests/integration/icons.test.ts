import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { planChanges } from '../setup/plan-changes.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const STAR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2l3 7h7l-6 5 2 8-6-4-6 4 2-8-6-5h7z"/></svg>'
const EVIL =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)"><path d="M0 0h24v24H0z"/></a></svg>'

describe.each(dbKinds)('icons on %s', (kind) => {
  let t: TestApp
  let owner: string
  let member: string
  let viewer: string
  let free: string
  const wsId = randomUUID()
  const wsProject = randomUUID()
  const freeProject = randomUUID()

  const icon = (project_id: string, extra: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    name: 'Star',
    svg: STAR,
    project_id,
    origin_icon_id: null,
    workspace_id: null,
    icon_status: 'approved',
    ...extra,
  })

  beforeAll(async () => {
    t = await createTestApp(kind)
    const team = await seedTeam(t, {
      owner: 'io@example.com',
      members: { 'im@example.com': 'member', 'iv@example.com': 'viewer' },
      name: 'Icons team',
      wsId,
    })
    owner = team.owner
    member = team.members['im@example.com']!
    viewer = team.members['iv@example.com']!
    free = await t.signIn('if@example.com')
    await t.post('/api/projects/create', owner, { id: wsProject, name: 'Shared', workspace_id: wsId })
    await t.post('/api/projects/create', free, { id: freeProject, name: 'Mine', workspace_id: null })
  })
  const plans = planChanges(() => t, { 'if@example.com': 'free', 'io@example.com': 'gold' })
  afterEach(() => plans.undo())
  afterAll(() => t?.close())

  it('refuses saving to a personal vault without a paid plan, with the specified message', async () => {
    const res = await t.post('/api/icons/create', free, icon(freeProject))
    expect(res).toEqual({ status: 403, body: { error: messages.needProToSave, code: 'plan_required' } })
    await plans.set('if@example.com', 'pro')
    const ok = await t.post('/api/icons/create', free, icon(freeProject))
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ name: 'Star', icon_status: 'approved', project_id: freeProject })
  })

  it('stores only sanitised SVG, and explains refused files', async () => {
    await plans.set('if@example.com', 'pro')
    const res = await t.post('/api/icons/create', free, icon(freeProject, { svg: EVIL }))
    expect(res.status).toBe(200)
    expect(res.body.data.svg).not.toMatch(/script|onload|javascript:/i)
    const bad = await t.post('/api/icons/create', free, icon(freeProject, { svg: '<html><body/></html>' }))
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/not an SVG/)
    const xxe =
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>'
    expect((await t.post('/api/icons/create', free, icon(freeProject, { svg: xxe }))).status).toBe(400)
    expect((await t.post('/api/icons/create', free, icon(freeProject, { name: ' ' }))).body).toEqual({
      error: messages.iconNameRequired,
      code: 'invalid',
    })
    expect((await t.post('/api/icons/update', free, { name: 'x' })).body).toEqual({
      error: messages.iconIdRequired,
      code: 'invalid',
    })
  })

  it('lets members add icons to a gold owner’s workspace whatever their plan; viewers and outsiders not', async () => {
    const res = await t.post('/api/icons/create', member, icon(wsProject, { workspace_id: wsId }))
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ workspace_id: wsId, icon_status: 'approved' })
    expect(await t.post('/api/icons/create', viewer, icon(wsProject, { workspace_id: wsId }))).toEqual({
      status: 403,
      body: { error: messages.notAuthorized, code: 'not_authorized' },
    })
    expect((await t.post('/api/icons/create', free, icon(wsProject, { workspace_id: wsId }))).status).toBe(
      404,
    )
    expect((await t.get(`/api/icons?project_id=${wsProject}`, free)).status).toBe(404)
    expect((await t.get(`/api/icons?project_id=${wsProject}`, viewer)).body.data).toHaveLength(1)
    const mismatch = await t.post('/api/icons/create', member, icon(wsProject, { workspace_id: null }))
    expect(mismatch).toEqual({
      status: 400,
      body: { error: appMessages.iconWorkspaceMismatch, code: 'invalid' },
    })
  })

  it('puts members’ icons up for review when the workspace asks, and only admins approve', async () => {
    await t.post('/api/workspaces/update', owner, { id: wsId, name: 'Icons team', review_icons: true })
    const mine = await t.post(
      '/api/icons/create',
      member,
      icon(wsProject, { workspace_id: wsId, icon_status: 'approved' }),
    )
    expect(mine.body.data.icon_status).toBe('needs-review')
    const admins = await t.post('/api/icons/create', owner, icon(wsProject, { workspace_id: wsId }))
    expect(admins.body.data.icon_status).toBe('approved')
    const id = mine.body.data.id
    const rename = await t.post('/api/icons/update', member, {
      id,
      name: 'Renamed',
      icon_status: 'needs-review',
    })
    expect(rename.body.data).toMatchObject({ name: 'Renamed', icon_status: 'needs-review' })
    expect(
      await t.post('/api/icons/update', member, { id, name: 'Renamed', icon_status: 'approved' }),
    ).toEqual({
      status: 403,
      body: { error: messages.notAuthorized, code: 'not_authorized' },
    })
    const approve = await t.post('/api/icons/update', owner, { id, name: 'Renamed', icon_status: 'approved' })
    expect(approve.body.data.icon_status).toBe('approved')
    expect((await t.post('/api/icons/delete', viewer, { id })).status).toBe(403)
    expect((await t.post('/api/icons/delete', member, { id })).body).toEqual({ data: { id } })
    expect((await t.post('/api/icons/delete', member, { id })).status).toBe(404)
  })

  it('refuses workspace saves once the owner is no longer gold', async () => {
    await plans.set('io@example.com', 'pro')
    const res = await t.post('/api/icons/create', member, icon(wsProject, { workspace_id: wsId }))
    expect(res).toEqual({ status: 403, body: { error: messages.needProToSave, code: 'plan_required' } })
  })

  it('creates idempotently and serves downloads that cannot run script', async () => {
    const body = icon(wsProject, { workspace_id: wsId, name: 'Arrow Left' })
    const first = await t.post('/api/icons/create', owner, body)
    const again = await t.post('/api/icons/create', owner, body)
    expect(again.body.data.id).toBe(first.body.data.id)
    const list = await t.get(`/api/icons?project_id=${wsProject}`, owner)
    expect(list.body.data.filter((i: { id: string }) => i.id === body.id)).toHaveLength(1)
    const dl = await t.request(`/api/icons/download?id=${body.id}`, { cookie: viewer })
    expect(dl.status).toBe(200)
    expect(dl.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(dl.headers.get('content-disposition')).toBe('attachment; filename="arrow-left.svg"')
    expect(dl.headers.get('content-security-policy')).toMatch(/^sandbox/)
    expect(await dl.text()).toMatch(/^<svg/)
    expect((await t.request(`/api/icons/download?id=${body.id}`, { cookie: free })).status).toBe(404)
  })

  it('answers concurrent repeats of a create by the one rule: the same author gets the icon, another 409', async () => {
    const body = icon(wsProject, { workspace_id: wsId, name: 'Twice' })
    const [a, b] = await Promise.all([
      t.post('/api/icons/create', member, body),
      t.post('/api/icons/create', member, body),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(b.body.data).toEqual(a.body.data)
    const other = icon(wsProject, { workspace_id: wsId, name: 'Contested' })
    const answers = await Promise.all([
      t.post('/api/icons/create', member, other),
      t.post('/api/icons/create', owner, other),
    ])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    expect(answers.find((r) => r.status === 409)?.body).toEqual({
      error: appMessages.idTaken,
      code: 'id_taken',
    })
    const list = await t.get(`/api/icons?project_id=${wsProject}`, owner)
    const ids = list.body.data.map((i: { id: string }) => i.id)
    expect(ids.filter((id: string) => id === body.id || id === other.id)).toHaveLength(2)
  })
})
