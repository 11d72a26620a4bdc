// Storage quotas (ADR 0308), set small through the environment: a personal space and a workspace
// refuse icons past their count or their bytes with 403 and the message naming the limit, on create,
// create-many (nothing of a refused request is written) and move; GET /api/usage shows the numbers.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { DEFAULT_STORAGE_QUOTAS } from '../../common/plans.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h4v${2 + (n % 19)}h-4z"/></svg>`

describe.each(dbKinds)('storage quotas on %s', (kind) => {
  let t: TestApp
  let owner: string
  let member: string
  const ws = randomUUID()
  const team = randomUUID()
  const mine = randomUUID()
  const icon = (project_id: string, n: number, workspace_id: string | null) => ({
    id: randomUUID(),
    name: `Icon ${n}`,
    svg: svgOf(n),
    project_id,
    origin_icon_id: null,
    workspace_id,
    icon_status: 'approved',
  })
  const usage = async (cookie: string) => (await t.get('/api/usage', cookie)).body.data
  const personalFull = { error: appMessages.iconQuotaReached('personal', '3'), code: 'quota_reached' }

  beforeAll(async () => {
    t = await createTestApp(kind, {
      PLAN_ICONS_PRO: '3',
      PLAN_WORKSPACE_ICONS_GOLD: '1000',
      PLAN_WORKSPACE_STORAGE_GOLD: '2KB',
    })
    owner = await t.signIn('quota-owner@example.com')
    member = await t.signIn('quota-member@example.com')
    await t.setPlan('quota-owner@example.com', 'gold')
    await t.setPlan('quota-member@example.com', 'pro')
    await t.post('/api/workspaces/create', owner, { id: ws, name: 'Quota team', description: '' })
    const inv = await t.post('/api/workspaces/invite-user', owner, {
      workspaceId: ws,
      email: 'quota-member@example.com',
    })
    await t.post('/api/workspaces/accept-invitation', member, { invitationId: inv.body.data.id })
    await t.post('/api/projects/create', owner, { id: team, name: 'Team', workspace_id: ws })
    await t.post('/api/projects/create', member, { id: mine, name: 'Mine', workspace_id: null })
  })
  afterAll(() => t?.close())

  it('a personal space takes icons up to its count, then refuses with the limit named; moves in count too', async () => {
    expect((await t.post('/api/icons/create', member, icon(mine, 1, null))).status).toBe(200)
    // Two more fit; three more would not: the whole batch is refused and nothing of it is written.
    const three = [2, 3, 4].map((n) => icon(mine, n, null))
    expect(await t.post('/api/icons/create-many', member, { icons: three })).toEqual({
      status: 403,
      body: personalFull,
    })
    expect((await usage(member)).personal).toMatchObject({ plan: 'pro', icons: 1 })
    expect((await t.post('/api/icons/create-many', member, { icons: three.slice(0, 2) })).status).toBe(200)
    expect(await t.post('/api/icons/create', member, icon(mine, 5, null))).toEqual({
      status: 403,
      body: personalFull,
    })
    // A repeated create (idempotent) adds nothing and is still answered.
    expect((await t.post('/api/icons/create', member, three[0])).status).toBe(200)
    const me = (await usage(member)).personal
    expect(me).toMatchObject({
      plan: 'pro',
      icons: 3,
      quota: { icons: 3, bytes: DEFAULT_STORAGE_QUOTAS.pro.personal.bytes },
    })
    expect(me.bytes).toBeGreaterThan(3 * 80)
    // An icon of the workspace moved into the full personal space is refused too; it stays where it was.
    const shared = (await t.post('/api/icons/create', member, icon(team, 6, ws))).body.data
    expect(await t.post('/api/icons/move', member, { ids: [shared.id], project_id: mine })).toEqual({
      status: 403,
      body: personalFull,
    })
    const listed = (await t.get(`/api/icons?project_id=${team}`, member)).body.data
    expect(listed.map((i: Json) => i.id)).toContain(shared.id)
  })

  it('a workspace refuses past its bytes (its owner’s plan) with the limit named; /api/usage shows it', async () => {
    const before = (await usage(owner)).workspaces.find((w: Json) => w.id === ws)
    expect(before).toMatchObject({ name: 'Quota team', plan: 'gold', quota: { icons: 1000, bytes: 2048 } })
    // Icons of about 100 bytes each: 2 KB holds about 20 of them.
    let refused: Json
    for (let round = 0; round < 10 && !refused; round++) {
      const res = await t.post('/api/icons/create-many', member, {
        icons: [1, 2, 3, 4].map((n) => icon(team, round * 4 + n, ws)),
      })
      if (res.status !== 200) refused = res
    }
    expect(refused).toEqual({
      status: 403,
      body: { error: appMessages.storageQuotaReached('workspace', '2 KB'), code: 'quota_reached' },
    })
    const after = (await usage(member)).workspaces.find((w: Json) => w.id === ws)
    expect(after.bytes).toBeLessThanOrEqual(2048)
    expect(after.bytes).toBeGreaterThan(2048 - 4 * 200)
    // Deleting makes room again.
    const listed = (await t.get(`/api/icons?project_id=${team}`, owner)).body.data
    for (const row of listed.slice(0, 4)) await t.post('/api/icons/delete', owner, { id: row.id })
    expect((await t.post('/api/icons/create', member, icon(team, 99, ws))).status).toBe(200)
  })

  it('an icon refused for its name does not count against the quota: the others of its drop that fit are stored', async () => {
    const cookie = await t.signIn('quota-alias@example.com')
    await t.setPlan('quota-alias@example.com', 'gold')
    const [own, mineToo, project] = [randomUUID(), randomUUID(), randomUUID()]
    await t.post('/api/workspaces/create', cookie, { id: own, name: 'Alias team', description: '' })
    await t.post('/api/projects/create', cookie, { id: project, name: 'Team', workspace_id: own })
    await t.post('/api/projects/create', cookie, { id: mineToo, name: 'Mine', workspace_id: null })
    const house = (await t.post('/api/icons/create', cookie, { ...icon(project, 1, own), name: 'house' }))
      .body.data
    expect((await t.post('/api/icons/update', cookie, { id: house.id, name: 'home' })).status).toBe(200)
    // A drawing of ~2 KB as stored (measured in the personal space, which has room).
    const dots = Array.from({ length: 150 }, (_, n) => `M${n % 20} ${Math.floor(n / 20) * 3}h1v1h-1z`).join(
      '',
    )
    const big = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${dots}"/></svg>`
    const bigBytes = Buffer.byteLength(
      (await t.post('/api/icons/create', cookie, { ...icon(mineToo, 2, null), svg: big })).body.data.svg,
    )
    const small = icon(project, 3, own)
    const used = (await usage(cookie)).workspaces.find((w: Json) => w.id === own).bytes
    // The small one fits the workspace's 2 KB; with the big one beside it, it would not.
    expect(used + 200).toBeLessThanOrEqual(2048)
    expect(used + bigBytes + Buffer.byteLength(small.svg)).toBeGreaterThan(2048)
    const res = await t.post('/api/icons/create-many', cookie, {
      icons: [{ ...icon(project, 4, own), name: 'house', svg: big }, small],
    })
    expect(res.status).toBe(200)
    expect(res.body.data.results[0]).toMatchObject({ status: 409, code: 'name_taken' })
    expect(res.body.data.results[1].data).toMatchObject({ id: small.id })
    // Alone, the big one is past the quota: refused with the limit named.
    expect(await t.post('/api/icons/create', cookie, { ...icon(project, 5, own), svg: big })).toEqual({
      status: 403,
      body: { error: appMessages.storageQuotaReached('workspace', '2 KB'), code: 'quota_reached' },
    })
  })

  it('GET /api/usage counts the icons of each project the caller sees, not of others’ personal ones', async () => {
    const teamCount = (await t.get(`/api/icons?project_id=${team}`, owner)).body.data.length
    expect((await usage(member)).projects).toEqual({ [mine]: 3, [team]: teamCount })
    expect((await usage(owner)).projects).toEqual({ [team]: teamCount })
  })

  it('GET /api/usage needs a session', async () => {
    expect((await t.request('/api/usage')).status).toBe(401)
  })
})
