// Moving icons into a project that already holds their names (ADR 0404): refused with 409
// `conflict` naming the clashes, unless the body says what to do: `rename` (calendar-2, free of the
// target's names and aliases), `skip` (those stay where they are) or `keep_both` (twins, as asked).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n} 2h4v${2 + n}h-4z"/></svg>`

describe.each(dbKinds)('a move whose names the target holds on %s', (kind) => {
  let t: TestApp
  let me: string
  let n = 0

  beforeAll(async () => {
    t = await createTestApp(kind)
    me = await t.signIn('clash@example.com')
    await t.setPlan('clash@example.com', 'pro')
  })
  afterAll(() => t?.close())

  const project = async (name: string) => {
    const id = randomUUID()
    expect((await t.post('/api/projects/create', me, { id, name, workspace_id: null })).status).toBe(200)
    return id
  }
  const icon = async (project_id: string, name: string) => {
    const res = await t.post('/api/icons/create', me, { id: randomUUID(), name, svg: svgOf(++n), project_id })
    expect(res.status).toBe(200)
    return res.body.data as Json
  }
  const names = async (projectId: string) =>
    ((await t.get(`/api/icons?project_id=${projectId}`, me)).body.data as Json[]).map((i) => i.name).sort()

  /** A source holding calendar, calendar-check, Calendar-X (names compare case-insensitively) and clock; a target holding the calendars. */
  async function setUp() {
    const from = await project('From')
    const into = await project('Into')
    const moving = [
      await icon(from, 'calendar'),
      await icon(from, 'calendar-check'),
      await icon(from, 'Calendar-X'),
      await icon(from, 'clock'),
    ]
    for (const name of ['calendar', 'calendar-check', 'calendar-x', 'calendar-2']) await icon(into, name)
    return { from, into, moving, ids: moving.map((m) => m.id as string) }
  }

  it('refuses with 409 naming the clashes, and moves nothing', async () => {
    const { from, into, moving, ids } = await setUp()
    const res = await t.post('/api/icons/move', me, { ids, project_id: into })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ code: 'name_taken', error: expect.stringContaining('“calendar”') })
    expect(res.body.clashes).toEqual(moving.slice(0, 3).map((m) => ({ id: m.id, name: m.name })))
    expect(await names(from)).toEqual(['Calendar-X', 'calendar', 'calendar-check', 'clock'])
    // Two icons of one move with the same name clash with each other too.
    const other = await project('Other')
    const twin = await icon(other, 'clock')
    const both = await t.post('/api/icons/move', me, {
      ids: [moving[3].id, twin.id],
      project_id: await project('Empty'),
    })
    expect(both.status).toBe(409)
    expect(both.body.clashes).toEqual([{ id: twin.id, name: 'clock' }])
  })

  it('rename: each clashing icon takes the first free name, recorded as a moved version', async () => {
    const { into, moving, ids } = await setUp()
    const res = await t.post('/api/icons/move', me, { ids, project_id: into, on_name_clash: 'rename' })
    expect(res.status).toBe(200)
    expect((res.body.data as Json[]).map((i) => [i.name, i.project_id])).toEqual([
      ['calendar-3', into],
      ['calendar-check-2', into],
      ['Calendar-X-2', into],
      ['clock', into],
    ])
    const history = await t.get(`/api/icons/history?id=${moving[0].id}`, me)
    expect(history.body.data[0]).toMatchObject({
      name: 'calendar-3',
      change: { kind: 'moved', fields: ['project', 'name'] },
    })
  })

  it('skip: the clashing icons stay where they are, the others move', async () => {
    const { from, into, ids } = await setUp()
    const res = await t.post('/api/icons/move', me, { ids, project_id: into, on_name_clash: 'skip' })
    expect(res.status).toBe(200)
    expect((res.body.data as Json[]).map((i) => i.project_id)).toEqual([from, from, from, into])
    expect(await names(from)).toEqual(['Calendar-X', 'calendar', 'calendar-check'])
  })

  it('keep_both: everything moves under its own name', async () => {
    const { into, ids } = await setUp()
    const res = await t.post('/api/icons/move', me, { ids, project_id: into, on_name_clash: 'keep_both' })
    expect(res.status).toBe(200)
    expect(await names(into)).toEqual([
      'Calendar-X',
      'calendar',
      'calendar',
      'calendar-2',
      'calendar-check',
      'calendar-check',
      'calendar-x',
      'clock',
    ])
    expect(
      (await t.post('/api/icons/move', me, { ids, project_id: into, on_name_clash: 'merge' })).status,
    ).toBe(400)
  })
})
