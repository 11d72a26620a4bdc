// GET /api/icons/first?project_id=&limit= through the real app: a project's first icons in the grid's
// name order (numbers by value, case ignored, marks below letters, names of other scripts by the
// collator, ties by id), each row as the whole list serves it, with the project's row; a change (of
// an icon or of the project) is answered at once; the answer is kept with an ETag (304); a stranger
// gets 404 and a bad limit 400 with its message.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h${(n % 7) + 1}v9z"/></svg>`

/** The library's order the keys stand in for: the collator, ties by id. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
const byName = (a: Json, b: Json) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id)

const NAMES = [
  ...Array.from({ length: 300 }, (_, n) => `icon ${n}`),
  ...Array.from({ length: 200 }, (_, n) => `Arrow-${n % 37}.${n}`),
  ...['a', 'A', 'a b', 'a_b', 'a-b', 'a.b', 'ab', 'a01', 'a1', 'a2', 'a10', '007', '7', 'Z', 'zeta'],
  ...['Ångström', 'éclair', 'Eclair', 'ärger', 'Zürich', 'ñandú', '图标', 'ÿ', 'a+b', 'a/b'],
]

describe.each(dbKinds)('GET /api/icons/first on %s', (kind) => {
  let t: TestApp
  let owner: string
  let stranger: string
  const projectId = randomUUID()
  const first = (limit?: number | string, who = owner) =>
    t.get(`/api/icons/first?project_id=${projectId}${limit === undefined ? '' : `&limit=${limit}`}`, who)
  const whole = async () => (await t.get(`/api/icons?project_id=${projectId}`, owner)).body.data as Json[]

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('first-owner@example.com')
    stranger = await t.signIn('first-stranger@example.com')
    await t.setPlan('first-owner@example.com', 'pro')
    expect(
      (await t.post('/api/projects/create', owner, { id: projectId, name: 'Ordered', workspace_id: null }))
        .status,
    ).toBe(200)
    const rows = NAMES.map((name, n) => ({ id: randomUUID(), name, svg: svgOf(n), project_id: projectId }))
    for (let i = 0; i < rows.length; i += 250) {
      const res = await t.post('/api/icons/create-many', owner, { icons: rows.slice(i, i + 250) })
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200)
    }
  })
  afterAll(() => t?.close())

  it('answers the first icons in the name order, each row as the whole list has it', async () => {
    const all = await whole()
    expect(all).toHaveLength(NAMES.length)
    const ordered = [...all].sort(byName)
    for (const limit of [1, 7, 50, 500]) {
      const res = await first(limit)
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual(ordered.slice(0, limit))
    }
    // Without a limit: 200.
    expect((await first()).body.data).toEqual(ordered.slice(0, 200))
  })

  it('follows a change at once: a renamed icon takes its new place', async () => {
    const before = (await first(5)).body.data as Json[]
    const last = [...(await whole())].sort(byName).at(-1)!
    expect(before.map((row) => row.id)).not.toContain(last.id)
    expect((await t.post('/api/icons/update', owner, { id: last.id, name: '0 first now' })).status).toBe(200)
    const after = (await first(5)).body.data as Json[]
    expect(after[0]).toMatchObject({ id: last.id, name: '0 first now' })
    expect(after.slice(1)).toEqual(before.slice(0, 4))
  })

  it('is kept with an ETag: asked again with it, 304', async () => {
    const res = await t.request(`/api/icons/first?project_id=${projectId}&limit=20`, { cookie: owner })
    expect(res.status).toBe(200)
    const etag = res.headers.get('etag')
    expect(etag).toBeTruthy()
    const again = await t.request(`/api/icons/first?project_id=${projectId}&limit=20`, {
      cookie: owner,
      headers: { 'if-none-match': etag! },
    })
    expect(again.status).toBe(304)
  })

  it("brings the project's row as the projects list has it, and follows its rename at once", async () => {
    const listed = async () =>
      ((await t.get('/api/projects', owner)).body.data as Json[]).find((row) => row.id === projectId)
    const before = await first(5)
    expect(before.body.project).toEqual(await listed())
    // Kept with the icons: a rename changes no icon, and is still answered at once.
    expect(
      (await t.post('/api/projects/update', owner, { id: projectId, name: 'Ordered, renamed' })).status,
    ).toBe(200)
    const after = await first(5)
    expect(after.body.project).toMatchObject({ id: projectId, name: 'Ordered, renamed' })
    expect(after.body.project).toEqual(await listed())
    expect(after.body.data).toEqual(before.body.data)
  })

  it('refuses a stranger (404) and a bad limit (400, saying what is allowed)', async () => {
    expect((await first(10, stranger)).status).toBe(404)
    for (const limit of ['0', '501', '2.5', 'ten', '-1']) {
      const res = await first(limit)
      expect(res.status, limit).toBe(400)
      expect(JSON.stringify(res.body)).toContain(appMessages.firstScreenLimitInvalid)
    }
    expect((await t.get(`/api/icons/first?project_id=${projectId}&limit=5&extra=1`, owner)).status).toBe(400)
    expect((await t.get(`/api/icons/first?project_id=${randomUUID()}`, owner)).status).toBe(404)
  })

  it('answers an empty project with no icons', async () => {
    const empty = randomUUID()
    await t.post('/api/projects/create', owner, { id: empty, name: 'Empty', workspace_id: null })
    const res = await t.get(`/api/icons/first?project_id=${empty}`, owner)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([])
    expect(res.body.project).toMatchObject({ id: empty, name: 'Empty', workspace_id: null })
  })
})
