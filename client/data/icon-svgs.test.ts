// The drawings of a list that holds heads (ADR 0423), on a real IndexedDB (fake-indexeddb under
// Dexie): a fetched row's drawing is held until the database has it, then read from there; a head
// whose drawing changed at the same revision never gets the old one as its own; what a change
// snapshots is the whole row.
import 'fake-indexeddb/auto'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { iconRow } from '../../tests/setup/icon-row.ts'
import { db, deleteLocalDb, openLocalDb } from '../local/db.ts'
import { headOf } from './icon-heads.ts'
import { IconListState } from './icon-list-state.ts'
import { fullIcons, iconSvg, svgsReady } from './icon-svgs.ts'

const A = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M1 1h2"/></svg>'
const B = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M1 1h3"/></svg>'

describe('drawings apart from the live list', () => {
  beforeEach(async () => {
    await deleteLocalDb()
    await openLocalDb()
  })
  afterAll(() => deleteLocalDb())

  it('draws a fetched row from what was fetched, then from the database once stored', async () => {
    const state = new IconListState('p')
    state.replaceAll([])
    state.addFetched([iconRow({ id: 'f', svg: A })])
    const [head] = state.value ?? []
    // Not in the database: the fetched drawing is what a copy gets.
    expect(await db.icons.get('f')).toBeUndefined()
    expect(await iconSvg(head!)).toBe(A)
    await db.icons.put(iconRow({ id: 'f', svg: A }))
    expect(state.update(['f'], [await db.icons.get('f')])).toBe(false)
    await db.icons.put(iconRow({ id: 'f', svg: B }))
    // Let go of: the stored drawing is the one read (the head still names A, B is the database's).
    expect(await iconSvg(head!)).toBe(B)
  })

  it('never gives a head an older drawing as its own', async () => {
    await db.icons.put(iconRow({ id: 'x', svg: A }))
    const before = headOf(iconRow({ id: 'x', svg: A }))
    await svgsReady([before])
    expect(await iconSvg(before)).toBe(A)
    // Redrawn at the same revision (a local replace not yet confirmed): the new head's own drawing.
    await db.icons.put(iconRow({ id: 'x', svg: B }))
    const after = headOf(iconRow({ id: 'x', svg: B }))
    expect(after.revision).toBe(before.revision)
    expect(await iconSvg(after)).toBe(B)
  })

  it('gives whole rows for changes: the markup, none of the head’s own fields', async () => {
    await db.icons.bulkPut([iconRow({ id: 'a', svg: A }), iconRow({ id: 'b', svg: B })])
    const heads = [headOf(iconRow({ id: 'a', svg: A })), headOf(iconRow({ id: 'b', svg: B }))]
    const rows = await fullIcons(heads)
    expect(rows).toEqual([iconRow({ id: 'a', svg: A }), iconRow({ id: 'b', svg: B })])
    // Whole rows pass as they are.
    const row = iconRow({ id: 'c', svg: A })
    expect((await fullIcons([row]))[0]).toBe(row)
    // A head whose drawing is nowhere on this device is an error, never a row without markup.
    await expect(fullIcons([headOf(iconRow({ id: 'gone', svg: A }))])).rejects.toThrow(/not on this device/)
  })
})
