// applyChangeEvents (apply-events.ts) on a real IndexedDB (fake-indexeddb under Dexie): the live stream's
// events become local rows through applyServerRows; deletes cascade; a revoked membership drops a
// workspace with its queued changes; an invitations notice is passed on.
import 'fake-indexeddb/auto'
import type { ChangeEvent } from '@common/schemas/events.ts'
import type { IconRow, ProjectRow, WorkspaceRow } from '@common/schemas/rows.ts'
import { beforeEach, expect, it } from 'vitest'
import { iconRow } from '../../tests/setup/icon-row.ts'
import { applyChangeEvents } from './apply-events.ts'
import { db, openLocalDb, rwTransaction } from './db.ts'

const at = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`
const workspace: WorkspaceRow = {
  id: 'w',
  name: 'Team',
  description: '',
  user_id: 'u1',
  credits_limit: 0,
  review_icons: false,
  created_at: at(0),
  updated_at: at(0),
  role: 'admin',
}
const project = (id: string, name: string, minute = 0, workspace_id: string | null = 'w'): ProjectRow => ({
  id,
  name,
  description: '',
  workspace_id,
  user_id: 'u1',
  created_at: at(0),
  updated_at: at(minute),
  iconify_prefix: id,
  version: minute,
})
const icon = (id: string, project_id: string, minute = 0, workspace_id: string | null = 'w'): IconRow =>
  iconRow({
    id,
    name: id,
    user_id: 'u1',
    project_id,
    workspace_id,
    created_at: at(0),
    updated_at: at(minute),
    // The scope's version of its last change: what rows merge by (reconcile.ts).
    version: minute,
  })

let invitations = 0
const apply = (events: ChangeEvent[]) =>
  applyChangeEvents(events, {
    onInvitationsChanged: () => {
      invitations++
    },
  })

beforeEach(async () => {
  invitations = 0
  await openLocalDb()
  await rwTransaction(async () => {
    for (const table of db.tables) await table.clear()
  })
})

it('applies upserts in order; an event overtaken by a newer one changes nothing', async () => {
  await apply([
    { entity: 'workspaces', op: 'upsert', row: workspace },
    { entity: 'projects', op: 'upsert', row: project('p', 'Second', 2) },
    { entity: 'projects', op: 'upsert', row: project('p', 'First', 1) },
    { entity: 'icons', op: 'upsert', row: icon('i1', 'p') },
    { entity: 'invitations', op: 'changed' },
    { entity: 'icons', op: 'upsert', row: icon('i2', 'p') },
  ])
  expect((await db.projects.get('p'))?.name).toBe('Second')
  expect((await db.icons.toArray()).map((i) => i.id).sort()).toEqual(['i1', 'i2'])
  expect(await db.workspaces.count()).toBe(1)
  expect(invitations).toBe(1)
})

it("a project's delete takes its icons, except one with a pending change", async () => {
  await db.projects.bulkPut([project('p', 'P'), project('q', 'Q')])
  await db.icons.bulkPut([icon('i1', 'p'), icon('i2', 'p'), icon('i3', 'q')])
  await rwTransaction(async () => {
    await db.outbox.add({
      createdAt: Date.now(),
      kind: 'icons/update',
      body: { id: 'i2', name: 'renamed' },
      workspace_id: 'w',
      before: [{ table: 'icons', id: 'i2', row: icon('i2', 'p') }],
      tries: 0,
      tab: 'test',
    })
  })
  await apply([{ entity: 'projects', op: 'delete', id: 'p' }])
  expect(await db.projects.get('p')).toBeUndefined()
  expect((await db.icons.toArray()).map((i) => i.id).sort()).toEqual(['i2', 'i3'])
})

it("a workspace's delete takes its projects, icons and access rows", async () => {
  await db.workspaces.put(workspace)
  await db.projects.bulkPut([project('p', 'P'), project('own', 'Own', 0, null)])
  await db.icons.bulkPut([icon('i1', 'p'), icon('i2', 'own', 0, null)])
  await db.workspaces_access.put({
    id: 'a',
    workspace_id: 'w',
    user_id: 'u1',
    role: 'admin',
    email: 'a@x.test',
  })
  await apply([{ entity: 'workspaces', op: 'delete', id: 'w' }])
  expect(await db.workspaces.count()).toBe(0)
  expect((await db.projects.toArray()).map((p) => p.id)).toEqual(['own'])
  expect((await db.icons.toArray()).map((i) => i.id)).toEqual(['i2'])
  expect(await db.workspaces_access.count()).toBe(0)
})

it('a revoked membership drops the workspace, its rows and its queued changes', async () => {
  await db.workspaces.put(workspace)
  await db.projects.put(project('p', 'P'))
  await db.icons.put(icon('i1', 'p'))
  await rwTransaction(async () => {
    await db.outbox.add({
      createdAt: Date.now(),
      kind: 'projects/update',
      body: { id: 'p', name: 'renamed' },
      workspace_id: 'w',
      before: [{ table: 'projects', id: 'p', row: project('p', 'P') }],
      tries: 0,
      tab: 'test',
    })
  })
  await apply([
    { entity: 'membership', op: 'revoked', workspace_id: 'w' },
    { entity: 'projects', op: 'upsert', row: project('mine', 'Mine', 0, null) },
  ])
  expect(await db.workspaces.count()).toBe(0)
  expect((await db.projects.toArray()).map((p) => p.id)).toEqual(['mine'])
  expect(await db.icons.count()).toBe(0)
  expect(await db.outbox.count()).toBe(0)
})
