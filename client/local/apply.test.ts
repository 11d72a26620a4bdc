// applyServerRows and settleRows (apply.ts), the one merge of server rows, on a real IndexedDB
// (fake-indexeddb under Dexie): what the local database holds after server rows, pending changes,
// confirmations and late versions arrive.
import 'fake-indexeddb/auto'
import type { IconRow, ProjectRow } from '@common/schemas/rows.ts'
import { beforeEach, describe, expect, it } from 'vitest'
import { iconRow } from '../../tests/setup/icon-row.ts'
import { applyServerRows, type ServerRow, settleRows, writtenSince } from './apply.ts'
import { onStored, type Stored, StoredRows } from './bulk-write.ts'
import { db, openLocalDb, type RowTable, rwTransaction } from './db.ts'

const at = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`
const project = (id: string, name: string, minute = 0): ProjectRow => ({
  id,
  name,
  description: '',
  workspace_id: null,
  user_id: 'u1',
  created_at: at(0),
  updated_at: at(minute),
  iconify_prefix: id,
  // The scope's version of its last change: what rows merge by (reconcile.ts).
  version: minute,
})

/** Applies server rows of one table in one transaction; answers what was announced. */
async function apply(table: RowTable, rows: ServerRow[], keep?: Set<string>) {
  const heard: Stored[] = []
  const stop = onStored((stored) => heard.push(stored))
  const stored = new StoredRows(table)
  await rwTransaction(() => applyServerRows(table, rows, stored, keep))
  stored.announce()
  stop()
  return heard
}

/** A pending local change of a project (what queueChange would leave in the outbox). */
async function pendingChange(row: ProjectRow) {
  await rwTransaction(async () => {
    await db.projects.put(row)
    await db.outbox.add({
      createdAt: Date.now(),
      kind: 'projects/update',
      body: { id: row.id, name: row.name },
      workspace_id: null,
      before: [{ table: 'projects', id: row.id, row }],
      tries: 0,
      tab: 'test',
    })
  })
}

beforeEach(async () => {
  await openLocalDb()
  await rwTransaction(async () => {
    for (const table of db.tables) await table.clear()
  })
})

describe('applyServerRows', () => {
  it('adds, updates and deletes by the server; an older version than the one held is ignored', async () => {
    await db.projects.bulkPut([project('a', 'A', 5), project('b', 'B', 1), project('c', 'C', 1)])
    const since = performance.now()
    const heard = await apply('projects', [
      { id: 'a', row: project('a', 'A older', 4) },
      { id: 'b', row: project('b', 'B renamed', 2) },
      { id: 'c', row: null },
      { id: 'd', row: project('d', 'D', 1) },
    ])
    const names = (await db.projects.toArray()).map((p) => p.name).sort()
    expect(names).toEqual(['A', 'B renamed', 'D'])
    expect(heard).toHaveLength(1)
    expect(heard[0]?.put.map((r) => r.id).sort()).toEqual(['b', 'd'])
    expect(heard[0]?.deleted).toEqual(['c'])
    expect([...writtenSince('projects', since)].sort()).toEqual(['a', 'b', 'c', 'd'])
  })

  it('writes nothing for a row identical to the one held', async () => {
    await db.projects.put(project('a', 'A', 1))
    const heard = await apply('projects', [{ id: 'a', row: project('a', 'A', 1) }])
    expect(heard).toEqual([])
  })

  it('leaves a row in `keep` (written since a list was requested) as it is', async () => {
    await db.projects.put(project('a', 'fresh', 3))
    await apply('projects', [{ id: 'a', row: null }], new Set(['a']))
    expect((await db.projects.get('a'))?.name).toBe('fresh')
  })

  it('keeps a row with a pending change; settling applies the newer version that arrived meanwhile', async () => {
    await pendingChange(project('a', 'mine', 1))
    await apply('projects', [{ id: 'a', row: project('a', 'theirs', 3) }])
    expect((await db.projects.get('a'))?.name).toBe('mine')

    // The server confirms the change with an older version than the one that arrived meanwhile.
    const writers = await rwTransaction(async () => {
      await db.outbox.clear()
      return settleRows([{ table: 'projects', id: 'a', answer: project('a', 'mine', 2) }])
    })
    for (const writer of writers) writer.announce()
    expect((await db.projects.get('a'))?.name).toBe('theirs')
  })

  it('settling keeps the answer when what arrived meanwhile is older, and ignores it after a confirmed delete', async () => {
    await pendingChange(project('a', 'mine', 1))
    await pendingChange(project('b', 'mine', 1))
    await apply('projects', [
      { id: 'a', row: project('a', 'stale', 1) },
      { id: 'b', row: project('b', 'theirs', 4) },
    ])
    await rwTransaction(async () => {
      await db.outbox.clear()
      await db.projects.delete('b')
      return settleRows([
        { table: 'projects', id: 'a', answer: project('a', 'confirmed', 2) },
        { table: 'projects', id: 'b', answer: null },
      ])
    })
    expect((await db.projects.get('a'))?.name).toBe('confirmed')
    expect(await db.projects.get('b')).toBeUndefined()
  })

  it('a row only absent from a list is not deleted after its queued create is confirmed', async () => {
    await pendingChange(project('new', 'Queued create', 1))
    await apply('projects', [{ id: 'new', row: null, absent: true }])
    expect((await db.projects.get('new'))?.name).toBe('Queued create')
    await rwTransaction(async () => {
      await db.outbox.clear()
      return settleRows([{ table: 'projects', id: 'new', answer: project('new', 'Queued create', 2) }])
    })
    expect((await db.projects.get('new'))?.updated_at).toBe(at(2))
  })

  it('a change still pending after settling keeps its row and the answer waits', async () => {
    await pendingChange(project('a', 'second edit', 1))
    await rwTransaction(() => settleRows([{ table: 'projects', id: 'a', answer: project('a', 'first', 2) }]))
    expect((await db.projects.get('a'))?.name).toBe('second edit')
    await rwTransaction(async () => {
      await db.outbox.clear()
      return settleRows([{ table: 'projects', id: 'a', answer: undefined }])
    })
    expect((await db.projects.get('a'))?.name).toBe('first')
  })
})

it('many rows of one table in one call (icons)', async () => {
  const icon = (n: number): IconRow =>
    iconRow({ id: `i${n}`, name: `Icon ${n}`, user_id: 'u1', created_at: at(0), updated_at: at(1) })

  const rows = Array.from({ length: 300 }, (_, n) => ({ id: `i${n}`, row: icon(n) }))
  const heard = await apply('icons', rows)
  expect(await db.icons.count()).toBe(300)
  expect(heard[0]?.put).toHaveLength(300)
})
