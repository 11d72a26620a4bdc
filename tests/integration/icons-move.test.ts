// POST /api/icons/move: the same icons (ids, authors, creation dates, origin links) in another
// project, checked on both sides by the permission table and the target's plan and review rule,
// told live to the teammates of both projects; every refusal in the one { error } shape.
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { codeForStatus } from '../../common/error-codes.ts'
import { appMessages, messages } from '../../common/messages.ts'
import type { ChangeEvent } from '../../common/schemas/events.ts'
import { planChanges } from '../setup/plan-changes.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { readSse } from '../setup/sse.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n} 2h4v${2 + n}h-4z"/></svg>`

describe.each(dbKinds)('POST /api/icons/move on %s', (kind) => {
  let t: TestApp
  let owner: string
  let member: string
  let viewer: string
  let outsider: string
  const ws = randomUUID()
  const [wsA, wsB, memberOwn, ownerOwn, outsiderOwn] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ]
  let n = 0

  const create = async (cookie: string, project_id: string, workspace_id: string | null, extra = {}) => {
    const res = await t.post('/api/icons/create', cookie, {
      id: randomUUID(),
      name: `Icon ${++n}`,
      svg: svgOf(n),
      project_id,
      workspace_id,
      ...extra,
    })
    expect(res.status).toBe(200)
    return res.body.data as Json
  }
  const move = (cookie: string, ids: string[], project_id: string) =>
    t.post('/api/icons/move', cookie, { ids, project_id })
  const listed = async (cookie: string, projectId: string): Promise<Json[]> =>
    (await t.get(`/api/icons?project_id=${projectId}`, cookie)).body.data

  beforeAll(async () => {
    t = await createTestApp(kind)
    const team = await seedTeam(t, {
      owner: 'vo@example.com',
      members: { 'vm@example.com': 'member', 'vv@example.com': 'viewer' },
      name: 'Movers',
      wsId: ws,
    })
    owner = team.owner
    member = team.members['vm@example.com']!
    viewer = team.members['vv@example.com']!
    outsider = await t.signIn('vx@example.com')
    await t.setPlan('vm@example.com', 'pro')
    await t.setPlan('vx@example.com', 'pro')
    await t.post('/api/projects/create', owner, { id: wsA, name: 'A', workspace_id: ws })
    await t.post('/api/projects/create', owner, { id: wsB, name: 'B', workspace_id: ws })
    await t.post('/api/projects/create', member, { id: memberOwn, name: 'Mine', workspace_id: null })
    await t.post('/api/projects/create', owner, { id: ownerOwn, name: 'Owner own', workspace_id: null })
    await t.post('/api/projects/create', outsider, { id: outsiderOwn, name: 'Elsewhere', workspace_id: null })
  })
  const plans = planChanges(() => t, { 'vm@example.com': 'pro' })
  afterEach(() => plans.undo())
  afterAll(() => t?.close())

  it('keeps id, author, creation date and origin links; needs review when a member moves into a reviewing workspace; live for teammates', async () => {
    const original = await create(owner, wsA, ws)
    const copy = await create(owner, wsA, ws, { origin_icon_id: original.id })
    expect(original.icon_status).toBe('approved')
    const update = await t.post('/api/workspaces/update', owner, {
      id: ws,
      name: 'Movers',
      review_icons: true,
    })
    expect(update.status).toBe(200)
    const teammate = readSse(await t.request('/api/events', { cookie: viewer }))
    await teammate.next((e) => e.event === 'ready')

    const res = await move(member, [original.id, copy.id], wsB)
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(2)
    const [moved, movedCopy] = res.body.data as Json[]
    expect(moved).toMatchObject({
      id: original.id,
      user_id: original.user_id,
      created_at: original.created_at,
      project_id: wsB,
      workspace_id: ws,
      icon_status: 'needs-review',
      svg: original.svg,
    })
    expect(movedCopy).toMatchObject({ id: copy.id, origin_icon_id: original.id, project_id: wsB })
    expect((await listed(owner, wsA)).map((i) => i.id)).not.toContain(original.id)
    expect((await listed(owner, wsB)).map((i) => i.id)).toEqual(
      expect.arrayContaining([original.id, copy.id]),
    )
    const seen = new Set<string>()
    while (seen.size < 2) {
      const event = JSON.parse((await teammate.next((e) => e.event === 'change')).data) as ChangeEvent
      if (event.entity === 'icons' && event.op === 'upsert' && event.row.project_id === wsB)
        seen.add(event.row.id)
    }
    expect([...seen].sort()).toEqual([original.id, copy.id].sort())
    teammate.close()
    // Repeating the move (a retried sync) is no error and changes nothing.
    const again = await move(member, [original.id], wsB)
    expect(again.status).toBe(200)
    expect(again.body.data[0]).toMatchObject({ id: original.id, updated_at: moved.updated_at })
    await t.post('/api/workspaces/update', owner, { id: ws, name: 'Movers', review_icons: false })
  })

  it('into the mover’s own project: the workspace hears the icon left; the owner’s plan is the target’s', async () => {
    const icon = await create(owner, wsA, ws)
    const teammate = readSse(await t.request('/api/events', { cookie: viewer }))
    await teammate.next((e) => e.event === 'ready')
    const res = await move(member, [icon.id], memberOwn)
    expect(res.status).toBe(200)
    expect(res.body.data[0]).toMatchObject({
      id: icon.id,
      user_id: icon.user_id,
      created_at: icon.created_at,
      project_id: memberOwn,
      workspace_id: null,
      icon_status: 'approved',
    })
    // The create's own announcement may still be on its way (Postgres delivers it after commit).
    const gone = await teammate.next(
      (e) => e.event === 'change' && e.data.includes(icon.id) && e.data.includes('"op":"delete"'),
    )
    // The removal carries the version of the workspace the icon left (ADR 0303).
    expect(JSON.parse(gone.data)).toEqual({
      entity: 'icons',
      op: 'delete',
      id: icon.id,
      scope: ws,
      version: expect.any(Number),
    })
    teammate.close()
    expect((await listed(member, memberOwn)).map((i) => i.id)).toContain(icon.id)
    // Without a paid plan, the user's own projects take no icons: the plan's message.
    await plans.set('vm@example.com', 'free')
    const other = await create(owner, wsA, ws)
    const refused = await move(member, [other.id], memberOwn)
    expect(refused).toEqual({ status: 403, body: { error: messages.needProToSave, code: 'plan_required' } })
  })

  it('refuses what either side forbids, in the one error shape, and moves nothing', async () => {
    const icon = await create(owner, wsA, ws)
    const personal = await create(member, memberOwn, null)
    const cases: [string, string[], string, number, string][] = [
      [viewer, [icon.id], wsB, 403, messages.notAuthorized], // a viewer may not delete or create
      [member, [icon.id], ownerOwn, 404, 'Project not found'], // someone else's project
      [outsider, [icon.id], outsiderOwn, 404, 'Icon not found'], // icons the caller cannot see
      [member, [icon.id, randomUUID()], wsB, 404, 'Icon not found'],
      [member, [personal.id], wsB, 400, appMessages.moveLeavesTeam], // out of the user's own into a team
      [member, [], wsB, 400, 'Icons are required'],
    ]
    for (const [cookie, ids, target, status, error] of cases) {
      expect(await move(cookie, ids, target)).toEqual({
        status,
        body: { error, code: codeForStatus(status) },
      })
    }
    expect((await t.post('/api/icons/move', member, { ids: ['x'], project_id: wsB })).status).toBe(400)
    expect((await listed(owner, wsA)).map((i) => i.id)).toContain(icon.id)
    expect((await listed(member, memberOwn)).map((i) => i.id)).toContain(personal.id)
  })
})
