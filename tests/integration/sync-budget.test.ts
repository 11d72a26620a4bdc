// GET /api/sync's byte budget (ADR 0308): a page of large icons stays within a few MB whatever
// `limit` says, and a version larger than the budget (a move of many large icons, a create-many of
// many) is sent in parts whose cursor points inside it: following the cursors gives every icon exactly
// once; plain numeric cursors keep working. The budget is lowered here (syncLimits is mutable for
// tests) so that a version past it is built from a few hundred KB of drawings, not megabytes: the
// suite holds on a busy machine (ADR 0035).
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { syncLimits } from '../../server/domain/sync/sync.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

/** A drawing of about `kb` KB: many small circles (cheap for the pipeline, hard to shorten). */
const bigSvg = (seed: number, kb: number) => {
  const shapes = Array.from(
    { length: Math.ceil((kb * 1024) / 44) },
    (_, i) =>
      `<circle cx="${(i * 7 + seed) % 997}.${i % 9}" cy="${(i * 13) % 991}.${seed % 7}" r="${1 + (i % 5)}"/>`,
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000">${shapes.join('')}</svg>`
}
const smallSvg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h4v${2 + (n % 19)}h-4z"/></svg>`

describe.each(dbKinds)('sync pages within a byte budget on %s', (kind) => {
  let t: TestApp
  let owner: string
  const ws = randomUUID()
  const from = randomUUID()
  const to = randomUUID()
  const defaultBudget = syncLimits.pageBytes

  const icon = (project_id: string, n: number, svg: string) => ({
    id: randomUUID(),
    name: `Icon ${n}`,
    svg,
    project_id,
    origin_icon_id: null,
    workspace_id: ws,
    icon_status: 'approved',
  })

  /** Follows the cursors from `since` to the end: every page's answer size, and the icon ids pulled. */
  async function pullAll(since: string | number) {
    const sizes: number[] = []
    const markups: number[] = []
    const ids: string[] = []
    const cursors: string[] = []
    let at = String(since)
    for (let round = 0; round < 200; round++) {
      const res = await t.request(`/api/sync?scope=${ws}&since=${at}&limit=1000`, { cookie: owner })
      expect(res.status).toBe(200)
      const text = await res.text()
      sizes.push(Buffer.byteLength(text))
      const page: Json = JSON.parse(text).data
      markups.push(page.upserts.icons.reduce((sum: number, i: Json) => sum + Buffer.byteLength(i.svg), 0))
      ids.push(...page.upserts.icons.map((i: Json) => i.id))
      if (page.cursor) cursors.push(page.cursor)
      at = page.cursor ?? String(page.version)
      if (!page.more) return { sizes, markups, ids, cursors, version: page.version as number }
    }
    throw new Error('no end of pages')
  }
  const version = async () =>
    (await t.get(`/api/sync?scope=${ws}&since=0&icons=0&limit=1000`, owner)).body.data.version as number

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('budget@example.com')
    await t.setPlan('budget@example.com', 'gold')
    await t.post('/api/workspaces/create', owner, { id: ws, name: 'Budget', description: '' })
    for (const id of [from, to])
      await t.post('/api/projects/create', owner, { id, name: id, workspace_id: ws })
  })
  afterEach(() => {
    syncLimits.pageBytes = defaultBudget
  })
  afterAll(() => t?.close())

  it('large icons: no answer holds more than the budget and one icon, even for one version twice its size', async () => {
    const budget = 128 * 1024
    syncLimits.pageBytes = budget
    const big: Json[] = []
    for (let batch = 0; batch < 5; batch++) {
      const icons = Array.from({ length: 6 }, (_, n) => icon(from, batch * 6 + n, bigSvg(batch * 6 + n, 16)))
      const res = await t.post('/api/icons/create-many', owner, { icons })
      expect(res.status).toBe(200)
      big.push(...res.body.data.results.map((r: Json) => r.data))
    }
    const largest = Math.max(...big.map((i) => Buffer.byteLength(JSON.stringify(i))))
    const markup = big.reduce((sum, i) => sum + Buffer.byteLength(i.svg), 0)
    expect(markup).toBeGreaterThan(2 * budget)
    const before = await version()
    // One move: one version holding every large icon (more than the budget on its own).
    const moved = await t.post('/api/icons/move', owner, { ids: big.map((i) => i.id), project_id: to })
    expect(moved.status).toBe(200)

    for (const since of [0, before]) {
      const all = await pullAll(since)
      expect(all.ids.sort()).toEqual(big.map((i) => i.id).sort())
      expect(all.sizes.length).toBeGreaterThan(1)
      // The budget counts markup (and a little per row); JSON escapes the markup's quotes on top.
      for (const bytes of all.markups) expect(bytes).toBeLessThanOrEqual(budget)
      for (const size of all.sizes) expect(size).toBeLessThan(1.25 * budget + largest)
      // The move's version is over the budget: a cursor inside it, then the rest.
      expect(all.cursors.some((c) => c.startsWith(`${before + 1}.`))).toBe(true)
      expect(all.version).toBe(before + 1)
    }
  })

  it('a create-many of 100 in one version comes in parts, each icon exactly once; old cursors still work', async () => {
    const start = await version()
    const icons = Array.from({ length: 100 }, (_, n) => icon(from, 1000 + n, smallSvg(n)))
    expect((await t.post('/api/icons/create-many', owner, { icons })).status).toBe(200)
    // About ten small icons a page.
    syncLimits.pageBytes = 4 * 1024
    const all = await pullAll(start)
    expect(all.sizes.length).toBeGreaterThan(8)
    expect(all.ids.length).toBe(100)
    expect(new Set(all.ids).size).toBe(100)
    expect(all.version).toBe(start + 1)
    for (const size of all.sizes) expect(size).toBeLessThan(4 * 1024 + 8192)
    // A cursor inside a version answers the version before it as complete, and the rest after it.
    const [first] = all.cursors
    const page = (await t.get(`/api/sync?scope=${ws}&since=${first}&limit=1000`, owner)).body.data
    expect(page.version).toBe(start)
    expect(page.upserts.projects).toEqual([])
    // A cursor names a version and an icon id; anything else is refused with the one message.
    for (const bad of ['5.nope', '5.', `x.${randomUUID()}`])
      expect(await t.get(`/api/sync?scope=${ws}&since=${bad}`, owner)).toEqual({
        status: 400,
        body: { error: appMessages.syncSinceInvalid, code: 'invalid' },
      })
    // A cursor past the scope's version is too new (410), with or without an id.
    expect(
      (await t.get(`/api/sync?scope=${ws}&since=${all.version + 1}.${randomUUID()}`, owner)).status,
    ).toBe(410)
  })
})
