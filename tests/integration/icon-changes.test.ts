// GET /api/icons/changes (ADR 0020): a project's changes since a cursor, as the CLI
// asks for them. After a create, rename, delete, move out and in (within the workspace and out of
// it), undelete and a history restore, each answer names exactly what the project gained, changed
// and lost; changes elsewhere in the scope leave it empty; pages cut inside one large version lose
// nothing; another project's cursor, a malformed one and one ahead of the scope are 400, one older
// than the kept tombstones 410; a token sees only its projects (404 otherwise), cookie or bearer.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changesMessages } from '../../common/messages.ts'
import { changesLimits } from '../../server/domain/icons/icon-changes.ts'
import { pruneTombstones } from '../../server/domain/sync/sync.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h4v${2 + (n % 19)}h-4z"/></svg>`

describe.each(dbKinds)('GET /api/icons/changes on %s', (kind) => {
  let t: TestApp
  let owner: string
  let stranger: string
  const ws = randomUUID()
  const [p, q, mine] = [randomUUID(), randomUUID(), randomUUID()]

  const create = async (project: string, name: string, n: number, workspace: string | null = ws) => {
    const id = randomUUID()
    const res = await t.post('/api/icons/create', owner, {
      id,
      name,
      svg: svgOf(n),
      project_id: project,
      workspace_id: workspace,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return id
  }
  const changes = async (project: string, since?: string, cookie = owner) =>
    t.get(`/api/icons/changes?project_id=${project}${since ? `&since=${since}` : ''}`, cookie)
  /** Every page from `since`: what changed (by name), what was removed, the last cursor. */
  async function since(project: string, cursor: string) {
    const changed = new Map<string, string>()
    const removed = new Set<string>()
    for (let pages = 1; ; pages++) {
      const res = await changes(project, cursor)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const data = res.body.data
      for (const id of data.removed) {
        removed.add(id)
        changed.delete(id)
      }
      for (const row of data.changed) {
        changed.set(row.id, row.name)
        removed.delete(row.id)
      }
      cursor = data.cursor
      if (!data.more) return { changed, removed, cursor, pages }
    }
  }
  const cursorOf = async (project: string) => {
    const res = await changes(project)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ changed: [], removed: [], more: false })
    return res.body.data.cursor as string
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('co@example.com')
    stranger = await t.signIn('cs@example.com')
    await t.setPlan('co@example.com', 'gold')
    await t.post('/api/workspaces/create', owner, { id: ws, name: 'Changes team', description: '' })
    for (const [id, name, workspace_id] of [
      [p, 'Pulled', ws],
      [q, 'Other', ws],
      [mine, 'Mine', null],
    ])
      expect((await t.post('/api/projects/create', owner, { id, name, workspace_id })).status).toBe(200)
  })
  afterAll(() => t?.close())

  it('answers what the project gained, changed and lost after each kind of write', async () => {
    let cursor = await cursorOf(p)
    expect(cursor).toMatch(/^[0-9a-f]{12}\.\d+$/)
    const a = await create(p, 'alpha', 1)
    const b = await create(p, 'beta', 2)
    const c = await create(q, 'gamma', 3)
    let got = await since(p, cursor)
    expect([...got.changed.values()].sort()).toEqual(['alpha', 'beta'])
    expect([...got.removed]).toEqual([])
    // The rows are served as GET /api/icons serves them.
    const listed = (await t.get(`/api/icons?project_id=${p}`, owner)).body.data as Json[]
    const first = await changes(p, cursor)
    expect(first.body.data.changed.sort((x: Json, y: Json) => (x.id < y.id ? -1 : 1))).toEqual(
      listed.sort((x, y) => (x.id < y.id ? -1 : 1)),
    )
    cursor = got.cursor

    // Nothing changed: the same cursor, nothing in it.
    expect((await changes(p, cursor)).body.data).toEqual({ cursor, changed: [], removed: [], more: false })

    expect((await t.post('/api/icons/update', owner, { id: a, name: 'alpha-2' })).status).toBe(200)
    got = await since(p, cursor)
    expect([...got.changed]).toEqual([[a, 'alpha-2']])
    expect(got.removed.size).toBe(0)
    cursor = got.cursor

    expect((await t.post('/api/icons/delete', owner, { id: b })).status).toBe(200)
    got = await since(p, cursor)
    expect(got.changed.size).toBe(0)
    expect([...got.removed]).toEqual([b])
    cursor = got.cursor

    expect((await t.post('/api/icons/undelete', owner, { id: b })).status).toBe(200)
    got = await since(p, cursor)
    expect([...got.changed]).toEqual([[b, 'beta']])
    expect(got.removed.size).toBe(0)
    cursor = got.cursor

    // A history restore: the first version's name again.
    expect((await t.post('/api/icons/restore', owner, { id: a, version: 1 })).status).toBe(200)
    got = await since(p, cursor)
    expect([...got.changed]).toEqual([[a, 'alpha']])
    cursor = got.cursor

    // Moves within the workspace: a leaves (removed), c arrives (changed).
    expect((await t.post('/api/icons/move', owner, { ids: [a], project_id: q })).status).toBe(200)
    expect((await t.post('/api/icons/move', owner, { ids: [c], project_id: p })).status).toBe(200)
    got = await since(p, cursor)
    expect([...got.changed]).toEqual([[c, 'gamma']])
    expect([...got.removed]).toEqual([a])
    cursor = got.cursor

    // Out of the workspace into a personal project: removed (the workspace's tombstone).
    expect((await t.post('/api/icons/move', owner, { ids: [c], project_id: mine })).status).toBe(200)
    got = await since(p, cursor)
    expect(got.changed.size).toBe(0)
    expect([...got.removed]).toEqual([c])
    cursor = got.cursor

    // Changes to icons of another project that were never here (a create, a delete) move the cursor
    // on and name nothing.
    const d = await create(q, 'delta', 4)
    expect((await t.post('/api/icons/delete', owner, { id: d })).status).toBe(200)
    got = await since(p, cursor)
    expect(got.changed.size + got.removed.size).toBe(0)
    expect(got.cursor).not.toBe(cursor)
    cursor = got.cursor
    // An icon that was here once and changes elsewhere is named removed again (the client ignores it).
    expect((await t.post('/api/icons/update', owner, { id: a, name: 'alpha-q' })).status).toBe(200)
    got = await since(p, cursor)
    expect([...got.removed]).toEqual([a])

    // The personal project has its own scope and cursor.
    const personal = await cursorOf(mine)
    const e = await create(mine, 'epsilon', 5, null)
    expect([...(await since(mine, personal)).changed]).toEqual([[e, 'epsilon']])
  })

  it('pages a large version by its icons and loses none', async () => {
    const cursor = await cursorOf(p)
    const icons = Array.from({ length: 7 }, (_, n) => ({
      id: randomUUID(),
      name: `many-${n}`,
      svg: svgOf(10 + n),
      project_id: p,
      workspace_id: ws,
    }))
    expect((await t.post('/api/icons/create-many', owner, { icons })).status).toBe(200)
    const rows = changesLimits.pageRows
    changesLimits.pageRows = 3
    try {
      const got = await since(p, cursor)
      expect(got.pages).toBe(3)
      expect([...got.changed.keys()].sort()).toEqual(icons.map((i) => i.id).sort())
      const again = await changes(p, got.cursor)
      expect(again.body.data).toMatchObject({ changed: [], removed: [], more: false })
    } finally {
      changesLimits.pageRows = rows
    }
  })

  it('refuses a cursor that is not this project’s (400) or older than the kept history (410)', async () => {
    const cursor = await cursorOf(p)
    expect(await changes(q, cursor)).toEqual({
      status: 400,
      body: { error: changesMessages.cursorForeign, code: 'invalid' },
    })
    const [tag, version] = cursor.split('.')
    expect((await changes(p, `${tag}.${Number(version) + 1000}`)).body.error).toBe(
      changesMessages.cursorForeign,
    )
    for (const bad of ['12', 'zz.3', `${tag}.-1`, `${tag}.1.nope`])
      expect(await changes(p, bad)).toEqual({
        status: 400,
        body: { error: changesMessages.cursorInvalid, code: 'invalid' },
      })
    // A tombstone after the cursor, then pruned: its deletion is forgotten, so the cursor is too old.
    const gone = await create(p, 'short-lived', 9)
    expect((await t.post('/api/icons/delete', owner, { id: gone })).status).toBe(200)
    await pruneTombstones(t.ctx.store.db, ws, -60_000)
    expect(await changes(p, cursor)).toEqual({
      status: 410,
      body: { error: changesMessages.cursorTooOld, code: 'cursor_expired' },
    })
    expect((await changes(p, await cursorOf(p))).status).toBe(200)
  })

  it('follows the one permission table and a token’s projects', async () => {
    expect((await t.request(`/api/icons/changes?project_id=${p}`)).status).toBe(401)
    expect(await changes(p, undefined, stranger)).toEqual({
      status: 404,
      body: { error: 'Project not found', code: 'not_found' },
    })
    const made = await t.post('/api/tokens/create', owner, { name: 'ci', scope: 'read', project_ids: [p] })
    expect(made.status).toBe(200)
    const bearer = async (project: string) => {
      const res = await t.request(`/api/icons/changes?project_id=${project}`, {
        origin: null,
        headers: { authorization: `Bearer ${made.body.data.token}` },
      })
      return { status: res.status, body: (await res.json()) as Json }
    }
    const own = await bearer(p)
    expect(own.status).toBe(200)
    expect(own.body.data.cursor).toBe(await cursorOf(p))
    expect((await bearer(q)).status).toBe(404)
  })
})
