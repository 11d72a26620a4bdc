// A workspace's review rules through the API (ADR 0110): every member reads them, owners and admins
// set a preset or change rules (then the preset is `custom`), bad settings and unknown rules are a
// clear 400; a stored icon and a drawing not stored are checked against the enabled rules ([] in a
// personal project or without rules), through the create pipeline's limits. The permission matrix of
// the four routes by role, and of the review gate's three (ADR 0112).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRESET_RULES } from '../../common/review-rules/index.ts'
import { iconSet } from '../../common/review-rules/test-support.ts'
import { MAX_SVG_BYTES, SVG_ERROR_MESSAGES } from '../../common/svg/index.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const lucide = (name: string) => iconSet('lucide', (n) => n === name)[0]!.svg
const HOUSE = lucide('house')
const THIN_HOUSE = HOUSE.replaceAll('stroke-width="2"', 'stroke-width="1.5"')

describe.each(dbKinds)('review rules on %s', (kind) => {
  let t: TestApp
  let owner: string
  let admin: string
  let member: string
  let viewer: string
  let former: string
  let outsider: string
  const wsId = randomUUID()
  const project = randomUUID()
  const soloProject = randomUUID()

  const rulesOf = (cookie: string, workspaceId = wsId) =>
    t.get(`/api/workspaces/review-rules?workspaceId=${workspaceId}`, cookie)
  const update = (cookie: string, body: Json) =>
    t.post('/api/workspaces/update-review-rules', cookie, { workspaceId: wsId, ...body })
  const createIcon = async (
    cookie: string,
    svg: string,
    projectId = project,
    workspaceId: string | null = wsId,
  ) => {
    const res = await t.post('/api/icons/create', cookie, {
      id: randomUUID(),
      name: 'house',
      svg,
      project_id: projectId,
      workspace_id: workspaceId,
    })
    expect(res.status).toBe(200)
    return res.body.data.id as string
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    const team = await seedTeam(t, {
      owner: 'ro@example.com',
      members: {
        'ra@example.com': 'admin',
        'rm@example.com': 'member',
        'rv@example.com': 'viewer',
        'rf@example.com': 'member',
      },
      name: 'Review team',
      wsId,
    })
    owner = team.owner
    admin = team.members['ra@example.com']!
    member = team.members['rm@example.com']!
    viewer = team.members['rv@example.com']!
    former = team.members['rf@example.com']!
    outsider = await t.signIn('rx@example.com')
    await t.setPlan('rx@example.com', 'pro')
    expect(
      (await t.post('/api/projects/create', owner, { id: project, name: 'Icons', workspace_id: wsId }))
        .status,
    ).toBe(200)
    const people = await t.get(`/api/workspaces/access-users?workspaceId=${wsId}`, owner)
    const row = people.body.data.find((p: Json) => p.email === 'rf@example.com')
    expect(
      (await t.post('/api/workspaces/delete-access', owner, { workspaceId: wsId, personId: row.id })).status,
    ).toBe(200)
    expect(
      (await t.post('/api/projects/create', outsider, { id: soloProject, name: 'Mine', workspace_id: null }))
        .status,
    ).toBe(200)
  })
  afterAll(() => t?.close())

  it('starts with no rules, and an icon checks to nothing', async () => {
    const res = await rulesOf(member)
    expect(res.status).toBe(200)
    expect(res.body.data.preset).toBeNull()
    expect(Object.values(res.body.data.rules).every((r) => !(r as Json).enabled)).toBe(true)
    const id = await createIcon(member, THIN_HOUSE)
    expect(await t.get(`/api/icons/checks?id=${id}`, viewer)).toEqual({ status: 200, body: { data: [] } })
  })

  it('a preset fills the rules; changing a rule makes it custom; every member reads them', async () => {
    const set = await update(admin, { preset: 'lucide' })
    expect(set).toEqual({ status: 200, body: { data: { preset: 'lucide', rules: PRESET_RULES.lucide } } })
    expect((await rulesOf(viewer)).body.data).toEqual({ preset: 'lucide', rules: PRESET_RULES.lucide })

    const changed = await update(owner, { rules: { stroke_width: { allowed: [1.5, 2] } } })
    expect(changed.status).toBe(200)
    expect(changed.body.data.preset).toBe('custom')
    expect(changed.body.data.rules.stroke_width).toEqual({ enabled: true, allowed: [1.5, 2] })
    expect(changed.body.data.rules.caps_joins).toEqual(PRESET_RULES.lucide.caps_joins)
    // The same settings again change nothing: still custom, same rules.
    expect((await update(owner, { rules: { stroke_width: { allowed: [1.5, 2] } } })).body.data).toEqual(
      changed.body.data,
    )

    expect((await update(owner, { preset: null })).body.data.preset).toBeNull()
    expect((await rulesOf(member)).body.data.rules.view_box.enabled).toBe(false)
  })

  it('checks a stored icon and a drawing not stored against the enabled rules', async () => {
    expect((await update(owner, { preset: 'lucide' })).status).toBe(200)
    const good = await createIcon(member, HOUSE)
    const thin = await createIcon(member, THIN_HOUSE)

    const passed = await t.get(`/api/icons/checks?id=${good}`, viewer)
    expect(passed.status).toBe(200)
    expect(passed.body.data.map((c: Json) => [c.rule, c.ok])).toEqual(
      ['view_box', 'stroke_width', 'caps_joins', 'fill', 'no_raster_or_text', 'precision', 'live_area'].map(
        (r) => [r, true],
      ),
    )
    const failed = (await t.get(`/api/icons/checks?id=${thin}`, member)).body.data as Json[]
    expect(failed.filter((c) => !c.ok)).toEqual([
      {
        rule: 'stroke_width',
        ok: false,
        message: 'path 1: stroke-width 1.5, allowed 2; path 2: stroke-width 1.5, allowed 2',
        elements: [
          [0, 0],
          [0, 1],
        ],
      },
    ])

    const drawn = await t.post('/api/icons/check-rules', member, { workspace_id: wsId, svg: THIN_HOUSE })
    expect(drawn.status).toBe(200)
    expect(drawn.body.data).toEqual(failed)
    // Nothing was stored.
    const list = await t.get(`/api/icons?project_id=${project}`, owner)
    expect(list.body.data).toHaveLength(3)
  })

  it('answers [] for an icon of a personal project', async () => {
    const id = await createIcon(outsider, THIN_HOUSE, soloProject, null)
    expect(await t.get(`/api/icons/checks?id=${id}`, outsider)).toEqual({ status: 200, body: { data: [] } })
  })

  it('refuses unknown rules, bad settings and bad drawings with a clear 400', async () => {
    const invalid = (error: string) => ({ status: 400, body: { error, code: 'invalid' } })
    expect(await update(owner, { rules: { stroke_colour: { enabled: true } } })).toEqual(
      invalid('Unknown review rule: stroke_colour'),
    )
    expect(await update(owner, { rules: { precision: { max_decimals: 1.5 } } })).toEqual(
      invalid('max_decimals must be a whole number'),
    )
    expect(await update(owner, { rules: { caps_joins: { cap: 'pointy' } } })).toEqual(
      invalid('cap must be butt, round or square'),
    )
    expect(await update(owner, { rules: { fill: { palette: ['red'] } } })).toEqual(
      invalid('A palette colour must be #rgb or #rrggbb'),
    )
    expect(await update(owner, { rules: { stroke_width: { allowed: [] } } })).toEqual(
      invalid('Allow at least one stroke width'),
    )
    expect(await update(owner, { preset: 'material' })).toEqual(
      invalid('preset must be lucide, filled, custom or null'),
    )
    expect(await t.post('/api/icons/check-rules', member, { workspace_id: wsId, svg: '<svg' })).toMatchObject(
      {
        status: 400,
        body: { code: 'invalid' },
      },
    )
    const huge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0${'h1'.repeat(MAX_SVG_BYTES / 2)}"/></svg>`
    expect(await t.post('/api/icons/check-rules', member, { workspace_id: wsId, svg: huge })).toEqual(
      invalid(SVG_ERROR_MESSAGES.too_large),
    )
  })

  it('permission matrix of the review routes, by role', async () => {
    const icon = await createIcon(owner, HOUSE)
    const expected: Record<string, number[]> = {
      // [read rules, update rules, icon checks, check-rules, review, review log, review queue (ADR 0112)]
      owner: [200, 200, 200, 200, 200, 200, 200],
      admin: [200, 200, 200, 200, 200, 200, 200],
      member: [200, 403, 200, 200, 403, 200, 200],
      viewer: [200, 403, 200, 200, 403, 200, 200],
      outsider: [404, 404, 404, 404, 404, 404, 404],
      former: [404, 404, 404, 404, 404, 404, 404],
    }
    for (const [role, cookie] of Object.entries({ owner, admin, member, viewer, outsider, former })) {
      const updated = await update(cookie, { preset: 'lucide' })
      const got = [
        (await rulesOf(cookie)).status,
        updated.status,
        (await t.get(`/api/icons/checks?id=${icon}`, cookie)).status,
        (await t.post('/api/icons/check-rules', cookie, { workspace_id: wsId, svg: HOUSE })).status,
        (await t.post('/api/icons/review', cookie, { id: icon, decision: 'approve' })).status,
        (await t.get(`/api/icons/reviews?id=${icon}`, cookie)).status,
        (await t.get(`/api/workspaces/review-queue?workspaceId=${wsId}`, cookie)).status,
      ]
      expect({ role, got }).toEqual({ role, got: expected[role] })
      if (got[4] === 403)
        expect((await t.post('/api/icons/review', cookie, { id: icon, decision: 'approve' })).body).toEqual({
          error: 'You are not authorized for this action',
          code: 'not_authorized',
        })
      if (updated.status === 403)
        expect(updated.body).toEqual({
          error: 'You are not authorized for this action',
          code: 'not_authorized',
        })
    }
  })
})
