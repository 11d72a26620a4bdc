// GET /api/icons/search?project_id=&q= through the real app: a project's icons found by
// synonym, former name (alias), tag, label and a typo, each saying why, best first, with the ranking the
// browser uses (the same module, common/search); a change to the project's icons is searched at once; a
// session or an API token that may read the project gets it, anyone else 404; a missing, blank or too
// long q and a bad limit are 400s.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchMessages } from '../../common/messages.ts'
import { createIconSearch } from '../../common/search/icon-search.ts'
import { MAX_QUERY_WORDS } from '../../common/search/limits.ts'
import synonyms from '../../common/search/synonyms.json' with { type: 'json' }
import { icons } from '../../server/db/schema/index.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

const STAR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'

function searchFlow(kind: DbKind) {
  let t: TestApp
  let cookie: string
  let stranger: string
  const projectId = randomUUID()
  const otherProject = randomUUID()
  const ids: Record<string, string> = {}

  const create = async (name: string, project = projectId) => {
    const id = randomUUID()
    const res = await t.post('/api/icons/create', cookie, { id, name, svg: STAR, project_id: project })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    ids[name] = id
    return id
  }
  const search = async (q: string, who = cookie, project = projectId) =>
    t.get(`/api/icons/search?project_id=${project}&q=${encodeURIComponent(q)}`, who)
  const hits = async (q: string) => {
    const res = await search(q)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.data as Json[]
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    cookie = await t.signIn('search-owner@example.com')
    stranger = await t.signIn('search-stranger@example.com')
    await t.setPlan('search-owner@example.com', 'pro')
    for (const [id, name] of [
      [projectId, 'Searched'],
      [otherProject, 'Elsewhere'],
    ])
      expect((await t.post('/api/projects/create', cookie, { id, name, workspace_id: null })).status).toBe(
        200,
      )
    for (const name of ['settings', 'trash', 'home', 'star', 'ic_alert', 'arrow-right']) await create(name)
    await create('settings-elsewhere', otherProject)
    // Renamed: "home" stays its former name (an alias).
    expect((await t.post('/api/icons/update', cookie, { id: ids.home, name: 'house' })).status).toBe(200)
    // Tags and label as stored by the meaning fields, written as any writer would.
    await t.ctx.store.db
      .update(icons)
      .set({ tags: ['favourite', 'rating'] })
      .where(eq(icons.id, ids.star!))
    await t.ctx.store.db.update(icons).set({ label: 'Warning sign' }).where(eq(icons.id, ids.ic_alert!))
  })
  afterAll(() => t?.close())

  it('finds by synonym, alias, tag, label and typo, each saying why, in the contract shape', async () => {
    const cog = await hits('cog')
    expect(cog).toEqual([
      { id: ids.settings, name: 'settings', score: expect.any(Number), matched: 'synonym of cog' },
    ])
    expect((await hits('home'))[0]).toMatchObject({ id: ids.home, name: 'house', matched: 'alias home' })
    expect((await hits('favourite'))[0]).toMatchObject({ id: ids.star, matched: 'tag favourite' })
    expect((await hits('warning'))[0]).toMatchObject({ id: ids.ic_alert, matched: 'label' })
    expect((await hits('setings'))[0]).toMatchObject({ id: ids.settings, matched: 'close to setings' })
    expect(await hits('zebra')).toEqual([])
  })

  it('ranks as the browser does: the same module over the same icons gives the same answer', async () => {
    const rows = await t.ctx.store.db.select().from(icons).where(eq(icons.project_id, projectId))
    const local = createIconSearch(
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        aliases: r.aliases.map((a) => a.name),
        tags: r.tags,
        label: r.label,
      })),
      synonyms,
    )
    for (const q of ['cog', 'ar', 'house', 'trash bin', 'star'])
      expect(await hits(q)).toEqual(local.search(q))
    await create('arrow-left')
    await create('arrow')
    const arrows = (await hits('arrow')).map((h: Json) => h.name)
    expect(arrows[0]).toBe('arrow') // the exact name first, then the others by score and name
    expect(arrows.slice(1).sort()).toEqual(['arrow-left', 'arrow-right'])
    const limited = await t.get(`/api/icons/search?project_id=${projectId}&q=arrow&limit=1`, cookie)
    expect(limited.body.data.map((h: Json) => h.name)).toEqual(['arrow'])
  })

  it('searches the icons as they are now: a new, renamed, deleted, undeleted or moved icon at once', async () => {
    const gear = await create('gear-wheel')
    expect((await hits('gear')).map((h: Json) => h.name)).toContain('gear-wheel')
    expect((await t.post('/api/icons/update', cookie, { id: gear, name: 'cogwheel' })).status).toBe(200)
    expect((await hits('cogwheel'))[0]).toMatchObject({ id: gear, matched: 'name' })
    expect((await t.post('/api/icons/delete', cookie, { id: gear })).status).toBe(200)
    expect((await hits('cogwheel')).map((h: Json) => h.id)).not.toContain(gear)
    // Each change above and below reaches an index already held: only the changed icon is sent to it.
    expect((await t.post('/api/icons/undelete', cookie, { id: gear })).status).toBe(200)
    expect((await hits('cogwheel')).map((h: Json) => h.id)).toContain(gear)
    const elsewhere = await search('cogwheel', cookie, otherProject)
    expect(elsewhere.body.data.map((h: Json) => h.id)).not.toContain(gear)
    const moved = await t.post('/api/icons/move', cookie, { ids: [gear], project_id: otherProject })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect((await hits('cogwheel')).map((h: Json) => h.id)).not.toContain(gear)
    const there = await search('cogwheel', cookie, otherProject)
    expect(there.body.data.map((h: Json) => h.id)).toContain(gear)
  })

  it('answers an API token like a session; 404 for a project the caller may not see', async () => {
    const made = await t.post('/api/tokens/create', cookie, {
      name: 'search',
      scope: 'read',
      project_ids: [projectId],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const bearer = (project: string) =>
      t.request(`/api/icons/search?project_id=${project}&q=cog`, {
        origin: null,
        headers: { authorization: `Bearer ${made.body.data.token}` },
      })
    const ok = await bearer(projectId)
    expect(ok.status).toBe(200)
    expect(((await ok.json()) as Json).data[0]).toMatchObject({ name: 'settings', matched: 'synonym of cog' })
    // the token is narrowed to one project: the other is not there for it
    const narrowed = await bearer(otherProject)
    expect(narrowed.status).toBe(404)
    expect(((await narrowed.json()) as Json).code).toBe('not_found')
    // another user's project is not there either
    const foreign = await search('cog', stranger)
    expect(foreign.status).toBe(404)
    expect(foreign.body.code).toBe('not_found')
    expect((await t.request(`/api/icons/search?project_id=${projectId}&q=cog`)).status).toBe(401)
  })

  it('a missing, blank or too long q and a bad limit are 400s that say what is wrong', async () => {
    const missing = await t.get(`/api/icons/search?project_id=${projectId}`, cookie)
    expect(missing).toMatchObject({
      status: 400,
      body: { error: searchMessages.queryRequired, code: 'invalid' },
    })
    expect((await search('   ')).body.error).toBe(searchMessages.queryRequired)
    const long = await search('a'.repeat(201))
    expect(long).toMatchObject({ status: 400, body: { error: searchMessages.queryTooLong } })
    for (const limit of ['0', '1001', 'x', '1.5']) {
      const bad = await t.get(`/api/icons/search?project_id=${projectId}&q=a&limit=${limit}`, cookie)
      expect(bad).toMatchObject({ status: 400, body: { error: searchMessages.limitInvalid } })
    }
    expect((await t.get('/api/icons/search?q=cog', cookie)).status).toBe(400)
    const huge = await t.get(`/api/icons/search?project_id=${projectId}&q=a&limit=1000000000`, cookie)
    expect(huge).toMatchObject({ status: 400, body: { error: searchMessages.limitInvalid, code: 'invalid' } })
  })

  it(`a query of many words is answered for its first ${MAX_QUERY_WORDS} distinct words, as the vault reads it`, async () => {
    // 100 one-letter words in 199 characters (the most a query holds): answered, never a 500
    const letters = Array.from({ length: 100 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ')
    const flood = await t.get(`/api/icons/search?project_id=${projectId}&q=${letters}&limit=1000`, cookie)
    expect(flood.status).toBe(200)
    expect(flood.body.data).toEqual(await hits(letters.slice(0, 2 * MAX_QUERY_WORDS)))
    // ten distinct words that each find arrow-right (word starts, typos): an eleventh is not searched
    const ten = 'ar arr arro arrow ri rig righ right arow rigt'
    expect(ten.split(' ')).toHaveLength(MAX_QUERY_WORDS)
    expect((await hits(ten)).map((h: Json) => h.name)).toEqual(['arrow-right'])
    expect((await hits(`${ten} zebra`)).map((h: Json) => h.name)).toEqual(['arrow-right'])
    expect((await hits(`${ten} ${ten} zebra`)).map((h: Json) => h.name)).toEqual(['arrow-right'])
    // among the first ten, the same word rules it out
    expect(await hits(`zebra ${ten}`)).toEqual([])
  })
}

describe('icon search on pglite', () => searchFlow('pglite'))
postgresOnly('icon search on postgres', () => searchFlow('postgres'))
