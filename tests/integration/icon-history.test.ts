// Icon history through the API (ADR 0015): every write records a version in the one write
// path; restore brings a version back as a new one and teammates hear it live; replace keeps the
// icon's identity; an update based on an older revision still wins and says what it replaced.
import { randomUUID } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { iconVersions } from '../../server/db/schema/index.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { readSse } from '../setup/sse.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

const drawing = (d: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${d}"/></svg>`
const FIRST = drawing('M2 2h20v20H2z')
const SECOND = drawing('M4 4h16v16H4z')
const THIRD = drawing('M6 6h12v12H6z')

function historyFlow(kind: DbKind) {
  let t: TestApp
  let owner: string
  let mate: string
  let viewer: string
  let outsider: string
  const wsId = randomUUID()
  const projectId = randomUUID()

  const create = async (name: string, svg = FIRST, cookie = owner) => {
    const id = randomUUID()
    const res = await t.post('/api/icons/create', cookie, {
      id,
      name,
      svg,
      project_id: projectId,
      workspace_id: wsId,
    })
    expect(res.status).toBe(200)
    return res.body.data as Json
  }
  const history = async (id: string, cookie = owner) => t.get(`/api/icons/history?id=${id}`, cookie)

  beforeAll(async () => {
    t = await createTestApp(kind)
    const team = await seedTeam(t, {
      owner: 'hist-owner@example.com',
      members: { 'hist-mate@example.com': 'member', 'hist-viewer@example.com': 'viewer' },
      wsId,
    })
    owner = team.owner
    mate = team.members['hist-mate@example.com']!
    viewer = team.members['hist-viewer@example.com']!
    outsider = await t.signIn('hist-outsider@example.com')
    expect(
      (await t.post('/api/projects/create', owner, { id: projectId, name: 'History', workspace_id: wsId }))
        .status,
    ).toBe(200)
  })
  afterAll(() => t?.close())

  it('lists four versions of an icon edited three times; restoring the first brings back exactly its markup, live', async () => {
    const icon = await create('home')
    expect(icon.revision).toBe(1)
    const stored = (await history(icon.id)).body.data[0].svg as string
    expect((await t.post('/api/icons/replace', owner, { id: icon.id, svg: SECOND })).status).toBe(200)
    expect((await t.post('/api/icons/update', owner, { id: icon.id, name: 'house' })).status).toBe(200)
    const third = await t.post('/api/icons/replace', owner, { id: icon.id, svg: THIRD })
    expect(third.body.data).toMatchObject({ id: icon.id, name: 'house', revision: 4 })

    const listed = await history(icon.id, viewer)
    expect(listed.status).toBe(200)
    const versions = listed.body.data as Json[]
    expect(versions.map((v) => v.version)).toEqual([4, 3, 2, 1])
    expect(versions.map((v) => v.change.kind)).toEqual(['replaced', 'edited', 'replaced', 'created'])
    expect(versions[1].change.fields).toEqual(['name'])
    expect(versions.map((v) => v.name)).toEqual(['house', 'house', 'home', 'home'])
    expect(Object.keys(versions[0]).sort()).toEqual(
      ['change', 'created_at', 'icon_status', 'name', 'svg', 'user_id', 'version'].sort(),
    )
    expect(versions[3].user_id).toBeTruthy()

    // A teammate's live stream hears the restore.
    const stream = readSse(await t.request('/api/events', { cookie: mate }))
    try {
      const restored = await t.post('/api/icons/restore', mate, { id: icon.id, version: 1 })
      expect(restored.status).toBe(200)
      expect(restored.body.data).toMatchObject({ id: icon.id, name: 'home', revision: 5, svg: stored })
      const heard = await stream.next((e) => {
        if (e.event !== 'change') return false
        const data = JSON.parse(e.data)
        return data.entity === 'icons' && data.row?.id === icon.id && data.row?.revision === 5
      }, 10_000)
      expect(JSON.parse(heard.data).row.svg).toBe(stored)
    } finally {
      await stream.close()
    }
    const after = (await history(icon.id)).body.data as Json[]
    expect(after).toHaveLength(5)
    expect(after[0]).toMatchObject({ version: 5, name: 'home', svg: stored })
    expect(after[0].change).toEqual({ kind: 'restored', fields: ['name', 'svg'], from_revision: 1 })
    // The rename back to "home" removed its alias; "house" is an alias now.
    const row = (await t.get(`/api/projects/aliases?project_id=${projectId}`, owner)).body.data as Json[]
    expect(row.filter((a) => a.icon_id === icon.id).map((a) => a.name)).toEqual(['house'])
  })

  it('a restore of bigger markup counts against the storage quota', async () => {
    const icon = await create('quota-restore', drawing(`M0 0${' l1 1'.repeat(200)}z`))
    expect((await t.post('/api/icons/replace', owner, { id: icon.id, svg: FIRST })).status).toBe(200)
    const usage = (await t.get('/api/usage', owner)).body.data.workspaces.find((w: Json) => w.id === wsId)
    // Fill the workspace's bytes to the brim: the older, bigger drawing no longer fits.
    expect(usage.quota.bytes).toBeGreaterThan(usage.bytes)
    const quotas = t.ctx.config.quotas.gold.workspace
    const saved = quotas.bytes
    quotas.bytes = usage.bytes
    try {
      const refused = await t.post('/api/icons/restore', owner, { id: icon.id, version: 1 })
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe('quota_reached')
      // A smaller one still restores.
      expect((await t.post('/api/icons/restore', owner, { id: icon.id, version: 2 })).status).toBe(200)
    } finally {
      quotas.bytes = saved
    }
  })

  it('answers 404 for an unknown version or icon, 400 for a bad one', async () => {
    const icon = await create('unknown-version')
    expect(await t.post('/api/icons/restore', owner, { id: icon.id, version: 9 })).toEqual({
      status: 404,
      body: { error: appMessages.versionNotFound, code: 'not_found' },
    })
    expect((await t.post('/api/icons/restore', owner, { id: icon.id, version: 0 })).status).toBe(400)
    expect((await t.post('/api/icons/restore', owner, { id: randomUUID(), version: 1 })).status).toBe(404)
    expect((await history(randomUUID())).status).toBe(404)
    expect((await history(icon.id, outsider)).status).toBe(404)
  })

  it('replaces a drawing keeping id, name, aliases and history, with the same refusals as create', async () => {
    const icon = await create('bell')
    await t.post('/api/icons/update', owner, { id: icon.id, name: 'bell-ring' })
    const replaced = await t.post('/api/icons/replace', mate, { id: icon.id, svg: SECOND })
    expect(replaced.status).toBe(200)
    expect(replaced.body.data).toMatchObject({
      id: icon.id,
      name: 'bell-ring',
      revision: 3,
      aliases: [expect.objectContaining({ name: 'bell', deprecated: true, reason: 'renamed' })],
    })
    expect(replaced.body.data.svg).toContain('M4 4h16v16H4z')
    const bad = await t.post('/api/icons/replace', owner, { id: icon.id, svg: '<html><body/></html>' })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/not an SVG/)
    expect((await t.post('/api/icons/replace', viewer, { id: icon.id, svg: THIRD })).status).toBe(403)
    // The plan rule: the owner's plan lapsed, nobody saves here, a replace neither.
    await t.setPlan('hist-owner@example.com', 'free')
    try {
      const refused = await t.post('/api/icons/replace', mate, { id: icon.id, svg: THIRD })
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe('plan_required')
    } finally {
      await t.setPlan('hist-owner@example.com', 'gold')
    }
    const versions = (await history(icon.id)).body.data as Json[]
    expect(versions.map((v) => v.change.kind)).toEqual(['replaced', 'edited', 'created'])
  })

  it('an update based on an older revision wins but says which version it replaced, and both stay in history', async () => {
    const icon = await create('star')
    // The mate renames at revision 1 …
    const first = await t.post('/api/icons/update', mate, {
      id: icon.id,
      name: 'star-mate',
      base_revision: 1,
    })
    expect(first.body).toEqual({ data: expect.objectContaining({ name: 'star-mate', revision: 2 }) })
    // … the owner, offline on revision 1 too, renames later: it wins, and is told.
    const second = await t.post('/api/icons/update', owner, {
      id: icon.id,
      name: 'star-owner',
      base_revision: 1,
    })
    expect(second.status).toBe(200)
    expect(second.body.data).toMatchObject({ name: 'star-owner', revision: 3 })
    expect(second.body.conflict).toEqual({
      replaced_revision: 2,
      replaced_name: 'star-mate',
      replaced_by: { id: expect.any(String), name: expect.any(String), email: 'hist-mate@example.com' },
    })
    const versions = (await history(icon.id)).body.data as Json[]
    expect(versions.map((v) => v.name)).toEqual(['star-owner', 'star-mate', 'star'])
    expect(versions[0].change.replaced).toEqual({ revision: 2, user_id: versions[1].user_id })
    // Based on the newest revision, or the writer's own newer version: no conflict.
    const own = await t.post('/api/icons/update', owner, { id: icon.id, name: 'star-2', base_revision: 1 })
    expect(own.body.conflict).toBeUndefined()
    const current = await t.post('/api/icons/update', mate, { id: icon.id, name: 'star-3', base_revision: 4 })
    expect(current.body.conflict).toBeUndefined()
  })

  it('records a create-many of 500 icons in one insert of 500 versions', async () => {
    const icons = Array.from({ length: 500 }, (_, i) => ({
      id: randomUUID(),
      name: `bulk-${i}`,
      svg: drawing(`M${i % 20} 0h1v1h-1z`),
      project_id: projectId,
      workspace_id: wsId,
    }))
    const started = Date.now()
    const res = await t.post('/api/icons/create-many', owner, { icons })
    const took = Date.now() - started
    expect(res.status).toBe(200)
    expect((res.body.data.results as Json[]).every((r) => r.data?.revision === 1)).toBe(true)
    const first = (await history(icons[0]!.id)).body.data as Json[]
    const last = (await history(icons[499]!.id)).body.data as Json[]
    expect(first).toEqual([
      expect.objectContaining({ version: 1, name: 'bulk-0', change: { kind: 'created', fields: [] } }),
    ])
    expect(last).toHaveLength(1)
    const ids = icons.map((i) => i.id)
    const [counted] = await t.ctx.store.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(iconVersions)
      .where(inArray(iconVersions.icon_id, ids))
    expect(counted?.n).toBe(500)
    expect(took).toBeLessThan(60_000)
  })
}

describe('icon history on pglite', () => historyFlow('pglite'))
postgresOnly('icon history on postgres', () => historyFlow('postgres'))
