// A replace with the drawing the icon already has (the same drawing hash, ADR 0109: what
// `iconvault push` of an unchanged folder sends) changes nothing: no revision, no version, no note,
// an approved icon stays approved in a reviewing workspace; the answer says `unchanged: true`. And
// the lazy fill of drawing hashes never writes an old drawing's hash over a replace made meanwhile.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { icons, iconVersions } from '../../server/db/schema/index.ts'
import type { ChangeNote } from '../../server/domain/sync/change-notes.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const svg = (d: string, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"${extra}><path d="${d}"/></svg>`
const STAR_D = 'M12 2l3 7h7l-6 5 2 8-6-4-6 4 2-8-6-5h7z'
const STAR = svg(STAR_D)
// The same drawing written otherwise (whitespace, attribute order, a title).
const STAR_AGAIN = `<svg viewBox="0 0 24 24"  xmlns="http://www.w3.org/2000/svg">
  <title>Star</title>
  <path   d="${STAR_D}" />
</svg>`
const SQUARE = svg('M3 3h18v18H3z')

describe.each(dbKinds)('a replace that changes nothing on %s', (kind) => {
  let t: TestApp
  let owner: string
  let member: string
  const ws = randomUUID()
  const project = randomUUID()
  const notes: ChangeNote[] = []

  beforeAll(async () => {
    t = await createTestApp(kind)
    const team = await seedTeam(t, {
      owner: 'same-owner@example.com',
      members: { 'same-m@example.com': 'member' },
      wsId: ws,
    })
    owner = team.owner
    member = team.members['same-m@example.com']!
    expect(
      (await t.post('/api/projects/create', owner, { id: project, name: 'P', workspace_id: ws })).status,
    ).toBe(200)
    expect(
      (await t.post('/api/workspaces/update', owner, { id: ws, name: 'Team', review_icons: true })).status,
    ).toBe(200)
    t.ctx.events.onNote((note) => notes.push(note))
  })
  afterAll(() => t?.close())

  const versionsOf = (id: string) =>
    t.ctx.store.db.select().from(iconVersions).where(eq(iconVersions.icon_id, id))

  it('answers unchanged, keeps the revision, the history, the approval, and tells nobody', async () => {
    const id = randomUUID()
    const made = await t.post('/api/icons/create', owner, {
      id,
      name: 'star',
      svg: STAR,
      project_id: project,
      workspace_id: ws,
    })
    expect(made.body.data).toMatchObject({ icon_status: 'approved', revision: 1 })
    for (const drawing of [STAR, STAR_AGAIN]) {
      const res = await t.post('/api/icons/replace', member, { id, svg: drawing })
      expect(res.status).toBe(200)
      expect(res.body.data).toMatchObject({ id, revision: 1, icon_status: 'approved', unchanged: true })
      expect(res.body.data.updated_at).toBe(made.body.data.updated_at)
    }
    expect(await versionsOf(id)).toHaveLength(1)
    // A real change after them is heard (so the notes were listened to), and is the only note since the create.
    const changed = await t.post('/api/icons/replace', member, { id, svg: SQUARE })
    expect(changed.body.data).toMatchObject({ revision: 2, icon_status: 'needs-review' })
    expect(changed.body.data.unchanged).toBeUndefined()
    await expect
      .poll(
        () =>
          notes.filter(
            (n) => n.entity === 'icons' && (('id' in n && n.id === id) || ('ids' in n && n.ids.includes(id))),
          ).length,
      )
      .toBe(2)
    expect(await versionsOf(id)).toHaveLength(2)
  })

  it('a drawing hash filled lazily never overwrites the hash of a drawing replaced meanwhile', async () => {
    const db = t.ctx.store.db
    const id = randomUUID()
    expect(
      (
        await t.post('/api/icons/create', owner, {
          id,
          name: 'fill',
          svg: STAR,
          project_id: project,
          workspace_id: ws,
        })
      ).status,
    ).toBe(200)
    // An icon stored before hashes existed: the duplicates check fills it.
    await db.update(icons).set({ drawing_hash: null, fingerprint: null }).where(eq(icons.id, id))
    // The fill measures the old drawing; the replace commits while it does.
    const pool = t.ctx.svg
    const measure = pool.measure
    let replaced: Promise<unknown> | null = null
    pool.measure = async (inputs, lane) => {
      const out = await measure.call(pool, inputs, lane)
      if (lane === '' && !replaced) {
        replaced = t.post('/api/icons/replace', owner, { id, svg: SQUARE })
        await replaced
      }
      return out
    }
    try {
      expect((await t.get(`/api/icons/duplicates?project_id=${project}`, owner)).status).toBe(200)
    } finally {
      pool.measure = measure
    }
    expect(replaced).not.toBeNull()
    const [row] = await db.select().from(icons).where(eq(icons.id, id))
    const [square] = await pool.measure([row!.svg])
    expect(row!.revision).toBe(2)
    expect(row!.drawing_hash).toBe(square!.drawing_hash)
  })
})
