// GET /api/icons kept serialised per project list version (ADR 0303): an unchanged list answers the
// same bytes and ETag (304 when the browser has them); a change by the app or straight in the
// database (a trigger bumps the version) is answered at once, never a kept older list; many asking at
// once after a change share one read of it.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { icons } from '../../server/db/schema/index.ts'
import { listStreams } from '../../server/domain/icons/icon-list-pages.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'

describe.each(dbKinds)('icon list kept per version on %s', (kind) => {
  let t: TestApp
  let cookie: string
  const project = randomUUID()
  const list = (headers: Record<string, string> = {}) =>
    t.request(`/api/icons?project_id=${project}`, { cookie, headers })

  beforeAll(async () => {
    t = await createTestApp(kind)
    cookie = await t.signIn('kept@example.com')
    await t.setPlan('kept@example.com', 'pro')
    await t.post('/api/projects/create', cookie, { id: project, name: 'Kept', workspace_id: null })
  })
  afterAll(() => t?.close())

  it('answers an unchanged list alike and a changed one at once, whoever changed it', async () => {
    const id = randomUUID()
    const made = { id, name: 'One', svg: SVG, project_id: project, workspace_id: null }
    expect((await t.post('/api/icons/create', cookie, made)).status).toBe(200)
    const first = await list()
    const tag = first.headers.get('etag')!
    expect((await first.json()).data.map((i: { name: string }) => i.name)).toEqual(['One'])
    const again = await list()
    expect(again.headers.get('etag')).toBe(tag)
    expect((await list({ 'if-none-match': tag })).status).toBe(304)

    expect((await t.post('/api/icons/update', cookie, { id, name: 'Two' })).status).toBe(200)
    const renamed = await list({ 'if-none-match': tag })
    expect(renamed.status).toBe(200)
    expect((await renamed.json()).data[0].name).toBe('Two')

    // Straight into the database, behind the app's back: the trigger still tells the kept list.
    await t.ctx.store.db.update(icons).set({ name: 'Three' }).where(eq(icons.id, id))
    expect((await (await list()).json()).data[0].name).toBe('Three')
    await t.ctx.store.db.delete(icons).where(eq(icons.id, id))
    expect((await (await list()).json()).data).toEqual([])
  })
  it('reads a changed list once for all who ask for it at the same time', async () => {
    const made = { id: randomUUID(), name: 'Shared', svg: SVG, project_id: project, workspace_id: null }
    expect((await t.post('/api/icons/create', cookie, made)).status).toBe(200)
    const pagesBefore = listStreams.pages
    const answers = await Promise.all(Array.from({ length: 20 }, () => list()))
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200))
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1)
    for (const a of answers)
      expect((await a.json()).data.map((i: { name: string }) => i.name)).toEqual(['Shared'])
    // The list is one page: read once, not twenty times.
    expect(listStreams.pages - pagesBefore).toBe(1)
  })
})
