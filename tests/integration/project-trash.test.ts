// Deleted projects are kept 30 days and restorable (ADR 0018): a delete makes the
// project gone from every read path (lists, pulls, icon list, storage usage), lists it in "Recently
// deleted" with who deleted it, and a restore brings it back with the same icon ids; a pull from a
// cursor taken before the delete ends with them. Members hear the delete with its author.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { TRASH_MS } from '../../common/retention.ts'
import { deletedIcons, iconVersions, projects } from '../../server/db/schema/index.ts'
import { purgeDeleted } from '../../server/domain/projects/trash.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { readSse } from '../setup/sse.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n} 2h10v20H${n}z"/></svg>`

/** The team, a shared project with three icons, and a helper for each read path. */
async function setUp(t: TestApp) {
  const team = await seedTeam(t, {
    owner: 'tro@example.com',
    members: { 'tra@example.com': 'admin', 'trm@example.com': 'member', 'trv@example.com': 'viewer' },
    name: 'Trash team',
  })
  const outsider = await t.signIn('trx@example.com')
  const projectId = randomUUID()
  expect(
    (
      await t.post('/api/projects/create', team.owner, {
        id: projectId,
        name: 'Brand icons',
        workspace_id: team.wsId,
      })
    ).status,
  ).toBe(200)
  const iconIds: string[] = []
  for (let n = 1; n <= 3; n++) {
    const id = randomUUID()
    const res = await t.post('/api/icons/create', team.owner, {
      id,
      name: `icon-${n}`,
      svg: svgOf(n),
      project_id: projectId,
      origin_icon_id: null,
      workspace_id: team.wsId,
      icon_status: 'approved',
    })
    expect(res.status).toBe(200)
    iconIds.push(id)
  }
  return { ...team, outsider, projectId, iconIds: iconIds.sort() }
}

/** Every page of a scope's pull from `since`: the upserted and deleted ids, and the cursor it ends at. */
async function pullAll(t: TestApp, cookie: string, scope: string, since: number) {
  const upserts = { projects: new Set<string>(), icons: new Set<string>() }
  const deletions = { projects: new Set<string>(), icons: new Set<string>() }
  let cursor: string | number = since
  for (;;) {
    const res = await t.get(`/api/sync?scope=${scope}&since=${cursor}`, cookie)
    expect(res.status).toBe(200)
    const page = res.body.data
    for (const kind of ['projects', 'icons'] as const) {
      for (const row of page.upserts[kind]) {
        upserts[kind].add(row.id)
        deletions[kind].delete(row.id)
      }
      for (const id of page.deletions[kind]) {
        deletions[kind].add(id)
        upserts[kind].delete(id)
      }
    }
    cursor = page.cursor ?? page.version
    if (!page.more) return { upserts, deletions, version: page.version as number }
  }
}

describe.each(dbKinds)('project trash on %s', (kind) => {
  let t: TestApp
  let team: Awaited<ReturnType<typeof setUp>>
  const admin = () => team.members['tra@example.com']!
  const member = () => team.members['trm@example.com']!
  const viewer = () => team.members['trv@example.com']!

  beforeAll(async () => {
    t = await createTestApp(kind, { PLAN_ICONS_PRO: '3' })
    team = await setUp(t)
  })
  afterAll(() => t?.close())

  it('deletes a project out of every read path, lists it as deleted and restores it whole', async () => {
    const { owner, wsId, projectId, iconIds } = team
    const before = await pullAll(t, member(), wsId, 0)
    expect([...before.upserts.icons].sort()).toEqual(iconIds)
    const usageBefore = (await t.get('/api/usage', member())).body.data.workspaces[0]
    expect(usageBefore.icons).toBe(3)

    // The member's stream hears the delete, with who did it.
    const stream = readSse(await t.request('/api/events', { cookie: member() }))
    await stream.next((e) => e.event === 'ready')
    const deleted = await t.post('/api/projects/delete', admin(), { id: projectId })
    expect(deleted).toEqual({ status: 200, body: { data: { id: projectId } } })
    const heard = await stream.next((e) => e.event === 'change' && JSON.parse(e.data).op === 'delete')
    expect(JSON.parse(heard.data)).toMatchObject({ entity: 'projects', op: 'delete', id: projectId })
    const heardBy = JSON.parse(heard.data).by
    await stream.close()

    // Gone everywhere: the list, the icon list, pulls (from the old cursor and from scratch), usage.
    expect((await t.get('/api/projects', member())).body.data.map((p: Json) => p.id)).not.toContain(projectId)
    expect((await t.get(`/api/icons?project_id=${projectId}`, member())).status).toBe(404)
    const after = await pullAll(t, member(), wsId, before.version)
    expect([...after.deletions.projects]).toEqual([projectId])
    expect([...after.deletions.icons].sort()).toEqual(iconIds)
    const fresh = await pullAll(t, member(), wsId, 0)
    expect(fresh.upserts.projects.has(projectId)).toBe(false)
    expect(fresh.upserts.icons.size).toBe(0)
    expect((await t.get('/api/usage', member())).body.data.workspaces[0].icons).toBe(0)
    expect((await t.post('/api/projects/update', owner, { id: projectId, name: 'x' })).status).toBe(404)
    expect((await t.post('/api/projects/delete', owner, { id: projectId })).status).toBe(404)

    // Listed as deleted for those who may delete projects there, with who did it and its icons.
    const list = await t.get(`/api/projects/deleted?workspace_id=${wsId}`, owner)
    expect(list.status).toBe(200)
    expect(list.body.data).toEqual([
      {
        id: projectId,
        name: 'Brand icons',
        workspace_id: wsId,
        deleted_at: expect.any(String),
        deleted_by: { id: expect.any(String), name: expect.any(String), email: 'tra@example.com' },
        icon_count: 3,
      },
    ])
    // Told by whom: the name, else the e-mail.
    expect(heardBy).toBe(list.body.data[0].deleted_by.name || 'tra@example.com')
    const forbidden = { status: 403, body: { error: messages.notAuthorized, code: 'not_authorized' } }
    expect(await t.get(`/api/projects/deleted?workspace_id=${wsId}`, member())).toEqual(forbidden)
    expect(await t.post('/api/projects/restore', member(), { id: projectId })).toEqual(forbidden)
    expect(await t.post('/api/projects/restore', viewer(), { id: projectId })).toEqual(forbidden)
    expect((await t.get(`/api/projects/deleted?workspace_id=${wsId}`, team.outsider)).status).toBe(404)
    expect(await t.post('/api/projects/restore', team.outsider, { id: projectId })).toEqual({
      status: 404,
      body: { error: appMessages.deletedProjectNotFound, code: 'not_found' },
    })

    // Restored: the same project and icon ids, heard by members, pulled from the old cursor.
    const restored = await t.post('/api/projects/restore', owner, { id: projectId })
    expect(restored.status).toBe(200)
    expect(restored.body.data).toMatchObject({ id: projectId, name: 'Brand icons', workspace_id: wsId })
    expect((await t.get('/api/projects', member())).body.data.map((p: Json) => p.id)).toContain(projectId)
    const listed = await t.get(`/api/icons?project_id=${projectId}`, member())
    expect(listed.body.data.map((i: Json) => i.id).sort()).toEqual(iconIds)
    expect(listed.body.data.map((i: Json) => i.name).sort()).toEqual(['icon-1', 'icon-2', 'icon-3'])
    const back = await pullAll(t, member(), wsId, before.version)
    expect(back.upserts.projects.has(projectId)).toBe(true)
    expect([...back.upserts.icons].sort()).toEqual(iconIds)
    expect(back.deletions.icons.size).toBe(0)
    const between = await pullAll(t, member(), wsId, after.version)
    expect([...between.upserts.icons].sort()).toEqual(iconIds)
    expect((await t.get('/api/usage', member())).body.data.workspaces[0].icons).toBe(3)
    expect((await t.get(`/api/projects/deleted?workspace_id=${wsId}`, owner)).body.data).toEqual([])
    expect((await t.post('/api/projects/restore', owner, { id: projectId })).status).toBe(404)
    // History came back with them: the icons' recorded versions are still theirs.
    const versions = await t.ctx.store.db
      .select()
      .from(iconVersions)
      .where(eq(iconVersions.icon_id, iconIds[0]!))
    expect(versions.length).toBeGreaterThanOrEqual(1)
  })

  it('keeps personal projects to their owner and refuses a restore past the storage quota', async () => {
    const me = await t.signIn('trp@example.com')
    await t.setPlan('trp@example.com', 'pro')
    const addIcons = async (projectId: string, n: number) => {
      for (let k = 0; k < n; k++) {
        const res = await t.post('/api/icons/create', me, {
          id: randomUUID(),
          name: `solo-${k}`,
          svg: svgOf(k + 4),
          project_id: projectId,
          origin_icon_id: null,
          workspace_id: null,
          icon_status: 'approved',
        })
        expect(res.status).toBe(200)
      }
    }
    const id = randomUUID()
    await t.post('/api/projects/create', me, { id, name: 'Mine', workspace_id: null })
    await addIcons(id, 1)
    expect((await t.post('/api/projects/delete', me, { id })).status).toBe(200)
    expect((await t.get('/api/projects/deleted', me)).body.data.map((p: Json) => p.id)).toEqual([id])
    expect((await t.get('/api/projects/deleted', team.owner)).body.data).toEqual([])
    expect((await t.post('/api/projects/restore', team.owner, { id })).status).toBe(404)
    // The plan's room (PLAN_ICONS_PRO=3) filled meanwhile: the restore says why and changes nothing.
    const other = randomUUID()
    await t.post('/api/projects/create', me, { id: other, name: 'Other', workspace_id: null })
    await addIcons(other, 3)
    const refused = await t.post('/api/projects/restore', me, { id })
    expect(refused).toEqual({
      status: 403,
      body: { error: appMessages.iconQuotaReached('personal', '3'), code: 'quota_reached' },
    })
    expect((await t.get('/api/projects/deleted', me)).body.data.map((p: Json) => p.id)).toEqual([id])
    expect((await t.post('/api/projects/delete', me, { id: other })).status).toBe(200)
    expect((await t.post('/api/projects/restore', me, { id })).status).toBe(200)
    expect((await t.get(`/api/icons?project_id=${id}`, me)).body.data).toHaveLength(1)
  })

  it('purges projects deleted over 30 days ago, with their icons', async () => {
    const id = randomUUID()
    await t.post('/api/projects/create', team.owner, { id, name: 'Old', workspace_id: team.wsId })
    await t.post('/api/icons/create', team.owner, {
      id: randomUUID(),
      name: 'old',
      svg: svgOf(5),
      project_id: id,
      origin_icon_id: null,
      workspace_id: team.wsId,
      icon_status: 'approved',
    })
    await t.post('/api/projects/delete', team.owner, { id })
    const db = t.ctx.store.db
    await db
      .update(projects)
      .set({ deleted_at: new Date(Date.now() - TRASH_MS - 60_000) })
      .where(eq(projects.id, id))
    expect((await t.get(`/api/projects/deleted?workspace_id=${team.wsId}`, team.owner)).body.data).toEqual([])
    expect((await t.post('/api/projects/restore', team.owner, { id })).status).toBe(404)
    const { store, events, mailer, config, svg, heavy, logger } = t.ctx
    await purgeDeleted({ db: store.db, events, mailer, config, svg, heavy, logger }, TRASH_MS)
    expect(await db.select().from(projects).where(eq(projects.id, id))).toEqual([])
    expect(await db.select().from(deletedIcons).where(eq(deletedIcons.with_project, id))).toEqual([])
  })
})

postgresOnly('project trash on postgres, restores racing', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('postgres')
  })
  afterAll(() => t?.close())

  it('two restores at once bring the project back once, every icon once', async () => {
    const team = await setUp(t)
    expect((await t.post('/api/projects/delete', team.owner, { id: team.projectId })).status).toBe(200)
    const admin = team.members['tra@example.com']!
    const answers = await Promise.all([
      t.post('/api/projects/restore', team.owner, { id: team.projectId }),
      t.post('/api/projects/restore', admin, { id: team.projectId }),
    ])
    for (const a of answers) expect([200, 404]).toContain(a.status)
    expect(answers.some((a) => a.status === 200)).toBe(true)
    const listed = await t.get(`/api/icons?project_id=${team.projectId}`, team.owner)
    expect(listed.body.data.map((i: Json) => i.id).sort()).toEqual(team.iconIds)
  })
})
