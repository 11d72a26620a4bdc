// A database failure is a 500 (logged), never dressed up as "not found": only a resource the
// caller may not see answers 404. The failure is real: the access table is renamed away.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('errors on %s', (kind) => {
  let t: TestApp
  let owner: string
  const wsId = randomUUID()
  const projectId = randomUUID()
  const iconId = randomUUID()
  const ownProject = randomUUID()

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('err-owner@example.com')
    await t.setPlan('err-owner@example.com', 'gold')
    await t.post('/api/workspaces/create', owner, { id: wsId, name: 'Team', description: '' })
    await t.post('/api/projects/create', owner, {
      id: projectId,
      name: 'P',
      description: '',
      workspace_id: wsId,
    })
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'
    const created = await t.post('/api/icons/create', owner, {
      id: iconId,
      name: 'Square',
      svg,
      project_id: projectId,
      workspace_id: wsId,
    })
    expect(created.status).toBe(200)
    const own = await t.post('/api/projects/create', owner, {
      id: ownProject,
      name: 'Own',
      workspace_id: null,
    })
    expect(own.status).toBe(200)
  })
  afterAll(() => t?.close())

  it('answers 404 for what is not there, and 500 (not 404) when the database fails', async () => {
    expect((await t.get(`/api/icons?project_id=${randomUUID()}`, owner)).status).toBe(404)
    expect((await t.post('/api/icons/update', owner, { id: randomUUID(), name: 'x' })).status).toBe(404)
    await t.ctx.store.db.execute(sql`alter table workspaces_access rename to workspaces_access_away`)
    try {
      const list = await t.get(`/api/icons?project_id=${projectId}`, owner)
      expect(list).toEqual({ status: 500, body: { error: appMessages.internalError, code: 'internal' } })
      const rename = await t.post('/api/icons/update', owner, { id: iconId, name: 'Renamed' })
      expect(rename).toEqual({ status: 500, body: { error: appMessages.internalError, code: 'internal' } })
      // A move into a personal project reads the source's workspace access: its failure too is a 500.
      const move = await t.post('/api/icons/move', owner, { ids: [iconId], project_id: ownProject })
      expect(move).toEqual({ status: 500, body: { error: appMessages.internalError, code: 'internal' } })
    } finally {
      await t.ctx.store.db.execute(sql`alter table workspaces_access_away rename to workspaces_access`)
    }
    expect((await t.get(`/api/icons?project_id=${projectId}`, owner)).status).toBe(200)
  })
})
