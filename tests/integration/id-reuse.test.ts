// An id used before never answers 500 (ADR 0004, 0012), on PGlite and Postgres. Creating an icon with
// the id of a deleted account's icon, or of history left without an icon (an older server's deletion),
// is a new icon with only its own history (single create and create-many, the outbox's path); the id
// of an icon in another user's trash, of another user's deleted project or of their workspace is 409
// `conflict` (a unique constraint no check foresaw: error-codes.test.ts).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { iconVersions } from '../../server/db/schema/index.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

const svg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n} 2h4v${n + 3}h-4z"/></svg>`

function reuseFlow(kind: DbKind) {
  let t: TestApp
  let taker: string
  let takerProject: string

  const newProject = async (cookie: string, name: string) => {
    const id = randomUUID()
    const res = await t.post('/api/projects/create', cookie, { id, name, workspace_id: null })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return id
  }
  const iconBody = (id: string, projectId: string, n: number) => ({
    id,
    name: `Icon ${n}`,
    svg: svg(n),
    project_id: projectId,
    workspace_id: null,
  })
  const newIcon = async (cookie: string, projectId: string, n: number) => {
    const id = randomUUID()
    const res = await t.post('/api/icons/create', cookie, iconBody(id, projectId, n))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return id
  }
  const expectConflict = (res: { status: number; body: Json }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(409)
    expect(res.body.code).toBe('id_taken')
    expect(res.body.error.length).toBeGreaterThan(5)
  }
  /** The icon's history as its new owner sees it: only the versions they made. */
  const historyOf = async (id: string) => {
    const res = await t.get(`/api/icons/history?id=${id}`, taker)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.data as Json[]
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    taker = await t.signIn('reuse-taker@example.com')
    await t.setPlan('reuse-taker@example.com', 'pro')
    takerProject = await newProject(taker, 'Taker')
  })
  afterAll(() => t?.close())

  it('a deleted account’s icon id is a new icon for whoever creates it: 200, only its own history', async () => {
    const leaver = await t.signIn('reuse-leaver@example.com')
    await t.setPlan('reuse-leaver@example.com', 'pro')
    const project = await newProject(leaver, 'Leaver')
    const single = await newIcon(leaver, project, 1)
    const many = await newIcon(leaver, project, 2)
    // A second version of one of them.
    expect((await t.post('/api/icons/update', leaver, { id: single, name: 'Renamed' })).status).toBe(200)
    expect((await t.request('/api/auth/delete-user', { cookie: leaver, json: {} })).status).toBe(200)

    const one = await t.post('/api/icons/create', taker, iconBody(single, takerProject, 3))
    expect(one.status, JSON.stringify(one.body)).toBe(200)
    expect((await historyOf(single)).map((v) => v.version)).toEqual([1])
    const batch = await t.post('/api/icons/create-many', taker, { icons: [iconBody(many, takerProject, 4)] })
    expect(batch.status, JSON.stringify(batch.body)).toBe(200)
    expect(batch.body.data.results[0].data.id).toBe(many)
    expect((await historyOf(many)).map((v) => v.version)).toEqual([1])
  })

  it('history left without any icon (an older server’s leftovers) does not refuse the id', async () => {
    const [single, many] = [randomUUID(), randomUUID()]
    for (const id of [single, many])
      await t.ctx.store.db.insert(iconVersions).values(
        [1, 2].map((revision) => ({
          icon_id: id,
          revision,
          project_id: randomUUID(),
          name: 'Orphan',
          svg: svg(9),
          icon_status: 'approved',
          change: { kind: 'created' as const, fields: [] },
        })),
      )
    const one = await t.post('/api/icons/create', taker, iconBody(single, takerProject, 5))
    expect(one.status, JSON.stringify(one.body)).toBe(200)
    expect((await historyOf(single)).map((v) => [v.version, v.name])).toEqual([[1, 'Icon 5']])
    const batch = await t.post('/api/icons/create-many', taker, { icons: [iconBody(many, takerProject, 6)] })
    expect(batch.status).toBe(200)
    expect(batch.body.data.results[0].data.id).toBe(many)
    expect((await historyOf(many)).map((v) => v.name)).toEqual(['Icon 6'])
    // Repeating the create is still the same icon, not a conflict (idempotent on its id).
    const again = await t.post('/api/icons/create', taker, iconBody(single, takerProject, 5))
    expect(again.status).toBe(200)
  })

  it('another user’s trashed icon, deleted project or workspace keeps its id: 409 conflict', async () => {
    const other = await t.signIn('reuse-other@example.com')
    await t.setPlan('reuse-other@example.com', 'gold')
    const project = await newProject(other, 'Other')
    const trashed = await newIcon(other, project, 7)
    expect((await t.post('/api/icons/delete', other, { id: trashed })).status).toBe(200)
    expectConflict(await t.post('/api/icons/create', taker, iconBody(trashed, takerProject, 8)))
    const batch = await t.post('/api/icons/create-many', taker, {
      icons: [iconBody(trashed, takerProject, 8)],
    })
    expect(batch.status).toBe(200)
    expect(batch.body.data.results[0]).toMatchObject({ id: trashed, status: 409, code: 'id_taken' })

    const gone = await newProject(other, 'Gone')
    expect((await t.post('/api/projects/delete', other, { id: gone })).status).toBe(200)
    expectConflict(
      await t.post('/api/projects/create', taker, { id: gone, name: 'Mine', workspace_id: null }),
    )
    const wsId = randomUUID()
    expect(
      (await t.post('/api/workspaces/create', other, { id: wsId, name: 'Theirs', description: '' })).status,
    ).toBe(200)
    await t.setPlan('reuse-taker@example.com', 'gold')
    expectConflict(await t.post('/api/workspaces/create', taker, { id: wsId, name: 'Mine', description: '' }))
    await t.setPlan('reuse-taker@example.com', 'pro')
  })
}

describe('id reuse on pglite', () => reuseFlow('pglite'))
postgresOnly('id reuse on postgres', () => reuseFlow('postgres'))
