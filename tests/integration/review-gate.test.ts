// The review gate (ADR 0112) through the API: owners and admins approve (the workspace's rules
// first: 409 `rules_failed` naming them, unless overridden) or reject with a comment; each decision is
// logged with who took it; the icon row carries approved_revision and review_comment (lists, sync, the
// live stream). Approval is bound to the drawing: a member's replace or restore sends the icon back to
// needs-review (approved_revision kept, the comment cleared), an admin's own change keeps it approved
// and moves approved_revision, a rename is no drawing change and the same drawing again changes nothing.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reviewMessages } from '../../common/messages.ts'
import { iconSet } from '../../common/review-rules/test-support.ts'
import type { ChangeEvent } from '../../common/schemas/events.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { readSse } from '../setup/sse.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const lucide = (name: string) => iconSet('lucide', (n) => n === name)[0]!.svg
const HOUSE = lucide('house')
const THIN_HOUSE = HOUSE.replaceAll('stroke-width="2"', 'stroke-width="1.5"')
const STAR = lucide('star')
const THIN_FAILS = {
  rule: 'stroke_width',
  message: 'path 1: stroke-width 1.5, allowed 2; path 2: stroke-width 1.5, allowed 2',
}

describe.each(dbKinds)('the review gate on %s', (kind) => {
  let t: TestApp
  let owner: string
  let admin: string
  let member: string
  let viewer: string
  const ids: Record<string, string> = {}
  const wsId = randomUUID()
  const project = randomUUID()

  // Names of their own: a rename leaves an alias no later icon may take.
  const createIcon = async (cookie: string, svg: string, name = `icon-${randomUUID().slice(0, 8)}`) => {
    const res = await t.post('/api/icons/create', cookie, {
      id: randomUUID(),
      name,
      svg,
      project_id: project,
      workspace_id: wsId,
    })
    expect(res.status).toBe(200)
    return res.body.data as Json
  }
  const review = (cookie: string, body: Json) => t.post('/api/icons/review', cookie, body)
  const rules = (preset: 'lucide' | null) =>
    t.post('/api/workspaces/update-review-rules', owner, { workspaceId: wsId, preset })
  const listed = async (id: string) =>
    ((await t.get(`/api/icons?project_id=${project}`, viewer)).body.data as Json[]).find((i) => i.id === id)

  beforeAll(async () => {
    t = await createTestApp(kind)
    const team = await seedTeam(t, {
      owner: 'go@example.com',
      members: { 'ga@example.com': 'admin', 'gm@example.com': 'member', 'gv@example.com': 'viewer' },
      name: 'Gate team',
      wsId,
    })
    ;({ owner } = team)
    admin = team.members['ga@example.com']!
    member = team.members['gm@example.com']!
    viewer = team.members['gv@example.com']!
    expect(
      (await t.post('/api/workspaces/update', owner, { id: wsId, name: 'Gate', review_icons: true })).status,
    ).toBe(200)
    expect(
      (await t.post('/api/projects/create', owner, { id: project, name: 'Icons', workspace_id: wsId }))
        .status,
    ).toBe(200)
    const people = (await t.get(`/api/workspaces/access-users?workspaceId=${wsId}`, owner)).body
      .data as Json[]
    for (const p of people) ids[p.email] = p.user_id
  })
  afterAll(() => t?.close())

  it('approves past the rules: rules_failed names them, override lets an approval through', async () => {
    expect((await rules('lucide')).status).toBe(200)
    const thin = await createIcon(member, THIN_HOUSE, 'thin-house')
    expect(thin).toMatchObject({ icon_status: 'needs-review', approved_revision: null, review_comment: '' })

    const refused = {
      status: 409,
      body: { error: reviewMessages.rulesFailed([THIN_FAILS]), code: 'rules_failed' },
    }
    expect(await review(admin, { id: thin.id, decision: 'approve' })).toEqual(refused)
    expect(await review(admin, { id: thin.id, decision: 'approve', override: ['fill'] })).toEqual(refused)
    // Approving through /api/icons/update passes the same gate (nothing can be overridden there).
    expect(
      await t.post('/api/icons/update', admin, { id: thin.id, name: 'thin-house', icon_status: 'approved' }),
    ).toEqual(refused)
    expect((await listed(thin.id)).icon_status).toBe('needs-review')

    const approved = await review(owner, {
      id: thin.id,
      decision: 'approve',
      override: ['stroke_width'],
      comment: 'Thin on purpose',
    })
    expect(approved.status).toBe(200)
    expect(approved.body.data).toMatchObject({
      id: thin.id,
      icon_status: 'approved',
      revision: 2,
      approved_revision: 2,
      review_comment: '',
    })
    expect(await listed(thin.id)).toMatchObject({
      icon_status: 'approved',
      approved_revision: 2,
      review_comment: '',
    })

    const good = await createIcon(member, HOUSE, 'good-house')
    const ok = await t.post('/api/icons/update', admin, {
      id: good.id,
      name: 'good-house',
      icon_status: 'approved',
    })
    expect(ok.body.data).toMatchObject({ icon_status: 'approved', approved_revision: 2 })
    expect((await rules(null)).status).toBe(200)
  })

  it('only owners and admins decide; a rejection needs a comment', async () => {
    const icon = await createIcon(member, STAR)
    const notAllowed = {
      status: 403,
      body: { error: 'You are not authorized for this action', code: 'not_authorized' },
    }
    expect(await review(member, { id: icon.id, decision: 'approve' })).toEqual(notAllowed)
    expect(await review(viewer, { id: icon.id, decision: 'reject', comment: 'No' })).toEqual(notAllowed)
    const needsComment = { status: 400, body: { error: reviewMessages.commentRequired, code: 'invalid' } }
    expect(await review(admin, { id: icon.id, decision: 'reject' })).toEqual(needsComment)
    expect(await review(admin, { id: icon.id, decision: 'reject', comment: '   ' })).toEqual(needsComment)
    expect(await review(admin, { id: icon.id, decision: 'maybe' })).toEqual({
      status: 400,
      body: { error: reviewMessages.decisionInvalid, code: 'invalid' },
    })
    expect((await review(admin, { id: icon.id, decision: 'approve', override: ['nope'] })).body.code).toBe(
      'invalid',
    )
    expect((await review(admin, { id: randomUUID(), decision: 'approve' })).status).toBe(404)
  })

  it('a rejection keeps needs-review and reaches the author live, in lists and in sync', async () => {
    const icon = await createIcon(member, STAR)
    const stream = readSse(await t.request('/api/events', { cookie: member }))
    await stream.next((e) => e.event === 'ready')
    const rejected = await review(admin, {
      id: icon.id,
      decision: 'reject',
      comment: '  Round the corners  ',
    })
    expect(rejected.body.data).toMatchObject({
      icon_status: 'needs-review',
      revision: 1,
      review_comment: 'Round the corners',
    })
    const heard = await stream.next((e) => {
      const c = e.event === 'change' ? (JSON.parse(e.data) as ChangeEvent) : null
      return c?.entity === 'icons' && c.op === 'upsert' && c.row.id === icon.id
    })
    expect(JSON.parse(heard.data).row).toMatchObject({
      review_comment: 'Round the corners',
      approved_revision: null,
    })
    await stream.close()
    const pulled = (await t.get(`/api/sync?scope=${wsId}&since=0&limit=500`, member)).body.data
    expect(pulled.upserts.icons.find((i: Json) => i.id === icon.id)).toMatchObject({
      review_comment: 'Round the corners',
    })

    // Rejecting an approved icon sends it back (a new version); its approved revision stays.
    const approved = await review(admin, { id: icon.id, decision: 'approve' })
    expect(approved.body.data).toMatchObject({
      icon_status: 'approved',
      revision: 2,
      approved_revision: 2,
      review_comment: '',
    })
    const back = await review(owner, { id: icon.id, decision: 'reject', comment: 'On second look: no' })
    expect(back.body.data).toMatchObject({ icon_status: 'needs-review', revision: 3, approved_revision: 2 })
  })

  it('logs each decision with who took it, newest first, for whoever reads the icon', async () => {
    const icon = await createIcon(member, STAR)
    await review(admin, { id: icon.id, decision: 'reject', comment: 'Too busy' })
    await review(owner, { id: icon.id, decision: 'approve', override: ['fill', 'fill'] })
    const log = await t.get(`/api/icons/reviews?id=${icon.id}`, viewer)
    expect(log.status).toBe(200)
    expect(log.body.data).toEqual([
      {
        decision: 'approve',
        comment: '',
        override: ['fill'],
        user: { id: ids['go@example.com'], name: expect.any(String), email: 'go@example.com' },
        revision: 2,
        created_at: expect.any(String),
      },
      {
        decision: 'reject',
        comment: 'Too busy',
        override: [],
        user: { id: ids['ga@example.com'], name: expect.any(String), email: 'ga@example.com' },
        revision: 1,
        created_at: expect.any(String),
      },
    ])
    expect((await t.get(`/api/icons/reviews?id=${icon.id}`, await t.signIn('gx@example.com'))).status).toBe(
      404,
    )
  })

  it('a member’s new drawing goes back to review; the approved revision stays, the comment clears', async () => {
    const icon = await createIcon(member, HOUSE)
    await review(admin, { id: icon.id, decision: 'approve' })
    // A rename is no drawing change: still approved, approved at the new revision.
    const renamed = await t.post('/api/icons/update', member, {
      id: icon.id,
      name: `${icon.name}-2`,
      base_revision: 2,
    })
    expect(renamed.body.data).toMatchObject({ icon_status: 'approved', revision: 3, approved_revision: 3 })
    const tagged = await t.post('/api/icons/update', member, {
      id: icon.id,
      name: `${icon.name}-2`,
      tags: ['roof'],
    })
    expect(tagged.body.data).toMatchObject({ icon_status: 'approved', revision: 3, approved_revision: 3 })

    // Replace (the maker's save, a CLI push): needs review, compared with revision 3.
    const replaced = await t.post('/api/icons/replace', member, { id: icon.id, svg: THIN_HOUSE })
    expect(replaced.body.data).toMatchObject({
      icon_status: 'needs-review',
      revision: 4,
      approved_revision: 3,
    })
    await review(admin, { id: icon.id, decision: 'reject', comment: 'Keep stroke 2' })
    // Restore of an older drawing: the same, and the comment is gone with the drawing it was about.
    const restored = await t.post('/api/icons/restore', member, { id: icon.id, version: 1 })
    expect(restored.body.data).toMatchObject({
      icon_status: 'needs-review',
      revision: 5,
      approved_revision: 3,
      review_comment: '',
    })
    const again = await t.post('/api/icons/replace', member, { id: icon.id, svg: STAR })
    expect(again.body.data).toMatchObject({
      icon_status: 'needs-review',
      approved_revision: 3,
      review_comment: '',
    })
    const history = (await t.get(`/api/icons/history?id=${icon.id}`, viewer)).body.data as Json[]
    expect(history.find((v) => v.version === 3)).toMatchObject({ icon_status: 'approved' })
  })

  it('an admin’s own new drawing keeps the approval and moves it to the new version', async () => {
    const icon = await createIcon(member, HOUSE)
    await review(admin, { id: icon.id, decision: 'approve' })
    const replaced = await t.post('/api/icons/replace', admin, { id: icon.id, svg: STAR })
    expect(replaced.body.data).toMatchObject({ icon_status: 'approved', revision: 3, approved_revision: 3 })
    const restored = await t.post('/api/icons/restore', owner, { id: icon.id, version: 1 })
    expect(restored.body.data).toMatchObject({ icon_status: 'approved', revision: 4, approved_revision: 4 })
  })

  it('the same drawing again changes nothing: no version, the status and approval kept', async () => {
    const icon = await createIcon(member, HOUSE)
    await review(admin, { id: icon.id, decision: 'approve' })
    const same = await t.post('/api/icons/replace', member, { id: icon.id, svg: HOUSE })
    expect(same.body.data).toMatchObject({
      unchanged: true,
      icon_status: 'approved',
      revision: 2,
      approved_revision: 2,
    })
  })
})
