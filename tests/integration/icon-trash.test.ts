// A project's "Recently deleted" through the API (ADR 0016): a deleted icon waits 30 days
// and comes back with its id, name, aliases and history; a pull from any cursor ends with it; the
// undelete is checked like a create (save rule, quota); past 30 days it goes with its versions.
// Also the permission matrix of every new icon action by role.
import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { TRASH_MS } from '../../common/retention.ts'
import { deletedIcons, iconVersions, syncTombstones } from '../../server/db/schema/index.ts'
import { purgeTrash } from '../../server/domain/icons/icon-trash.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

const drawing = (d: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${d}"/></svg>`
const STAR = drawing('M2 2h20v20H2z')

function trashFlow(kind: DbKind) {
  let t: TestApp
  let owner: string
  let admin: string
  let member: string
  let viewer: string
  let former: string
  let outsider: string
  let solo: string
  const wsId = randomUUID()
  const projectId = randomUUID()
  const soloProject = randomUUID()
  /** An icon of the solo user's personal project (made by the quota test). */
  let soloIcon = ''

  const create = async (
    name: string,
    cookie = owner,
    project = projectId,
    workspace: string | null = wsId,
  ) => {
    const res = await t.post('/api/icons/create', cookie, {
      id: randomUUID(),
      name,
      svg: STAR,
      project_id: project,
      workspace_id: workspace,
    })
    expect(res.status).toBe(200)
    return res.body.data as Json
  }

  /** Every change of the workspace since `since`, applied to `rows` (a client's local icons). */
  const pull = async (since: string, rows = new Map<string, Json>()) => {
    let cursor = since
    for (let page = 0; page < 20; page++) {
      const res = await t.get(`/api/sync?scope=${wsId}&since=${cursor}`, member)
      expect(res.status).toBe(200)
      const body = res.body.data ?? res.body
      for (const id of body.deletions.icons) rows.delete(id)
      for (const row of body.upserts.icons) rows.set(row.id, row)
      cursor = body.cursor ?? String(body.version)
      if (!body.more) return { rows, cursor }
    }
    throw new Error('too many pages')
  }

  beforeAll(async () => {
    // A pro user's personal projects hold 2 icons here: an undelete counts like a create.
    t = await createTestApp(kind, { PLAN_ICONS_PRO: '2' })
    const team = await seedTeam(t, {
      owner: 'trash-owner@example.com',
      members: {
        'trash-admin@example.com': 'admin',
        'trash-member@example.com': 'member',
        'trash-viewer@example.com': 'viewer',
        'trash-former@example.com': 'member',
      },
      wsId,
    })
    owner = team.owner
    admin = team.members['trash-admin@example.com']!
    member = team.members['trash-member@example.com']!
    viewer = team.members['trash-viewer@example.com']!
    former = team.members['trash-former@example.com']!
    outsider = await t.signIn('trash-outsider@example.com')
    solo = await t.signIn('trash-solo@example.com')
    await t.setPlan('trash-solo@example.com', 'pro')
    expect(
      (await t.post('/api/projects/create', owner, { id: projectId, name: 'Trash', workspace_id: wsId }))
        .status,
    ).toBe(200)
    expect(
      (await t.post('/api/projects/create', solo, { id: soloProject, name: 'Mine', workspace_id: null }))
        .status,
    ).toBe(200)
    const people = await t.get(`/api/workspaces/access-users?workspaceId=${wsId}`, owner)
    const row = people.body.data.find((p: Json) => p.email === 'trash-former@example.com')
    expect(
      (await t.post('/api/workspaces/delete-access', owner, { workspaceId: wsId, personId: row.id })).status,
    ).toBe(200)
  })
  afterAll(() => t?.close())

  it('delete → recently deleted → undelete: same id, name, aliases and history; pulls from any cursor end with it', async () => {
    const icon = await create('trash-home')
    await t.post('/api/icons/update', owner, { id: icon.id, name: 'trash-house' })
    const { rows: before, cursor: beforeDelete } = await pull('0')
    expect(before.get(icon.id)).toMatchObject({ name: 'trash-house', revision: 2 })

    expect(await t.post('/api/icons/delete', member, { id: icon.id })).toEqual({
      status: 200,
      body: { data: { id: icon.id } },
    })
    const { rows: afterDelete, cursor: deletedAt } = await pull(beforeDelete, new Map(before))
    expect(afterDelete.has(icon.id)).toBe(false)
    expect(
      (await t.get(`/api/icons?project_id=${projectId}`, owner)).body.data.map((i: Json) => i.id),
    ).not.toContain(icon.id)

    const listed = await t.get(`/api/icons/deleted?project_id=${projectId}`, viewer)
    expect(listed.status).toBe(200)
    expect(listed.body.data[0]).toMatchObject({
      id: icon.id,
      name: 'trash-house',
      revision: 2,
      aliases: [expect.objectContaining({ name: 'trash-home', deprecated: true })],
      deleted_by: expect.any(String),
      deleted_at: expect.any(String),
    })
    // Its id stays taken while it waits: a create of that id is a conflict, not a second history.
    const again = await t.post('/api/icons/create', member, {
      id: icon.id,
      name: 'trash-house',
      svg: STAR,
      project_id: projectId,
      workspace_id: wsId,
    })
    expect(again).toEqual({ status: 409, body: { error: appMessages.idTaken, code: 'id_taken' } })
    // Its history stays readable in the trash.
    expect((await t.get(`/api/icons/history?id=${icon.id}`, viewer)).body.data).toHaveLength(2)

    const back = await t.post('/api/icons/undelete', member, { id: icon.id })
    expect(back.status).toBe(200)
    expect(back.body.data).toMatchObject({
      id: icon.id,
      name: 'trash-house',
      revision: 3,
      project_id: projectId,
    })
    expect(back.body.data.aliases.map((a: Json) => a.name)).toEqual(['trash-home'])
    const versions = (await t.get(`/api/icons/history?id=${icon.id}`, owner)).body.data as Json[]
    expect(versions.map((v) => v.change.kind)).toEqual(['undeleted', 'edited', 'created'])
    expect(
      (await t.get(`/api/icons/deleted?project_id=${projectId}`, owner)).body.data.map((i: Json) => i.id),
    ).not.toContain(icon.id)
    // Its tombstone went in the same write.
    expect(await t.ctx.store.db.select().from(syncTombstones).where(eq(syncTombstones.id, icon.id))).toEqual(
      [],
    )
    // A client at any cursor ends with the row: before the delete, after it, and from scratch.
    for (const [since, start] of [
      [beforeDelete, before],
      [deletedAt, afterDelete],
      ['0', new Map()],
    ] as const) {
      const { rows } = await pull(since, new Map(start))
      expect(rows.get(icon.id)).toMatchObject({ id: icon.id, name: 'trash-house', revision: 3 })
    }
    // Undeleted once: not twice.
    expect(await t.post('/api/icons/undelete', member, { id: icon.id })).toEqual({
      status: 404,
      body: { error: appMessages.deletedIconNotFound, code: 'not_found' },
    })
  })

  it('undelete is checked like a create: the quota and the save rule', async () => {
    const a = await create('solo-a', solo, soloProject, null)
    soloIcon = (await create('solo-b', solo, soloProject, null)).id
    await t.post('/api/icons/delete', solo, { id: a.id })
    await create('solo-c', solo, soloProject, null)
    const full = await t.post('/api/icons/undelete', solo, { id: a.id })
    expect(full.status).toBe(403)
    expect(full.body.code).toBe('quota_reached')
    await t.setPlan('trash-solo@example.com', 'free')
    try {
      const plan = await t.post('/api/icons/undelete', solo, { id: a.id })
      expect(plan.status).toBe(403)
      expect(plan.body.code).toBe('plan_required')
    } finally {
      await t.setPlan('trash-solo@example.com', 'pro')
    }
    // Still in the trash, whole.
    expect(
      (await t.get(`/api/icons/deleted?project_id=${soloProject}`, solo)).body.data.map((i: Json) => i.id),
    ).toEqual([a.id])
  })

  it('past 30 days an icon goes for good with its versions', async () => {
    const icon = await create('old-one')
    await t.post('/api/icons/delete', owner, { id: icon.id })
    const db = t.ctx.store.db
    await db
      .update(deletedIcons)
      .set({ deleted_at: new Date(Date.now() - TRASH_MS - 60_000) })
      .where(eq(deletedIcons.id, icon.id))
    // Not listed, not restorable, even before the purge ran.
    expect(
      (await t.get(`/api/icons/deleted?project_id=${projectId}`, owner)).body.data.map((i: Json) => i.id),
    ).not.toContain(icon.id)
    expect((await t.post('/api/icons/undelete', owner, { id: icon.id })).status).toBe(404)
    await purgeTrash(db, TRASH_MS)
    const left = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(iconVersions)
      .where(inArray(iconVersions.icon_id, [icon.id]))
    expect(left[0]?.n).toBe(0)
    expect(await db.select().from(deletedIcons).where(eq(deletedIcons.id, icon.id))).toEqual([])
    expect((await t.get(`/api/icons/history?id=${icon.id}`, owner)).status).toBe(404)
  })

  it('permission matrix of the new icon actions and project:aliases, by role', async () => {
    const who = () => ({ owner, admin, member, viewer, outsider, former })
    // Expected status per role: [history, restore, replace, deleted, undelete, aliases, alias create/update/delete]
    const expected: Record<string, number[]> = {
      owner: [200, 200, 200, 200, 200, 200, 200, 200, 200],
      admin: [200, 200, 200, 200, 200, 200, 200, 200, 200],
      member: [200, 200, 200, 200, 200, 200, 403, 403, 403],
      viewer: [200, 403, 403, 200, 403, 200, 403, 403, 403],
      outsider: [404, 404, 404, 404, 404, 404, 404, 404, 404],
      former: [404, 404, 404, 404, 404, 404, 404, 404, 404],
    }
    for (const [role, cookie] of Object.entries(who())) {
      const icon = await create(`matrix-${role}`)
      const gone = await create(`matrix-gone-${role}`)
      await t.post('/api/icons/delete', owner, { id: gone.id })
      const alias = `matrix-alias-${role}`
      const got = [
        (await t.get(`/api/icons/history?id=${icon.id}`, cookie)).status,
        (await t.post('/api/icons/restore', cookie, { id: icon.id, version: 1 })).status,
        (await t.post('/api/icons/replace', cookie, { id: icon.id, svg: drawing('M3 3h18v18H3z') })).status,
        (await t.get(`/api/icons/deleted?project_id=${projectId}`, cookie)).status,
        (await t.post('/api/icons/undelete', cookie, { id: gone.id })).status,
        (await t.get(`/api/projects/aliases?project_id=${projectId}`, cookie)).status,
        (
          await t.post('/api/projects/aliases/create', cookie, {
            project_id: projectId,
            icon_id: icon.id,
            name: alias,
          })
        ).status,
        (
          await t.post('/api/projects/aliases/update', cookie, {
            project_id: projectId,
            name: alias,
            deprecated: true,
            reason: 'duplicate',
            remove_in: '2.0.0',
          })
        ).status,
        (await t.post('/api/projects/aliases/delete', cookie, { project_id: projectId, name: alias })).status,
      ]
      expect({ role, got }).toEqual({ role, got: expected[role] })
    }
    // Personal mode: the owner may do all of it in their own project.
    expect(soloIcon).not.toBe('')
    const res = await t.post('/api/projects/aliases/create', solo, {
      project_id: soloProject,
      icon_id: soloIcon,
      name: 'solo-alias',
    })
    expect(res.status).toBe(200)
    expect((await t.get(`/api/icons/history?id=${soloIcon}`, solo)).status).toBe(200)
    expect((await t.post('/api/icons/restore', solo, { id: soloIcon, version: 1 })).status).toBe(200)
  })
}

describe('icon trash on pglite', () => trashFlow('pglite'))
postgresOnly('icon trash on postgres', () => trashFlow('postgres'))
