// Duplicates (ADR 0109): POST /api/icons/create and /create-many answer
// duplicate_of (the same normalised drawing) and near_duplicate_of (drawn nearly the same) for an
// icon of the same project, never the icon itself nor a deleted one; POST /api/icons/check-duplicates
// says the same of drawings without storing them; GET /api/icons/duplicates groups a project's icons.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const svg = (d: string, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"${extra}><path d="${d}"/></svg>`
const STAR_D = 'M12 2l3 7h7l-6 5 2 8-6-4-6 4 2-8-6-5h7z'
const STAR = svg(STAR_D)
// The same drawing written otherwise: other whitespace, attribute order, a title and a gradient id.
const STAR_AGAIN = `<svg viewBox="0 0 24 24"  xmlns="http://www.w3.org/2000/svg">
  <title>Star</title>
  <path   d="${STAR_D}" />
</svg>`
// Nearly the same: the points moved by a tenth of a unit.
const STAR_NEAR = svg('M12 2.1l3 7h7.1l-6 5 2 8-6.1-4-6 4 2-8-6-5h7z')
const MOON = svg('M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z')
const SQUARE = svg('M3 3h18v18H3z')

describe.each(dbKinds)('duplicates on %s', (kind) => {
  let t: TestApp
  let me: string
  const project = randomUUID()
  const other = randomUUID()
  const create = (name: string, drawing: string, project_id = project) =>
    t.post('/api/icons/create', me, { id: randomUUID(), name, svg: drawing, project_id })

  beforeAll(async () => {
    t = await createTestApp(kind)
    me = await t.signIn('dup@example.com')
    await t.setPlan('dup@example.com', 'pro')
    await t.post('/api/projects/create', me, { id: project, name: 'Dupes' })
    await t.post('/api/projects/create', me, { id: other, name: 'Elsewhere' })
  })
  afterAll(() => t?.close())

  let star: string

  it('answers duplicate_of and near_duplicate_of on create, within the project', async () => {
    const first = await create('star', STAR)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ duplicate_of: null, near_duplicate_of: null })
    star = first.body.data.id
    const again = await create('star-again', STAR_AGAIN)
    expect(again.body).toMatchObject({ duplicate_of: star, near_duplicate_of: null })
    const near = await create('star-near', STAR_NEAR)
    expect(near.body).toMatchObject({ duplicate_of: null, near_duplicate_of: star })
    expect((await create('moon', MOON)).body).toMatchObject({ duplicate_of: null, near_duplicate_of: null })
    // Another project holds no duplicate of it.
    expect((await create('star', STAR, other)).body).toMatchObject({ duplicate_of: null })
  })

  it('answers them per icon in create-many, an earlier icon of the request counting', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()]
    const res = await t.post('/api/icons/create-many', me, {
      icons: [
        { id: ids[0], name: 'square', svg: SQUARE, project_id: project },
        { id: ids[1], name: 'star-3', svg: STAR, project_id: project },
        { id: ids[2], name: 'square-2', svg: SQUARE, project_id: project },
      ],
    })
    expect(res.status).toBe(200)
    expect(res.body.data.results).toMatchObject([
      { id: ids[0], duplicate_of: null, near_duplicate_of: null },
      { id: ids[1], duplicate_of: star },
      { id: ids[2], duplicate_of: ids[0] },
    ])
    // A repeated request answers the same (the icon is never its own duplicate).
    const repeat = await t.post('/api/icons/create-many', me, {
      icons: [{ id: ids[0], name: 'square', svg: SQUARE, project_id: project }],
    })
    expect(repeat.body.data.results[0]).toMatchObject({ id: ids[0], duplicate_of: ids[2] })
  })

  it('ignores deleted icons', async () => {
    const sun = await create('sun', svg('M12 7a5 5 0 1 0 0 10a5 5 0 1 0 0-10z'), other)
    expect((await t.post('/api/icons/delete', me, { id: sun.body.data.id })).status).toBe(200)
    const back = await create('sun', svg('M12 7a5 5 0 1 0 0 10a5 5 0 1 0 0-10z'), other)
    expect(back.body).toMatchObject({ duplicate_of: null, near_duplicate_of: null })
  })

  it('checks drawings without storing them, and groups the project by drawing', async () => {
    const before = await t.get(`/api/icons?project_id=${project}`, me)
    const check = await t.post('/api/icons/check-duplicates', me, {
      project_id: project,
      svgs: [STAR_AGAIN, MOON, svg('M2 2h4v4H2z'), '<svg', svg('M2 2h4v4H2z')],
    })
    expect(check.status).toBe(200)
    const [starCheck, moonCheck, fresh, broken, freshAgain] = check.body.data.results
    expect(starCheck.duplicate_of).toBe(star)
    expect(moonCheck.duplicate_of).not.toBeNull()
    expect(fresh).toEqual({ duplicate_of: null, near_duplicate_of: null, drawing_hash: expect.any(String) })
    expect(broken).toEqual({ error: expect.any(String), code: 'invalid' })
    // Each drawing's hash: equal for the same drawing sent twice (an import tells its own repeats
    // apart by it), different for different drawings.
    expect(freshAgain.drawing_hash).toBe(fresh.drawing_hash)
    expect(starCheck.drawing_hash).not.toBe(fresh.drawing_hash)
    const after = await t.get(`/api/icons?project_id=${project}`, me)
    expect(after.body.data.length).toBe(before.body.data.length)
    const groups = await t.get(`/api/icons/duplicates?project_id=${project}`, me)
    expect(groups.status).toBe(200)
    const stars = groups.body.data.exact.find((g: string[]) => g.includes(star))
    expect(stars).toHaveLength(3)
    expect(groups.body.data.near.find((g: string[]) => g.includes(star))).toHaveLength(4)
  })

  it('measures a replaced drawing, and fills icons stored before measures existed', async () => {
    const moon = await create('moon-2', SQUARE)
    const replaced = await t.post('/api/icons/replace', me, { id: moon.body.data.id, svg: STAR })
    expect(replaced.status).toBe(200)
    await t.ctx.store.db.execute(
      sql`update icons set drawing_hash = null, fingerprint = null where id = ${star}`,
    )
    const check = await t.post('/api/icons/check-duplicates', me, {
      project_id: project,
      svgs: [STAR],
      exclude_id: moon.body.data.id,
    })
    expect(check.body.data.results[0].duplicate_of).toBe(star)
    const groups = await t.get(`/api/icons/duplicates?project_id=${project}`, me)
    expect(groups.body.data.exact.find((g: string[]) => g.includes(star))).toContain(moon.body.data.id)
  })

  it('refuses what it may not see or read wrong', async () => {
    const stranger = await t.signIn('dup-stranger@example.com')
    const hidden = await t.post('/api/icons/check-duplicates', stranger, {
      project_id: project,
      svgs: [STAR],
    })
    expect(hidden.status).toBe(404)
    expect((await t.get(`/api/icons/duplicates?project_id=${project}`, stranger)).status).toBe(404)
    const empty = await t.post('/api/icons/check-duplicates', me, { project_id: project, svgs: [] })
    expect(empty.status).toBe(400)
  })
})
