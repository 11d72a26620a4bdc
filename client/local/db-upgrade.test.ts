// The local database's upgrade to version 4 (ADR 0112), on a real IndexedDB (fake-indexeddb under
// Dexie): icons kept by a browser from before the review gate get approved_revision null and
// review_comment '', and everything else they held stays.
import 'fake-indexeddb/auto'
import { PRODUCT_NAME } from '@common/messages.ts'
import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'
import { db, type LocalIcon, openLocalDb } from './db.ts'

const OLD_ICON = {
  id: 'i1',
  name: 'house',
  svg: '<svg/>',
  user_id: 'u1',
  origin_icon_id: null,
  project_id: 'p1',
  workspace_id: 'w1',
  icon_status: 'needs-review',
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  revision: 3,
  aliases: [],
  label: 'Home',
  description: '',
  decorative: false,
  tags: ['roof'],
  version: 7,
}

describe('the local database upgrade to the review gate', () => {
  it('gives icons stored before it the fields as never approved, no comment', async () => {
    // The database as version 3 left it.
    const old = new Dexie(PRODUCT_NAME)
    old.version(1).stores({
      icons: 'id, project_id, workspace_id, name, icon_status, created_at',
      projects: 'id, workspace_id',
      workspaces: 'id',
      workspaces_access: 'id, workspace_id, user_id',
      outbox: '++seq, createdAt, workspace_id, *keys',
    })
    old.version(2).stores({ cursors: 'scope', held: 'id, scope' })
    old.version(3).stores({})
    await old.open()
    await old.table('icons').put(OLD_ICON)
    old.close()

    await openLocalDb()
    expect(db.verno).toBe(4)
    expect(await db.icons.get('i1')).toEqual({ ...OLD_ICON, approved_revision: null, review_comment: '' })
    // A row from the server keeps what it says.
    await db.icons.put({
      ...OLD_ICON,
      id: 'i2',
      approved_revision: 2,
      review_comment: 'Thinner',
    } as unknown as LocalIcon)
    expect(await db.icons.get('i2')).toMatchObject({ approved_revision: 2, review_comment: 'Thinner' })
  })
})
