// Incremental sync on the client (pull.ts, sync.ts, ADR 0303) against the real server (app.request()
// on PGlite, and on Postgres with TEST_DATABASE_URL) and a real IndexedDB (fake-indexeddb under Dexie): the first sync takes each scope
// without its icons and lists a project's icons once, when it is opened; from then on only changes
// move (upserts, deletions, pages), a cursor the server no longer knows starts the scope over, a
// row moved to another scope survives the old scope's deletion, and a row written while a pull was
// on its way is not undone by it.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { nameKey } from '@common/name-clashes.ts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { syncLimits } from '../../tests/setup/sync-limits.ts'
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts'
import { dbKinds } from '../../tests/setup/test-db.ts'
import { applyServerRows } from './apply.ts'
import { StoredRows } from './bulk-write.ts'
import { db, deleteLocalDb, openLocalDb, rwTransaction } from './db.ts'
import { forgetVersions, heard, pullLimits, pullScope } from './pull.ts'
import { syncAll, syncIcons } from './sync.ts'

describe.each(dbKinds)('incremental sync on %s', (kind) => {
  let t: TestApp
  let me: string
  let mate: string
  const realFetch = globalThis.fetch
  /** Every API path this client fetched, and the bytes of each answer. */
  let fetched: { path: string; bytes: number }[] = []
  /** Runs once the server has answered, before the answer reaches the client (a write meanwhile). */
  let beforeAnswer: (() => Promise<unknown>) | undefined
  /** The icon ids each /api/sync answer brought. */
  let pulledIcons: string[][] = []

  const budget = syncLimits.pageBytes
  const ws = randomUUID()
  const personal = randomUUID()
  const shared = randomUUID()
  const svg = (n: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="${n % 20}" y="1" width="3" height="3"/></svg>`
  const icon = (project_id: string, workspace_id: string | null, n: number) => ({
    id: randomUUID(),
    name: `Icon ${n}`,
    svg: svg(n),
    project_id,
    origin_icon_id: null,
    workspace_id,
    icon_status: 'approved',
  })

  beforeAll(async () => {
    t = await createTestApp(kind)
    me = await t.signIn('pull-me@example.com')
    mate = await t.signIn('pull-mate@example.com')
    await t.setPlan('pull-me@example.com', 'gold')
    await t.post('/api/workspaces/create', me, { id: ws, name: 'Pull team', description: '' })
    const inv = await t.post('/api/workspaces/invite-user', me, {
      workspaceId: ws,
      email: 'pull-mate@example.com',
    })
    await t.post('/api/workspaces/accept-invitation', mate, { invitationId: inv.body.data.id })
    await t.post('/api/projects/create', me, { id: personal, name: 'Mine', workspace_id: null })
    await t.post('/api/projects/create', me, { id: shared, name: 'Shared', workspace_id: ws })
    for (const [project, workspace] of [
      [personal, null],
      [shared, ws],
    ] as const)
      await t.post('/api/icons/create-many', me, {
        icons: Array.from({ length: 3 }, (_, n) => icon(project, workspace, n)),
      })
    globalThis.fetch = (async (path: string, init?: RequestInit) => {
      const response = await t.request(path, { ...init, cookie: me })
      const body = await response.arrayBuffer()
      fetched.push({ path, bytes: body.byteLength })
      if (path.startsWith('/api/sync') && response.ok)
        pulledIcons.push(
          JSON.parse(new TextDecoder().decode(body)).data.upserts.icons.map((i: { id: string }) => i.id),
        )
      const meanwhile = beforeAnswer
      beforeAnswer = undefined
      await meanwhile?.()
      return new Response(body, { status: response.status, headers: response.headers })
    }) as typeof fetch
    forgetVersions()
    await deleteLocalDb()
    await openLocalDb()
  })

  afterAll(async () => {
    globalThis.fetch = realFetch
    await t?.close()
  })

  beforeEach(() => {
    fetched = []
  })

  const localIcons = async (project: string) =>
    (await db.icons.where('project_id').equals(project).toArray()).map((i) => i.name).sort()
  const paths = () => fetched.map((f) => f.path.replace(/\?.*/, ''))

  describe('pulling from a cursor', () => {
    it('a first sync takes each scope without icons; a project opened for the first time is listed once', async () => {
      await syncAll()
      expect(paths().sort()).toEqual(['/api/sync', '/api/sync', '/api/workspaces'])
      expect(
        fetched.filter((f) => f.path.startsWith('/api/sync')).every((f) => f.path.includes('icons=0')),
      ).toBe(true)
      expect((await db.projects.toArray()).map((p) => p.name).sort()).toEqual(['Mine', 'Shared'])
      expect(await db.workspaces_access.where('workspace_id').equals(ws).count()).toBe(2)
      expect(await db.icons.count()).toBe(0)
      const cursors = await db.cursors.toArray()
      expect(cursors.map((c) => c.scope).sort()).toEqual([ws, 'personal'].sort())

      fetched = []
      await syncIcons(shared)
      expect(paths()).toEqual(['/api/icons'])
      expect(await localIcons(shared)).toEqual(['Icon 0', 'Icon 1', 'Icon 2'])
      expect(await db.held.get(shared)).toEqual({ id: shared, scope: ws })

      // Opened again: a pull of its scope, which nothing changed: a small answer.
      fetched = []
      await syncIcons(shared)
      expect(paths()).toEqual(['/api/sync'])
      expect(fetched[0]!.bytes).toBeLessThan(300)
    })

    it('a re-sync moves only what changed: a teammate’s new, renamed and deleted icons', async () => {
      await syncIcons(personal)
      const [first, second] = await db.icons.where('project_id').equals(shared).sortBy('name')
      const added = icon(shared, ws, 7)
      await t.post('/api/icons/create', mate, added)
      await t.post('/api/icons/update', mate, { id: first!.id, name: 'Renamed' })
      await t.post('/api/icons/delete', mate, { id: second!.id })

      fetched = []
      await syncAll()
      expect(paths().sort()).toEqual(['/api/sync', '/api/sync', '/api/workspaces'])
      expect(await localIcons(shared)).toEqual(['Icon 2', 'Icon 7', 'Renamed'])
      expect(await localIcons(personal)).toEqual(['Icon 0', 'Icon 1', 'Icon 2'])
      // Proportional: the answers hold the three changes, not the lists.
      const total = fetched.reduce((sum, f) => sum + f.bytes, 0)
      expect(total).toBeLessThan(3000)
    })

    it('pages: a change larger than one answer arrives whole, over several pulls of the cursor', async () => {
      // Pages of 100 rows (the client asks 1,000 in use): three versions of 50 take two pulls, as
      // three of 500 do at the real size, for a tenth of the creates (the suite holds on a busy machine).
      const rows = pullLimits.rows
      pullLimits.rows = 100
      try {
        for (let round = 0; round < 3; round++)
          await t.post('/api/icons/create-many', mate, {
            icons: Array.from({ length: 50 }, (_, n) => icon(shared, ws, 100 + round * 50 + n)),
          })
        fetched = []
        await pullScope(ws)
        expect(fetched.map((f) => f.path)).toEqual([
          expect.stringContaining('&limit=100'),
          expect.stringContaining('&limit=100'),
        ])
      } finally {
        pullLimits.rows = rows
      }
      expect(await db.icons.where('project_id').equals(shared).count()).toBe(3 + 150)
      const cursor = await db.cursors.get(ws)
      const head = (await t.get(`/api/sync?scope=${ws}&since=${cursor!.version}`, me)).body.data
      expect(head).toMatchObject({ version: cursor!.version, more: false })
    })

    it('a version over the byte budget comes in parts: the cursor points inside it, resumes after a failure, each icon once', async () => {
      const before = await db.icons.where('project_id').equals(shared).count()
      const batch = Array.from({ length: 100 }, (_, n) => icon(shared, ws, 5000 + n))
      await t.post('/api/icons/create-many', mate, { icons: batch })
      // About ten icons a page: the version of 100 comes in ten parts.
      syncLimits.pageBytes = 4 * 1024
      try {
        pulledIcons = []
        // The third page fails on its way: the pages before it are kept, with a cursor inside the version.
        let pages = 0
        beforeAnswer = undefined
        const realRequest = globalThis.fetch
        globalThis.fetch = (async (path: string, init?: RequestInit) => {
          if (path.startsWith('/api/sync') && ++pages === 3) throw new TypeError('Failed to fetch')
          return realRequest(path, init)
        }) as typeof fetch
        await expect(pullScope(ws)).rejects.toThrow('Failed to fetch')
        globalThis.fetch = realRequest
        const halfway = await db.cursors.get(ws)
        expect(halfway?.at).toMatch(/^\d+\.[0-9a-f-]{36}$/)
        await pullScope(ws)
        const ids = pulledIcons.flat()
        expect(pulledIcons.length).toBeGreaterThan(4)
        expect(ids.sort()).toEqual(batch.map((i) => i.id).sort())
        expect(await db.icons.where('project_id').equals(shared).count()).toBe(before + 100)
        const done = await db.cursors.get(ws)
        expect(done?.at).toBeUndefined()
        expect(done!.version).toBe(Number(halfway!.at!.split('.')[0]))
      } finally {
        syncLimits.pageBytes = budget
      }
    })

    it('a deleted project takes its icons; a moved icon survives its old scope’s deletion', async () => {
      // An icon none of whose names (its own, its former ones kept as aliases by a rename) the
      // personal project holds: a clash is refused with a 409.
      const taken = new Set(
        ((await t.get(`/api/icons?project_id=${personal}`, me)).body.data as { name: string }[]).map((i) =>
          nameKey(i.name),
        ),
      )
      const teams = (await db.icons.where('project_id').equals(shared).toArray()).find(
        (i) => ![i.name, ...(i.aliases ?? []).map((a) => a.name)].some((n) => taken.has(nameKey(n))),
      )
      const moved = await t.post('/api/icons/move', me, { ids: [teams!.id], project_id: personal })
      expect(moved, JSON.stringify(moved.body)).toMatchObject({ status: 200 })
      // The new scope first, then the old one's deletion: the icon stays, in its new project.
      await pullScope('personal')
      expect((await db.icons.get(teams!.id))?.project_id).toBe(personal)
      await pullScope(ws)
      expect((await db.icons.get(teams!.id))?.project_id).toBe(personal)

      const doomed = randomUUID()
      await t.post('/api/projects/create', me, { id: doomed, name: 'Doomed', workspace_id: ws })
      await t.post('/api/icons/create', mate, icon(doomed, ws, 1))
      await pullScope(ws)
      await syncIcons(doomed)
      expect(await db.icons.where('project_id').equals(doomed).count()).toBe(1)
      await t.post('/api/projects/delete', me, { id: doomed })
      await pullScope(ws)
      expect(await db.projects.get(doomed)).toBeUndefined()
      expect(await db.icons.where('project_id').equals(doomed).count()).toBe(0)
      expect(await db.held.get(doomed)).toBeUndefined()
    })

    it('a row written while a pull was on its way is not undone by it', async () => {
      const [target] = await db.icons.where('project_id').equals(personal).toArray()
      await t.post('/api/icons/update', me, { id: target!.id, name: 'Older' })
      const newer = {
        ...target!,
        name: 'Newer by an event',
        updated_at: new Date(Date.now() + 60_000).toISOString(),
      }
      beforeAnswer = () =>
        rwTransaction(() => applyServerRows('icons', [{ id: newer.id, row: newer }], new StoredRows('icons')))
      await pullScope('personal')
      expect((await db.icons.get(target!.id))?.name).toBe('Newer by an event')
    })

    it('a cursor the server does not know (410) takes the scope again from 0 and lists held projects again', async () => {
      const cursor = (await db.cursors.get('personal'))!.version
      // As after a restored backup: the local copy is ahead of the server's history.
      await db.cursors.put({ scope: 'personal', version: cursor + 1000 })
      const ghost = { ...(await db.icons.where('project_id').equals(personal).first())!, id: randomUUID() }
      await db.icons.put(ghost)
      fetched = []
      await pullScope('personal')
      expect(fetched.map((f) => f.path.replace(/&limit=\d+/, ''))).toEqual([
        `/api/sync?scope=personal&since=${cursor + 1000}`,
        '/api/sync?scope=personal&since=0&icons=0',
        `/api/icons?project_id=${personal}`,
      ])
      expect(await db.icons.get(ghost.id)).toBeUndefined()
      expect((await db.cursors.get('personal'))!.version).toBe(cursor)
    })

    it('an event more than one version past what is known shows a gap', async () => {
      const at = (await db.cursors.get(ws))!.version
      expect(heard(ws, at)).toBe(false)
      expect(heard(ws, at + 1)).toBe(false)
      expect(heard(ws, at + 3)).toBe(true)
      expect(heard(`user:${randomUUID()}`, 10 ** 9)).toBe(true)
      expect(heard(randomUUID(), 50)).toBe(false)
    })
  })

  it('a workspace the user left is dropped with its cursor', async () => {
    const other = randomUUID()
    await t.post('/api/workspaces/create', me, { id: other, name: 'Short-lived', description: '' })
    await syncAll()
    expect(await db.cursors.get(other)).toBeDefined()
    expect((await t.post('/api/workspaces/delete', me, { id: other })).status).toBe(200)
    await syncAll()
    expect(await db.workspaces.get(other)).toBeUndefined()
    expect(await db.cursors.get(other)).toBeUndefined()
  })
})
