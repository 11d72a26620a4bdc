// A move is queued in parts the server takes (ADR 0308): at most MAX_ICONS_PER_MOVE icons and
// MOVE_PART_MARKUP_BYTES of the local rows' markup an 'icons/move' entry, in order, each icon once;
// the local rows change project at once. A real IndexedDB (fake-indexeddb under Dexie), no server.
import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import {
  MAX_ICONS_PER_MOVE,
  MAX_MOVE_MARKUP_BYTES,
  MOVE_PART_MARKUP_BYTES,
  utf8Bytes,
} from '@common/icon-limits.ts'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { iconRow } from '../../tests/setup/icon-row.ts'
import { moveIcons, moveParts } from './bulk-queue.ts'
import { db, deleteLocalDb, type LocalIcon, openLocalDb } from './db.ts'

const from = randomUUID()
const to = randomUUID()
/** An icon whose markup is `bytes` long (ASCII), or holds `text` when given. */
const icon = (bytes: number, text = ''): LocalIcon => {
  const open = `<svg xmlns="http://www.w3.org/2000/svg"><desc>${text}`
  const close = '</desc></svg>'
  return iconRow({
    id: randomUUID(),
    name: 'Icon',
    svg: open + 'x'.repeat(Math.max(0, bytes - utf8Bytes(open + close))) + close,
    user_id: null,
    project_id: from,
  })
}
const moving = (icons: LocalIcon[]) => icons.map((i) => ({ from: i, to: { ...i, project_id: to } }))

describe('moves queued within the server budget', () => {
  beforeEach(async () => {
    await deleteLocalDb()
    await openLocalDb()
  })
  afterAll(() => deleteLocalDb())

  it('the budget: 4 MB on the server, parts of half of it; one icon of 512 KB always fits', () => {
    expect(MAX_MOVE_MARKUP_BYTES).toBe(4 * 1024 * 1024)
    expect(MOVE_PART_MARKUP_BYTES).toBe(2 * 1024 * 1024)
    expect(MOVE_PART_MARKUP_BYTES).toBeGreaterThanOrEqual(512 * 1024)
  })

  it('splits by markup: 20 icons of 300 KB go in parts of 6 (1.76 MB), each icon once, in order', async () => {
    const icons = Array.from({ length: 20 }, () => icon(300 * 1024))
    await db.icons.bulkPut(icons)
    await moveIcons(moving(icons))
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((e) => e.kind)).toEqual(Array(4).fill('icons/move'))
    const parts = entries.map((e) => e.body.ids as string[])
    expect(parts.map((p) => p.length)).toEqual([6, 6, 6, 2])
    expect(parts.flat()).toEqual(icons.map((i) => i.id))
    for (const e of entries) {
      expect(e.body.project_id).toBe(to)
      const bytes = e.before.reduce((sum, s) => sum + utf8Bytes((s.row as LocalIcon).svg), 0)
      expect(bytes).toBeLessThanOrEqual(MOVE_PART_MARKUP_BYTES)
      // The snapshots are the rows as they were (a refusal rolls them back there).
      expect(e.before.map((s) => (s.row as LocalIcon).project_id)).toEqual(Array(e.before.length).fill(from))
    }
    // The local rows moved at once.
    expect((await db.icons.bulkGet(icons.map((i) => i.id))).map((i) => i?.project_id)).toEqual(
      Array(20).fill(to),
    )
  })

  it('splits by count: 2,500 small icons in parts of 1,000', async () => {
    const icons = Array.from({ length: 2500 }, () => icon(200))
    await db.icons.bulkPut(icons)
    await moveIcons(moving(icons))
    const entries = await db.outbox.orderBy('seq').toArray()
    expect(entries.map((e) => (e.body.ids as string[]).length)).toEqual([MAX_ICONS_PER_MOVE, 1000, 500])
    expect(entries.flatMap((e) => e.body.ids as string[])).toEqual(icons.map((i) => i.id))
  })

  it('counts UTF-8 bytes as the server does, and never leaves an icon out', () => {
    // 700,000 characters of 'é' are 1.4 MB: two such icons do not share a part, though their
    // length in characters (1.4 M) would.
    const wide = [icon(0, 'é'.repeat(700_000)), icon(0, 'é'.repeat(700_000))]
    expect(utf8Bytes(wide[0]!.svg)).toBeGreaterThan(1_400_000)
    expect(moveParts(moving(wide)).map((p) => p.length)).toEqual([1, 1])
    expect(utf8Bytes('a€😀')).toBe(1 + 3 + 4)
    expect(utf8Bytes('a€😀')).toBe(new TextEncoder().encode('a€😀').length)
    // Exactly the part's budget fits; one byte more starts a new part.
    const half = MOVE_PART_MARKUP_BYTES / 2
    expect(moveParts(moving([icon(half), icon(half)])).map((p) => p.length)).toEqual([2])
    expect(moveParts(moving([icon(half), icon(half + 1)])).map((p) => p.length)).toEqual([1, 1])
    expect(moveParts([])).toEqual([])
  })
})
