// syncAll and syncAccessUsers (sync.ts) against the real server (app.request() on PGlite) and a real
// IndexedDB (fake-indexeddb under Dexie): a scope taken whole (no cursor yet) replaces what the server
// no longer has, keeps rows with a pending change and rows written since it was requested, and drops
// orphaned rows. Pulls from a cursor: pull.test.ts.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import type { ProjectRow } from '@common/schemas/rows.ts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts'
import { applyServerRows } from './apply.ts'
import { StoredRows } from './bulk-write.ts'
import { db, openLocalDb, rwTransaction } from './db.ts'
import { syncAccessUsers, syncAll } from './sync.ts'

let t: TestApp
let cookie: string
let userId: string
const realFetch = globalThis.fetch
/** Runs once the server has answered, before the answer reaches the sync (a write meanwhile). */
let beforeAnswer: (() => Promise<unknown>) | undefined

beforeAll(async () => {
  t = await createTestApp('pglite')
  cookie = await t.signIn('sync-unit@example.com')
  userId = (await t.get('/api/auth/get-session', cookie)).body.user.id
  // The browser's same-origin fetch, answered by the app with the user's session.
  globalThis.fetch = (async (path: string, init?: RequestInit) => {
    const response = await t.request(path, { ...init, cookie })
    const meanwhile = beforeAnswer
    beforeAnswer = undefined
    await meanwhile?.()
    return response
  }) as typeof fetch
  await openLocalDb()
})

afterAll(async () => {
  globalThis.fetch = realFetch
  await t?.close()
})

const localProject = (id: string, name: string, workspace_id: string | null = null): ProjectRow => ({
  id,
  name,
  description: '',
  workspace_id,
  user_id: userId,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  iconify_prefix: id,
})

it('syncAll: server rows come in, rows it no longer has go, a pending change and orphans are handled', async () => {
  const [kept, renamed] = [randomUUID(), randomUUID()]
  for (const [id, name] of [
    [kept, 'On the server'],
    [renamed, 'Server name'],
  ])
    expect(
      (await t.post('/api/projects/create', cookie, { id, name, description: null, workspace_id: null }))
        .status,
    ).toBe(200)
  const gone = randomUUID()
  const orphanWorkspace = randomUUID()
  await db.projects.bulkPut([
    localProject(gone, 'Deleted elsewhere'),
    localProject(randomUUID(), 'Orphan', orphanWorkspace),
  ])
  // A local rename still queued: the list must not undo it.
  await rwTransaction(async () => {
    await db.projects.put(localProject(renamed, 'Local name'))
    await db.outbox.add({
      createdAt: Date.now(),
      kind: 'projects/update',
      body: { id: renamed, name: 'Local name' },
      workspace_id: null,
      before: [{ table: 'projects', id: renamed, row: localProject(renamed, 'Server name') }],
      tries: 0,
      tab: 'test',
    })
  })

  await syncAll()

  const names = new Map((await db.projects.toArray()).map((p) => [p.id, p.name]))
  expect(names.get(kept)).toBe('On the server')
  expect(names.get(renamed)).toBe('Local name')
  expect(names.has(gone)).toBe(false)
  expect([...names.values()]).not.toContain('Orphan')
})

it('a fresh take of a workspace drops stale people but not one written while it was on its way', async () => {
  await t.setPlan('sync-unit@example.com', 'gold')
  const workspaceId = randomUUID()
  expect(
    (await t.post('/api/workspaces/create', cookie, { id: workspaceId, name: 'Team', description: '' }))
      .status,
  ).toBe(200)
  await syncAll()
  const [own] = await db.workspaces_access.where('workspace_id').equals(workspaceId).toArray()
  expect(own).toMatchObject({ user_id: userId, role: 'owner' })

  // A stale person held locally goes; one written (by an event) while the list was on its way stays.
  const stale = {
    id: randomUUID(),
    workspace_id: workspaceId,
    user_id: null,
    role: 'member' as const,
    email: 'old@x.test',
  }
  await db.workspaces_access.put(stale)
  const fresh = {
    id: randomUUID(),
    workspace_id: workspaceId,
    user_id: null,
    role: 'viewer' as const,
    email: 'new@x.test',
  }
  beforeAnswer = () =>
    rwTransaction(() =>
      applyServerRows(
        'workspaces_access',
        [{ id: fresh.id, row: fresh }],
        new StoredRows('workspaces_access'),
      ),
    )
  // No cursor: the scope is taken from 0, like a list.
  await db.cursors.delete(workspaceId)
  await syncAccessUsers(workspaceId)
  const emails = (await db.workspaces_access.where('workspace_id').equals(workspaceId).toArray()).map(
    (a) => a.email,
  )
  expect(emails).toContain('new@x.test')
  expect(emails).not.toContain('old@x.test')
})
