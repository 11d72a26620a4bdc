// Issue 20, item 5 (ADR 0012): small holes an attacker found, each closed and checked here through
// the API, on PGlite and on Postgres.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { syncScopes, workspaces } from '../../server/db/schema/index.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('smaller holes on %s', (kind) => {
  let t: TestApp
  let owner: string
  let other: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('holes-owner@example.com')
    other = await t.signIn('holes-other@example.com')
    await t.setPlan('holes-owner@example.com', 'gold')
    await t.setPlan('holes-other@example.com', 'gold')
  })
  afterAll(() => t?.close())

  const scopeVersion = async (id: string) =>
    (await t.ctx.store.db.select().from(syncScopes).where(eq(syncScopes.scope, id)))[0]?.version

  it('creating a workspace with an id that exists changes nothing of it, its scope version included', async () => {
    const id = randomUUID()
    const body = { id, name: 'Mine', description: 'kept' }
    expect((await t.post('/api/workspaces/create', owner, body)).status).toBe(200)
    const before = await scopeVersion(id)
    const taken = await t.post('/api/workspaces/create', other, { id, name: 'Theirs', description: 'x' })
    expect(taken).toEqual({ status: 409, body: { error: appMessages.idTaken } })
    expect((await t.post('/api/workspaces/create', owner, body)).status).toBe(200)
    expect(await scopeVersion(id)).toBe(before)
    const [row] = await t.ctx.store.db.select().from(workspaces).where(eq(workspaces.id, id))
    expect(row).toMatchObject({ name: 'Mine', description: 'kept', version: before })
  })

  it('two creates racing for one new id: one workspace, its scope at its first version', async () => {
    const id = randomUUID()
    const answers = await Promise.all([
      t.post('/api/workspaces/create', owner, { id, name: 'A', description: '' }),
      t.post('/api/workspaces/create', other, { id, name: 'B', description: '' }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(Number(await scopeVersion(id))).toBe(1)
  })
})
