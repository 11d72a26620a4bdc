import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import type { ChangeEvent } from '../../common/schemas/events.ts'
import { ICONS_REQUIRED, MAX_ICONS_PER_BATCH, TOO_MANY_ICONS } from '../../common/schemas/icons.ts'
import { planChanges } from '../setup/plan-changes.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { readSse } from '../setup/sse.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h4v${2 + (n % 19)}h-4z"/></svg>`
const EVIL =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert(1)"><script>alert(2)</script><path d="M0 0h24v24H0z"/></svg>'

describe.each(dbKinds)('POST /api/icons/create-many on %s', (kind) => {
  let t: TestApp
  let owner: string
  let member: string
  let viewer: string
  let free: string
  const wsId = randomUUID()
  const wsProject = randomUUID()
  const ownProject = randomUUID()
  const freeProject = randomUUID()

  const icon = (project_id: string, n: number, extra: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    name: `Icon ${n}`,
    svg: svgOf(n),
    project_id,
    origin_icon_id: null,
    workspace_id: null,
    icon_status: 'approved',
    ...extra,
  })
  const many = (cookie: string, icons: unknown[]) => t.post('/api/icons/create-many', cookie, { icons })
  const listed = async (cookie: string, projectId: string): Promise<Json[]> =>
    (await t.get(`/api/icons?project_id=${projectId}`, cookie)).body.data

  beforeAll(async () => {
    t = await createTestApp(kind)
    const team = await seedTeam(t, {
      owner: 'mo@example.com',
      members: { 'mm@example.com': 'member', 'mv@example.com': 'viewer' },
      name: 'Batch team',
      wsId,
    })
    owner = team.owner
    member = team.members['mm@example.com']!
    viewer = team.members['mv@example.com']!
    free = await t.signIn('mf@example.com')
    await t.post('/api/projects/create', owner, { id: wsProject, name: 'Shared', workspace_id: wsId })
    await t.post('/api/projects/create', owner, { id: ownProject, name: 'Own', workspace_id: null })
    await t.post('/api/projects/create', free, { id: freeProject, name: 'Free', workspace_id: null })
  })
  const plans = planChanges(() => t, { 'mo@example.com': 'gold' })
  afterEach(() => plans.undo())
  afterAll(() => t?.close())

  it('stores a drop in the order sent, sanitised, and refuses bad icons alone with their message', async () => {
    const good = Array.from({ length: 6 }, (_, n) => icon(ownProject, n))
    const evil = icon(ownProject, 6, { svg: EVIL })
    const notSvg = icon(ownProject, 7, { svg: '<html><body/></html>' })
    const blank = icon(ownProject, 8, { name: '  ' })
    const sent = [good[0], notSvg, ...good.slice(1, 3), blank, evil, ...good.slice(3)]
    const res = await many(owner, sent)
    expect(res.status).toBe(200)
    const results: Json[] = res.body.data.results
    expect(results.map((r) => r.id)).toEqual(sent.map((i) => i!.id))
    expect(results[1]).toMatchObject({
      status: 400,
      code: 'invalid',
      error: expect.stringMatching(/not an SVG/),
    })
    expect(results[4]).toEqual({
      id: blank.id,
      status: 400,
      error: messages.iconNameRequired,
      code: 'invalid',
    })
    expect(results[5].data.svg).not.toMatch(/script|onload/i)
    for (const i of [0, 2, 3, 5, 6, 7, 8])
      expect(results[i].data).toMatchObject({
        id: sent[i]!.id,
        project_id: ownProject,
        icon_status: 'approved',
      })

    const stored = await listed(owner, ownProject)
    const accepted = [0, 2, 3, 5, 6, 7, 8].map((i) => sent[i]!.id)
    expect(stored.map((r) => r.id)).toEqual(accepted)
    expect(new Set(stored.map((r) => r.created_at)).size).toBe(accepted.length)

    // Sent again (a retry after a lost answer): the same rows, nothing stored twice.
    const again = await many(owner, sent)
    expect(again.body.data.results.map((r: Json) => r.data?.id ?? null)).toEqual(
      results.map((r) => r.data?.id ?? null),
    )
    expect((await listed(owner, ownProject)).map((r) => r.id)).toEqual(accepted)
    // Drops sent one right after the other keep their order too (a large one spans ~1 ms per icon).
    const large = Array.from({ length: 300 }, (_, n) => icon(ownProject, n))
    const small = [icon(ownProject, 20), icon(ownProject, 21)]
    await many(owner, large)
    await many(owner, small)
    expect((await listed(owner, ownProject)).map((r) => r.id)).toEqual([
      ...accepted,
      ...large.map((i) => i.id),
      ...small.map((i) => i.id),
    ])
  })

  it('refuses the whole drop as /create would for the plan, the role, the project or the workspace', async () => {
    const drop = (projectId: string, extra = {}) => [icon(projectId, 1, extra), icon(projectId, 2, extra)]
    expect(await many(free, drop(freeProject))).toEqual({
      status: 403,
      body: { error: messages.needProToSave, code: 'plan_required' },
    })
    expect(await listed(free, freeProject)).toEqual([])
    const ws = { workspace_id: wsId }
    expect(await many(viewer, drop(wsProject, ws))).toEqual({
      status: 403,
      body: { error: messages.notAuthorized, code: 'not_authorized' },
    })
    expect((await many(free, drop(wsProject, ws))).status).toBe(404)
    expect(await many(member, drop(wsProject))).toEqual({
      status: 400,
      body: { error: appMessages.iconWorkspaceMismatch, code: 'invalid' },
    })
    // One icon into a project the caller may not see refuses the icons beside it too.
    const mixed = [icon(ownProject, 3), icon(freeProject, 4)]
    expect((await many(owner, mixed)).status).toBe(404)
    expect((await listed(owner, ownProject)).some((r) => r.id === mixed[0]!.id)).toBe(false)
    // The owner's plan lapses: members cannot save into the workspace any more.
    await plans.set('mo@example.com', 'pro')
    expect(await many(member, drop(wsProject, ws))).toEqual({
      status: 403,
      body: { error: messages.needProToSave, code: 'plan_required' },
    })
    expect(await listed(owner, wsProject)).toEqual([])
  })

  it('decides review status on the server and refuses ids used elsewhere', async () => {
    await t.post('/api/workspaces/update', owner, { id: wsId, name: 'Batch team', review_icons: true })
    const ws = { workspace_id: wsId, icon_status: 'approved' }
    const taken = icon(ownProject, 30)
    await many(owner, [taken])
    const mine = icon(wsProject, 31, ws)
    const res = await many(member, [mine, { ...taken, project_id: wsProject, workspace_id: wsId }, mine])
    expect(res.body.data.results).toEqual([
      {
        id: mine.id,
        data: expect.objectContaining({ icon_status: 'needs-review', user_id: expect.any(String) }),
        duplicate_of: null,
        near_duplicate_of: null,
      },
      { id: taken.id, status: 409, error: appMessages.idTaken, code: 'id_taken' },
      {
        id: mine.id,
        data: expect.objectContaining({ id: mine.id }),
        duplicate_of: null,
        near_duplicate_of: null,
      },
    ])
    const stored = await listed(member, wsProject)
    expect(stored.map((r) => r.id)).toEqual([mine.id])
    await t.post('/api/workspaces/update', owner, { id: wsId, name: 'Batch team', review_icons: false })
  })

  it('answers 400 or 413, never 500, to malformed drops, and stores nothing from them', async () => {
    const before = (await listed(owner, ownProject)).length
    const bad = async (body: unknown) => (await t.post('/api/icons/create-many', owner, body)).body
    expect(await bad({})).toEqual({ error: ICONS_REQUIRED, code: 'invalid' })
    expect(await bad({ icons: [] })).toEqual({ error: ICONS_REQUIRED, code: 'invalid' })
    expect(await bad({ icons: 'x' })).toEqual({ error: ICONS_REQUIRED, code: 'invalid' })
    expect(await bad({ icons: [icon(ownProject, 1)], extra: 1 })).toHaveProperty('error')
    const tooMany = Array.from({ length: MAX_ICONS_PER_BATCH + 1 }, () => ({}))
    expect(await bad({ icons: tooMany })).toEqual({ error: TOO_MANY_ICONS, code: 'invalid' })
    const raw = await t.request('/api/icons/create-many', {
      cookie: owner,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"icons": [',
    })
    expect(raw.status).toBe(400)
    const huge = await t.request('/api/icons/create-many', {
      cookie: owner,
      json: {
        icons: [
          icon(ownProject, 1, {
            svg: `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(1_100_000)}</svg>`,
          }),
        ],
      },
    })
    expect(huge.status).toBe(413)
    // Items that are not icons at all are refused one by one.
    const odd = await many(owner, [null, 7, { id: 'nope' }, [], { ...icon(ownProject, 1), svg: 5 }])
    expect(odd.status).toBe(200)
    expect(odd.body.data.results.map((r: Json) => r.status)).toEqual([400, 400, 400, 400, 400])
    expect(odd.body.data.results[2].id).toBe('nope')
    expect((await listed(owner, ownProject)).length).toBe(before)
    expect(
      (await t.request('/api/icons/create-many', { json: { icons: [icon(ownProject, 1)] } })).status,
    ).toBe(401)
  })

  it('tells teammates and the user’s other sessions of every icon of a large drop, not the session that made it', async () => {
    const otherSession = await t.signIn('mm@example.com')
    const streams = {
      teammate: readSse(await t.request('/api/events', { cookie: viewer })),
      otherSession: readSse(await t.request('/api/events', { cookie: otherSession })),
      sameSession: readSse(await t.request('/api/events', { cookie: member })),
    }
    for (const stream of Object.values(streams)) await stream.next((e) => e.event === 'ready')
    const drop = Array.from({ length: 320 }, (_, n) => icon(wsProject, n, { workspace_id: wsId }))
    const res = await many(member, drop)
    expect(res.body.data.results.every((r: Json) => r.data)).toBe(true)
    for (const stream of [streams.teammate, streams.otherSession]) {
      const seen = new Set<string>()
      while (seen.size < drop.length) {
        const e = await stream.next((x) => x.event === 'change', 10_000)
        const event = JSON.parse(e.data) as ChangeEvent
        if (event.entity === 'icons' && event.op === 'upsert') {
          expect(event.row).toMatchObject({ project_id: wsProject, workspace_id: wsId })
          seen.add(event.row.id)
        }
      }
      expect([...seen].sort()).toEqual(drop.map((i) => i.id).sort())
    }
    // A single create is still echoed to every stream; the drop's icons never reached this one.
    await t.post('/api/icons/create', member, icon(wsProject, 99, { workspace_id: wsId }))
    const echoed = await streams.sameSession.next((e) => e.event === 'change')
    expect(drop.some((i) => echoed.data.includes(i.id))).toBe(false)
    expect(streams.sameSession.events.filter((e) => e.event === 'change')).toEqual([])
    for (const stream of Object.values(streams)) stream.close()
  })
})
