// A pull from the lock's cursor (pull-source.ts rowsWithChanges): the lock's icons the changes left
// alone are kept (their file and sha256, no markup), changed rows come in (approved ones only with
// --approved-only), removed ones go; only the whole list can say when the lock skipped an icon or
// has one without an id, or when a new name equals a kept icon's (their order is by markup).
import { describe, expect, it } from 'vitest'
import type { IconRow } from '../../common/schemas/rows.ts'
import { type Lock, sha256 } from './lock.ts'
import { type Changes, rowsWithChanges } from './pull-source.ts'

const lockOf = (icons: { id: string | null; name: string }[], extra: Partial<Lock> = {}): Lock => ({
  lockfile: 1,
  project: 'p1',
  release: 'latest',
  format: 'svg',
  state: 'c1',
  icons: icons.map((icon) => ({ ...icon, file: `${icon.name}.svg`, sha256: sha256(icon.name) })),
  files: {},
  ...extra,
})
const row = (id: string, name: string, icon_status: IconRow['icon_status'] = 'approved'): IconRow => ({
  id,
  name,
  svg: `<svg>${name}</svg>`,
  user_id: null,
  origin_icon_id: null,
  project_id: 'p1',
  workspace_id: null,
  icon_status,
  created_at: '',
  updated_at: '',
  revision: 1,
  aliases: [],
  label: '',
  description: '',
  decorative: false,
  tags: [],
  approved_revision: icon_status === 'approved' ? 1 : null,
  review_comment: '',
})
const changes = (changed: IconRow[], removed: string[] = []): Changes => ({
  changed: new Map(changed.map((r) => [r.id, r])),
  removed: new Set(removed),
  cursor: 'c2',
})

describe('rowsWithChanges', () => {
  const lock = lockOf([
    { id: 'a', name: 'house' },
    { id: 'b', name: 'star' },
    { id: 'c', name: 'moon' },
  ])

  it('keeps the untouched icons by their file, takes the changed rows, drops the removed', () => {
    const rows = rowsWithChanges(lock, changes([row('b', 'star'), row('d', 'sun')], ['c']), false)!
    expect(rows.map((r) => [r.id, r.name, r.kept?.file ?? null])).toEqual([
      ['a', 'house', 'house.svg'],
      ['b', 'star', null],
      ['d', 'sun', null],
    ])
    expect(rows[0]).toEqual({
      id: 'a',
      name: 'house',
      svg: '',
      aliases: [],
      kept: { file: 'house.svg', sha256: sha256('house') },
    })
  })

  it('with --approved-only takes changed rows that are approved only', () => {
    const rows = rowsWithChanges(lock, changes([row('d', 'sun', 'needs-review'), row('e', 'cloud')]), true)!
    expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'c', 'e'])
    expect(
      rowsWithChanges(lock, changes([row('d', 'sun', 'needs-review')]), false)!.map((r) => r.id),
    ).toContain('d')
  })

  it('answers null when only the whole list can say', () => {
    // A new icon named as a kept one: which of the two is numbered depends on markup the lock lacks.
    expect(rowsWithChanges(lock, changes([row('d', 'house')]), false)).toBeNull()
    // The same name, but the kept one is the one changed: fine.
    expect(rowsWithChanges(lock, changes([row('a', 'house')]), false)).not.toBeNull()
    expect(
      rowsWithChanges(lockOf([{ id: 'a', name: 'house' }], { skipped: ['x'] }), changes([]), false),
    ).toBeNull()
    expect(rowsWithChanges(lockOf([{ id: null, name: 'house' }]), changes([]), false)).toBeNull()
  })
})
