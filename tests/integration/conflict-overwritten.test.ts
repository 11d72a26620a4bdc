// A change replaced without being seen is told to both sides (ADR 0016, 0408): the late writer in
// the answer (`conflict`), and the author of the replaced version live, on their own stream: the
// icon's upsert event carries `replaced` (whose version, its revision and name, and who replaced it).
// An update based on the current revision carries nothing of the kind.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChangeEvent } from '../../common/schemas/events.ts'
import { seedTeam, type Team } from '../setup/seed-team.ts'
import { readSse } from '../setup/sse.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const change = (e: { event: string; data: string }) =>
  e.event === 'change' ? (JSON.parse(e.data) as ChangeEvent) : null
const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h8v8H2z"/></svg>'

describe.each(dbKinds)('the overwritten side of a conflict on %s', (kind) => {
  let t: TestApp
  let team: Team
  let mate: string
  let ownerId: string
  const projectId = randomUUID()

  beforeAll(async () => {
    t = await createTestApp(kind)
    team = await seedTeam(t, { owner: 'co-owner@example.com', members: { 'co-mate@example.com': 'member' } })
    mate = team.members['co-mate@example.com']!
    ownerId = (await t.get('/api/me', team.owner)).body.user.id
    const made = await t.post('/api/projects/create', team.owner, {
      id: projectId,
      name: 'App',
      workspace_id: team.wsId,
    })
    expect(made.status).toBe(200)
  })
  afterAll(() => t?.close())

  const newIcon = async (name: string) => {
    const id = randomUUID()
    const res = await t.post('/api/icons/create', team.owner, {
      id,
      name,
      svg,
      project_id: projectId,
      workspace_id: team.wsId,
    })
    expect(res.status).toBe(200)
    return { id, revision: res.body.data.revision as number }
  }

  it('tells the author of the replaced version, live, who replaced it and what was theirs', async () => {
    const icon = await newIcon('home')
    const stream = readSse(await t.request('/api/events', { cookie: team.owner }))
    await stream.next((e) => e.event === 'ready')
    // The owner renames it online; the mate's rename was made offline on the revision before.
    expect((await t.post('/api/icons/update', team.owner, { id: icon.id, name: 'house' })).status).toBe(200)
    const late = await t.post('/api/icons/update', mate, {
      id: icon.id,
      name: 'casa',
      base_revision: icon.revision,
    })
    expect(late.status).toBe(200)
    expect(late.body.conflict).toMatchObject({ replaced_name: 'house', replaced_by: { id: ownerId } })

    // Each change note is sent with the icon's row as it is when the note is read: under load the
    // owner's own rename may be read after the mate's and arrive as a 'casa' upsert too. The one
    // that matters is the event that carries `replaced`.
    const told = change(
      await stream.next((e) => {
        const c = change(e)
        return c?.entity === 'icons' && c.op === 'upsert' && c.row.name === 'casa' && 'replaced' in c
      }),
    )
    expect(told).toMatchObject({
      entity: 'icons',
      op: 'upsert',
      row: { id: icon.id, name: 'casa' },
      replaced: {
        user_id: ownerId,
        revision: icon.revision + 1,
        name: 'house',
        by: 'co-mate@example.com',
      },
    })
    await stream.close()
  })

  it('says nothing of the kind for an update based on the current revision', async () => {
    const icon = await newIcon('star')
    const stream = readSse(await t.request('/api/events', { cookie: team.owner }))
    await stream.next((e) => e.event === 'ready')
    const res = await t.post('/api/icons/update', mate, {
      id: icon.id,
      name: 'sun',
      base_revision: icon.revision,
    })
    expect(res.status).toBe(200)
    expect(res.body.conflict).toBeUndefined()
    const heard = change(
      await stream.next((e) => {
        const c = change(e)
        return c?.entity === 'icons' && c.op === 'upsert' && c.row.name === 'sun'
      }),
    )
    expect(heard).not.toHaveProperty('replaced')
    await stream.close()
  })
})
