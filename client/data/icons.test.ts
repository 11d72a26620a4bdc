// Undo delete and base revisions as queued in the browser (ADR 0408): a real IndexedDB
// (fake-indexeddb under Dexie), no server. Undo queues an undelete behind the delete, so offline
// both go out in order; renames queued one behind the other are each based on the one before;
// tags added fast, or in bulk, build on the row as stored (a tag added right after a
// label save was lost when the view reset the editor's list from an older row).
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { normalTags } from '@common/icon-meaning.ts'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { iconRow } from '../../tests/setup/icon-row.ts'
import { deleteIcons, undeleteIcons, updateIconsMeaning } from '../local/bulk-queue.ts'
import { db, deleteLocalDb, type LocalIcon, openLocalDb } from '../local/db.ts'
import { confirmEntries } from '../local/outbox-settle.ts'
import { localRow, undeleteIcon, updateIcon } from './icons.ts'

const icon = (name: string): LocalIcon =>
  iconRow({
    id: randomUUID(),
    name,
    svg: '<svg xmlns="http://www.w3.org/2000/svg"><path d="M1 1h2"/></svg>',
    user_id: null,
    project_id: randomUUID(),
    revision: 3,
  })

describe('undo delete and base revisions, queued', () => {
  beforeEach(async () => {
    await deleteLocalDb()
    await openLocalDb()
  })
  afterAll(() => deleteLocalDb())

  it('Undo puts the rows back as they were and queues an undelete behind each delete', async () => {
    const icons = [icon('a'), icon('b')]
    await db.icons.bulkPut(icons)
    await deleteIcons(icons)
    expect(await db.icons.count()).toBe(0)
    await undeleteIcons(icons)
    expect(await db.icons.bulkGet(icons.map((i) => i.id))).toEqual(icons)
    const queue = await db.outbox.orderBy('seq').toArray()
    expect(queue.map((e) => `${e.kind} ${e.body.id}`)).toEqual([
      `icons/delete ${icons[0]!.id}`,
      `icons/delete ${icons[1]!.id}`,
      `icons/undelete ${icons[0]!.id}`,
      `icons/undelete ${icons[1]!.id}`,
    ])
    // A rollback of an undelete removes the row again (it did not exist before it locally).
    expect(queue[2]!.before).toEqual([{ table: 'icons', id: icons[0]!.id, row: null }])
  })

  it('a row from Recently deleted comes back without the list’s fields', async () => {
    const row = { ...icon('c'), deleted_at: '2026-01-02T00:00:00.000Z', deleted_by: 'u1' }
    await undeleteIcon(row)
    expect(await db.icons.get(row.id)).toEqual(localRow(row))
    expect(await db.icons.get(row.id)).not.toHaveProperty('deleted_at')
  })

  it('each rename names the revision it saw: the second is based on the first, not on the server’s', async () => {
    const home = icon('home')
    await db.icons.put(home)
    await updateIcon(home, { name: 'house' })
    await updateIcon(home, { name: 'casa' })
    const queue = await db.outbox.orderBy('seq').toArray()
    expect(queue.map((e) => [e.body.name, e.body.base_revision])).toEqual([
      ['house', 3],
      ['casa', 4],
    ])
    expect(await db.icons.get(home.id)).toMatchObject({ name: 'casa', revision: 5 })
  })

  it('tags added one right after another each build on the one before, whatever the caller last saw', async () => {
    const star = icon('star')
    await db.icons.put(star)
    // Three adds from the same (stale) view of the icon, not awaited one by one: keys typed fast.
    const add = (tag: string) => updateIcon(star, (current) => ({ tags: normalTags([...current.tags, tag]) }))
    expect(await Promise.all([add('rating'), add('bookmark'), add('extra')])).toEqual([true, true, true])
    const queue = await db.outbox.orderBy('seq').toArray()
    expect(queue.map((e) => e.body.tags)).toEqual([
      ['rating'],
      ['rating', 'bookmark'],
      ['rating', 'bookmark', 'extra'],
    ])
    expect((await db.icons.get(star.id))!.tags).toEqual(['rating', 'bookmark', 'extra'])
    // Nothing to change: nothing queued.
    expect(await updateIcon(star, () => null)).toBe(false)
    expect(await db.outbox.count()).toBe(3)
  })

  it('the server’s answer to a label save, settled after a tag was queued, leaves the tag and the next builds on it', async () => {
    const star = icon('star')
    await db.icons.put(star)
    await updateIcon(star, { label: 'Favourite' })
    await updateIcon(star, (current) => ({ tags: [...current.tags, 'rating'] }))
    // The label's answer: the server's row before the tag (no tags yet).
    const [labelEntry] = await db.outbox.orderBy('seq').toArray()
    const answer = { ...star, label: 'Favourite', updated_at: '2026-01-01T00:00:01.000Z' }
    await confirmEntries([{ entry: labelEntry!, answer }])
    expect((await db.icons.get(star.id))!.tags).toEqual(['rating'])
    await updateIcon(star, (current) => ({ tags: [...current.tags, 'bookmark'] }))
    const queue = await db.outbox.orderBy('seq').toArray()
    expect(queue.map((e) => e.body.tags)).toEqual([['rating'], ['rating', 'bookmark']])
    expect(await db.icons.get(star.id)).toMatchObject({ label: 'Favourite', tags: ['rating', 'bookmark'] })
  })

  it('bulk tags build on each icon as stored, not on the selection’s copy, and never bring back a deleted icon', async () => {
    const [a, b] = [icon('a'), icon('b')]
    await db.icons.bulkPut([a, b])
    await updateIcon(a, { tags: ['rating'] }) // added in the panel after the selection was made
    await deleteIcons([b])
    await updateIconsMeaning([a, b], (i) => ({ tags: normalTags([...i.tags, 'brand']) }))
    expect((await db.icons.get(a.id))!.tags).toEqual(['rating', 'brand'])
    expect(await db.icons.get(b.id)).toBeUndefined()
    const updates = (await db.outbox.orderBy('seq').toArray()).filter((e) => e.kind === 'icons/update')
    expect(updates.map((e) => e.body.tags)).toEqual([['rating'], ['rating', 'brand']])
  })
})
