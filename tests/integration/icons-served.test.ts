// GET /api/icons and the download serve stored markup sanitised again on the way out, memoised
// (server/domain/icons/served-svg.ts): markup that reaches the database without the pipeline (an older
// sanitizer, a restore, a hand edit) is cleaned however often it is read, and a change of the stored
// markup is never answered from the memo.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sanitizeSvg } from '../../common/svg/index.ts'
import { icons } from '../../server/db/schema/index.ts'
import { readSse } from '../setup/sse.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const STAR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2l3 7h7l-6 5 2 8-6-4-6 4 2-8-6-5h7z"/></svg>'
const evil = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert(${n})"><script>alert(2)</script><a href="javascript:alert(3)"><path d="M0 0h${n}v24H0z"/></a></svg>`

describe.each(dbKinds)('served icon markup on %s', (kind) => {
  let t: TestApp
  let cookie: string
  const projectId = randomUUID()

  beforeAll(async () => {
    t = await createTestApp(kind)
    cookie = await t.signIn('served@example.com')
    await t.setPlan('served@example.com', 'pro')
    await t.post('/api/projects/create', cookie, { id: projectId, name: 'Served', description: '' })
  })
  afterAll(() => t.close())

  const store = (id: string, svg: string) => t.ctx.store.db.update(icons).set({ svg }).where(eq(icons.id, id))
  const list = async () => {
    const res = await t.get(`/api/icons?project_id=${projectId}`, cookie)
    expect(res.status).toBe(200)
    return res.body.data as { id: string; svg: string }[]
  }
  const download = async (id: string) => (await t.request(`/api/icons/download?id=${id}`, { cookie })).text()

  it('cleans unsafe stored markup on every read, and each new version of it', async () => {
    const ids = [randomUUID(), randomUUID()]
    for (const id of ids) {
      const res = await t.post('/api/icons/create', cookie, {
        id,
        name: 'Star',
        svg: STAR,
        project_id: projectId,
        workspace_id: null,
      })
      expect(res.status).toBe(200)
    }
    await store(ids[0]!, evil(1))
    for (let read = 0; read < 3; read++) {
      const served = await list()
      expect(served).toHaveLength(2)
      const first = served.find((i) => i.id === ids[0])!
      expect(first.svg).toBe(sanitizeSvg(evil(1)))
      expect(first.svg).not.toMatch(/script|onload|javascript:|alert/i)
      expect(await download(ids[0]!)).toBe(first.svg)
    }
    // A different unsafe version, never served before, is sanitised too (not answered from memory).
    await store(ids[0]!, evil(7))
    const again = (await list()).find((i) => i.id === ids[0])!
    expect(again.svg).toBe(sanitizeSvg(evil(7)))
    expect(again.svg).toContain('h7')
    expect(again.svg).not.toMatch(/script|onload|javascript:|alert/i)
  })

  it('serves an empty icon for stored markup that cannot be parsed', async () => {
    const id = randomUUID()
    await t.post('/api/icons/create', cookie, {
      id,
      name: 'Broken',
      svg: STAR,
      project_id: projectId,
      workspace_id: null,
    })
    await store(id, '<svg><path></svg')
    const served = (await list()).find((i) => i.id === id)!
    expect(served.svg).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"/>')
  })

  it('live events carry the served markup too', async () => {
    const id = randomUUID()
    await t.post('/api/icons/create', cookie, {
      id,
      name: 'Live',
      svg: STAR,
      project_id: projectId,
      workspace_id: null,
    })
    await store(id, evil(5))
    const stream = readSse(await t.request('/api/events', { cookie }))
    await stream.next((e) => e.event === 'ready')
    expect((await t.post('/api/icons/update', cookie, { id, name: 'Live renamed' })).status).toBe(200)
    const event = await stream.next((e) => e.event === 'change' && e.data.includes('Live renamed'))
    const { row } = JSON.parse(event.data) as { row: { svg: string } }
    expect(row.svg).toBe(sanitizeSvg(evil(5)))
    expect(row.svg).not.toMatch(/script|onload|javascript:|alert/i)
  })
})
