// GET /api/sync (ADR 0303): a scope's changes since a cursor, paged without splitting a version,
// deletions as tombstones, 410 for a cursor older than the kept history, two writers in one scope
// leaving no gap a reader skips, and the announcement sent in the writing transaction.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import type { ChangeEvent } from '../../common/schemas/events.ts'
import { pruneTombstones } from '../../server/domain/sync/sync.ts'
import { readSse } from '../setup/sse.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h4v${2 + (n % 19)}h-4z"/></svg>`

describe.each(dbKinds)('GET /api/sync on %s', (kind) => {
  let t: TestApp
  let owner: string
  let mate: string
  let stranger: string
  const ws = randomUUID()
  const project = randomUUID()

  const icon = (project_id: string, n: number, workspace_id: string | null = ws) => ({
    id: randomUUID(),
    name: `Icon ${n}`,
    svg: svgOf(n),
    project_id,
    origin_icon_id: null,
    workspace_id,
    icon_status: 'approved',
  })
  const pull = (cookie: string, scope: string, since: number, limit = 500) =>
    t.get(`/api/sync?scope=${scope}&since=${since}&limit=${limit}`, cookie)
  /** Pulls every page from `since`; returns the pages and the final cursor. */
  async function pullAll(cookie: string, scope: string, since: number, limit = 500) {
    const pages: Json[] = []
    let cursor = since
    for (;;) {
      const res = await pull(cookie, scope, cursor, limit)
      expect(res.status).toBe(200)
      pages.push(res.body.data)
      expect(res.body.data.version).toBeGreaterThanOrEqual(cursor)
      cursor = res.body.data.version
      if (!res.body.data.more) return { pages, cursor }
    }
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('so@example.com')
    mate = await t.signIn('sm@example.com')
    stranger = await t.signIn('ss@example.com')
    await t.setPlan('so@example.com', 'gold')
    await t.setPlan('sm@example.com', 'pro')
    await t.post('/api/workspaces/create', owner, { id: ws, name: 'Sync team', description: '' })
    const inv = await t.post('/api/workspaces/invite-user', owner, {
      workspaceId: ws,
      email: 'sm@example.com',
    })
    await t.post('/api/workspaces/accept-invitation', mate, { invitationId: inv.body.data.id })
    await t.post('/api/projects/create', owner, { id: project, name: 'Shared', workspace_id: ws })
  })
  afterAll(() => t?.close())

  it('answers the one error shape: 401 signed out, 400 bad input, 404 for a scope the caller may not see', async () => {
    expect((await t.request(`/api/sync?scope=${ws}`)).status).toBe(401)
    expect(await pull(stranger, ws, 0)).toEqual({
      status: 404,
      body: { error: 'Workspace not found', code: 'not_found' },
    })
    expect((await pull(stranger, randomUUID(), 0)).status).toBe(404)
    expect(await t.get('/api/sync?scope=nope', owner)).toEqual({
      status: 400,
      body: { error: appMessages.syncScopeInvalid, code: 'invalid' },
    })
    expect((await t.get(`/api/sync?scope=${ws}&since=-1`, owner)).body).toEqual({
      error: appMessages.syncSinceInvalid,
      code: 'invalid',
    })
    expect((await t.get(`/api/sync?scope=${ws}&limit=0`, owner)).body).toEqual({
      error: appMessages.syncLimitInvalid,
      code: 'invalid',
    })
  })

  it('pages through every change once, never splitting one version, and answers nothing new cheaply', async () => {
    const singles = []
    for (let n = 0; n < 5; n++)
      singles.push((await t.post('/api/icons/create', owner, icon(project, n))).body.data)
    const batch = [icon(project, 10), icon(project, 11), icon(project, 12)]
    expect((await t.post('/api/icons/create-many', owner, { icons: batch })).status).toBe(200)
    const { pages, cursor } = await pullAll(mate, ws, 0, 2)
    expect(pages.length).toBeGreaterThan(2)
    const ids = pages.flatMap((p) => p.upserts.icons.map((i: Json) => i.id))
    expect(ids.sort()).toEqual([...singles.map((i) => i.id), ...batch.map((i) => i.id)].sort())
    // The batch is one version: it arrives whole in one page, whatever the limit.
    const batchPage = pages.find((p) => p.upserts.icons.some((i: Json) => i.id === batch[0]!.id))
    expect(batchPage.upserts.icons.map((i: Json) => i.id)).toEqual(
      expect.arrayContaining(batch.map((i) => i.id)),
    )
    expect(pages[0].upserts.workspaces).toEqual([expect.objectContaining({ id: ws, role: 'member' })])
    expect(pages.flatMap((p) => p.upserts.workspaces_access).length).toBe(2)
    expect(pages.flatMap((p) => p.upserts.projects.map((x: Json) => x.id))).toEqual([project])
    // Served like the list: the same rows as GET /api/icons.
    const listed = (await t.get(`/api/icons?project_id=${project}`, mate)).body.data
    const pulled = pages.flatMap((p) => p.upserts.icons)
    for (const row of listed) expect(pulled.find((i: Json) => i.id === row.id)).toEqual(row)
    // Nothing changed since: an empty page at the same cursor.
    expect((await pull(mate, ws, cursor)).body.data).toEqual({
      upserts: { workspaces: [], workspaces_access: [], projects: [], icons: [] },
      deletions: { workspaces_access: [], projects: [], icons: [] },
      version: cursor,
      more: false,
    })
  })

  it('icons=0 leaves icons and their deletions out: the rest of the scope at the same cursor', async () => {
    const gone = (await t.post('/api/icons/create', owner, icon(project, 30))).body.data
    expect((await t.post('/api/icons/delete', owner, { id: gone.id })).status).toBe(200)
    const all = await pullAll(mate, ws, 0)
    const meta = await t.get(`/api/sync?scope=${ws}&since=0&icons=0`, mate)
    expect(meta.status).toBe(200)
    expect(meta.body.data.version).toBe(all.cursor)
    expect(meta.body.data.more).toBe(false)
    expect(meta.body.data.upserts.icons).toEqual([])
    expect(meta.body.data.deletions.icons).toEqual([])
    expect(all.pages.flatMap((p) => p.deletions.icons)).toContain(gone.id)
    expect(meta.body.data.upserts.projects.map((p: Json) => p.id)).toContain(project)
    expect((await t.get(`/api/sync?scope=${ws}&icons=yes`, mate)).body).toEqual({
      error: appMessages.syncIconsInvalid,
      code: 'invalid',
    })
  })

  it('sends deletions, renames and moves out of the scope, and live events carry the version a pull ends at', async () => {
    const from = (await pullAll(mate, ws, 0)).cursor
    const doomed = (await t.post('/api/icons/create', owner, icon(project, 20))).body.data
    const renamed = (await t.post('/api/icons/create', owner, icon(project, 21))).body.data
    const other = randomUUID()
    await t.post('/api/projects/create', owner, { id: other, name: 'Other', workspace_id: ws })
    const stream = readSse(await t.request('/api/events', { cookie: mate }))
    await stream.next((e) => e.event === 'ready')
    expect((await t.post('/api/icons/delete', owner, { id: doomed.id })).status).toBe(200)
    expect((await t.post('/api/icons/update', owner, { id: renamed.id, name: 'Renamed' })).status).toBe(200)
    expect((await t.post('/api/projects/delete', owner, { id: other })).status).toBe(200)
    // The project's deletion (on Postgres its creation's note, sent before the stream opened, may
    // still be on its way to the new stream: match the delete itself).
    const last = await stream.next(
      (e) => e.event === 'change' && e.data.includes(other) && JSON.parse(e.data).op === 'delete',
    )
    stream.close()
    const { pages, cursor } = await pullAll(mate, ws, from)
    expect((JSON.parse(last.data) as ChangeEvent).version).toBe(cursor)
    expect(JSON.parse(last.data)).toMatchObject({ scope: ws, entity: 'projects', op: 'delete' })
    const deleted = pages.flatMap((p) => p.deletions.icons)
    expect(deleted).toEqual([doomed.id])
    expect(pages.flatMap((p) => p.deletions.projects)).toEqual([other])
    const upserted = pages.flatMap((p) => p.upserts.icons)
    expect(upserted.find((i: Json) => i.id === renamed.id)).toMatchObject({ name: 'Renamed' })
    expect(upserted.find((i: Json) => i.id === doomed.id)).toBeUndefined()

    // Moved into the mover's own project: gone from the workspace's pull, in the personal one.
    const own = randomUUID()
    await t.post('/api/projects/create', mate, { id: own, name: 'Mine', workspace_id: null })
    const mine = (await t.post('/api/icons/create', mate, icon(project, 22))).body.data
    const personal = (await pullAll(mate, 'personal', 0)).cursor
    const before = (await pullAll(owner, ws, 0)).cursor
    expect((await t.post('/api/icons/move', mate, { ids: [mine.id], project_id: own })).status).toBe(200)
    const wsAfter = await pullAll(owner, ws, before)
    expect(wsAfter.pages.flatMap((p) => p.deletions.icons)).toEqual([mine.id])
    const meAfter = await pullAll(mate, 'personal', personal)
    expect(meAfter.pages.flatMap((p) => p.upserts.icons.map((i: Json) => i.id))).toEqual([mine.id])
    // Another user's personal space is not the caller's: "personal" is always one's own.
    expect((await pullAll(owner, 'personal', 0)).pages.flatMap((p) => p.upserts.icons)).toEqual([])
  })

  it('answers 410 to a cursor older than the kept tombstones (or newer than the scope); 0 still lists all', async () => {
    const old = (await pullAll(owner, ws, 0)).cursor
    const gone = (await t.post('/api/icons/create', owner, icon(project, 30))).body.data
    await t.post('/api/icons/delete', owner, { id: gone.id })
    const now = (await pullAll(owner, ws, old)).cursor
    await pruneTombstones(t.ctx.store.db, ws, 0)
    expect(await pull(owner, ws, old)).toEqual({
      status: 410,
      body: { error: appMessages.syncCursorTooOld, code: 'cursor_expired' },
    })
    expect((await pull(owner, ws, now)).status).toBe(200)
    expect(await pull(owner, ws, now + 1000)).toEqual({
      status: 410,
      body: { error: appMessages.syncCursorTooOld, code: 'cursor_expired' },
    })
    const all = await pullAll(owner, ws, 0)
    expect(all.cursor).toBe(now)
    expect(all.pages.flatMap((p) => p.upserts.icons.map((i: Json) => i.id))).not.toContain(gone.id)
  })

  it('two writers in one scope never leave a gap a reader skips', async () => {
    const second = kind === 'postgres' ? await createTestApp(kind, {}, { sameDatabaseAs: t }) : t
    try {
      const otherMate = second === t ? mate : await second.signIn('sm@example.com')
      let cursor = (await pullAll(mate, ws, 0)).cursor
      const seen = new Set<string>()
      let writing = true
      const reader = (async () => {
        while (writing) {
          const res = await pull(mate, ws, cursor, 3)
          expect(res.status).toBe(200)
          for (const i of res.body.data.upserts.icons) seen.add(i.id)
          cursor = res.body.data.version
          // A real client's pulls are apart by a network round trip; through app.request() on PGlite
          // a tight loop would never yield to the SVG workers' messages.
          await new Promise((r) => setTimeout(r, 5))
        }
      })()
      // Two writers (two users; on Postgres two app processes), each creating one icon after another.
      const writer = async (app: TestApp, cookie: string, from: number) => {
        const ids: string[] = []
        for (let n = from; n < from + 12; n++) {
          const body = icon(project, n)
          // A busy SVG pool asks to come back (429/503): sent again until it is taken, as a client would.
          const res = await vi.waitFor(
            async () => {
              const sent = await app.post('/api/icons/create', cookie, body)
              if (sent.status === 429 || sent.status === 503) throw new Error(`busy: ${sent.status}`)
              return sent
            },
            { timeout: 20_000, interval: 100 },
          )
          expect(res.status, JSON.stringify(res.body)).toBe(200)
          ids.push(body.id)
        }
        return ids
      }
      const made = await Promise.all([writer(t, owner, 40), writer(second, otherMate, 60)]).finally(() => {
        writing = false
      })
      await reader
      for (const i of (await pullAll(mate, ws, cursor)).pages.flatMap((p) => p.upserts.icons)) seen.add(i.id)
      expect(made.flat().filter((id) => !seen.has(id))).toEqual([])
    } finally {
      if (second !== t) await second.close()
    }
  })

  it('announces a change only if it commits: the note is sent inside the writing transaction', async () => {
    const stream = readSse(await t.request('/api/events', { cookie: mate }))
    await stream.next((e) => e.event === 'ready')
    // A check that fails at commit, after the create sent its note: the transaction rolls back.
    const db = t.ctx.store
    await db.db.execute(
      `create or replace function sync_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused at commit'; end $$` as never,
    )
    await db.db.execute(
      `create constraint trigger sync_test_refuse after insert on icons deferrable initially deferred for each row when (new.name = 'Doomed') execute function sync_test_refuse()` as never,
    )
    try {
      const doomed = { ...icon(project, 50), name: 'Doomed' }
      expect((await t.post('/api/icons/create', owner, doomed)).status).toBe(500)
      const kept = icon(project, 51)
      expect((await t.post('/api/icons/create', owner, kept)).status).toBe(200)
      // Notes are delivered in order: once the later one arrived, the rolled-back one never will.
      await stream.next((e) => e.event === 'change' && e.data.includes(kept.id))
      expect(stream.events.some((e) => e.data.includes(doomed.id))).toBe(false)
      expect(
        (await t.get(`/api/icons?project_id=${project}`, owner)).body.data.map((i: Json) => i.id),
      ).not.toContain(doomed.id)
    } finally {
      stream.close()
      await db.db.execute('drop trigger sync_test_refuse on icons' as never)
    }
  })
})
