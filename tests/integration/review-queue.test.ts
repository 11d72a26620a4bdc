// GET /api/workspaces/review-queue (ADR 0112): every icon of the workspace's live projects that waits
// for review, the longest waiting first (since it last entered review, not since it was created), by
// project or by author; members and viewers read it, outsiders get 404. Its order comes from the
// partial index icons_review_queue_idx.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedTeam } from '../setup/seed-team.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const drawing = (x: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${x} 2h10v10H${x}z"/></svg>`

describe.each(dbKinds)('the review queue on %s', (kind) => {
  let t: TestApp
  let owner: string
  let admin: string
  let ann: string
  let bob: string
  let viewer: string
  const people: Record<string, string> = {}
  const wsId = randomUUID()
  const first = randomUUID()
  const second = randomUUID()
  let drawn = 0

  const createIcon = async (cookie: string, projectId: string) => {
    const res = await t.post('/api/icons/create', cookie, {
      id: randomUUID(),
      name: `icon-${++drawn}`,
      svg: drawing(drawn),
      project_id: projectId,
      workspace_id: wsId,
    })
    expect(res.status).toBe(200)
    return res.body.data.id as string
  }
  const queue = async (cookie: string, filters = '') => {
    const res = await t.get(`/api/workspaces/review-queue?workspaceId=${wsId}${filters}`, cookie)
    expect(res.status).toBe(200)
    return res.body.data as Json[]
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    const team = await seedTeam(t, {
      owner: 'qo@example.com',
      members: {
        'qa@example.com': 'admin',
        'qann@example.com': 'member',
        'qbob@example.com': 'member',
        'qv@example.com': 'viewer',
      },
      name: 'Queue team',
      wsId,
    })
    ;({ owner } = team)
    admin = team.members['qa@example.com']!
    ann = team.members['qann@example.com']!
    bob = team.members['qbob@example.com']!
    viewer = team.members['qv@example.com']!
    expect(
      (await t.post('/api/workspaces/update', owner, { id: wsId, name: 'Queue', review_icons: true })).status,
    ).toBe(200)
    for (const [id, name] of [
      [first, 'First'],
      [second, 'Second'],
    ])
      expect((await t.post('/api/projects/create', owner, { id, name, workspace_id: wsId })).status).toBe(200)
    const access = (await t.get(`/api/workspaces/access-users?workspaceId=${wsId}`, owner)).body
      .data as Json[]
    for (const p of access) people[p.email] = p.user_id
  })
  afterAll(() => t?.close())

  it('lists what waits, longest waiting first, by project and by author, for members and viewers', async () => {
    const a = await createIcon(ann, first)
    const b = await createIcon(bob, second)
    const c = await createIcon(bob, first)
    await createIcon(admin, first) // an admin's icon is approved at once: never in the queue
    const ids = (rows: Json[]) => rows.map((r) => r.id)
    expect(ids(await queue(viewer))).toEqual([a, b, c])

    // Approved, then redrawn by its author: it waits again, from now on (behind the others).
    expect((await t.post('/api/icons/review', admin, { id: a, decision: 'approve' })).status).toBe(200)
    expect(ids(await queue(ann))).toEqual([b, c])
    expect((await t.post('/api/icons/replace', ann, { id: a, svg: drawing(99) })).status).toBe(200)
    const rows = await queue(bob)
    expect(ids(rows)).toEqual([b, c, a])
    expect(rows[2]).toMatchObject({
      icon_status: 'needs-review',
      approved_revision: 2,
      svg: expect.stringContaining('<svg'),
    })
    // A rejection keeps its place: it still waits since it entered review.
    expect(
      (await t.post('/api/icons/review', admin, { id: b, decision: 'reject', comment: 'Thinner' })).status,
    ).toBe(200)
    expect(ids(await queue(viewer))).toEqual([b, c, a])

    expect(ids(await queue(viewer, `&project_id=${first}`))).toEqual([c, a])
    expect(ids(await queue(viewer, `&author_id=${people['qbob@example.com']}`))).toEqual([b, c])
    expect(ids(await queue(viewer, `&project_id=${first}&author_id=${people['qann@example.com']}`))).toEqual([
      a,
    ])

    // A deleted project's icons wait no more.
    expect((await t.post('/api/projects/delete', owner, { id: second })).status).toBe(200)
    expect(ids(await queue(viewer))).toEqual([c, a])
  })

  it('answers 404 to outsiders and 400 to a bad query', async () => {
    const outsider = await t.signIn('qx@example.com')
    expect((await t.get(`/api/workspaces/review-queue?workspaceId=${wsId}`, outsider)).status).toBe(404)
    expect(
      (await t.get(`/api/workspaces/review-queue?workspaceId=${wsId}&project_id=nope`, viewer)).body.code,
    ).toBe('invalid')
    expect((await t.get('/api/workspaces/review-queue', viewer)).body.code).toBe('invalid')
  })

  it('is read from its partial index, in the index’s order', async () => {
    // With the planner kept off a full scan, the queue's query reads icons_review_queue_idx (no sort).
    const plan = await t.ctx.store.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const res = await tx.execute(
        sql`explain select id from icons where workspace_id = ${wsId} and icon_status = 'needs-review' order by review_since, id limit 1000`,
      )
      return ((res as { rows: Json[] }).rows ?? []).map((r) => Object.values(r)[0]).join('\n')
    })
    expect(plan).toContain('icons_review_queue_idx')
    expect(plan).not.toMatch(/Sort/)
  })
})
