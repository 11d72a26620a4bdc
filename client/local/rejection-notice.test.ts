import type { ChangeEvent } from '@common/schemas/events.ts'
import type { IconRow } from '@common/schemas/rows.ts'
import { expect, test } from 'vitest'
import { iconRow } from '../../tests/setup/icon-row.ts'
import { rejectionNotice } from './rejection-notice.ts'

const me = 'user-1'
const icon = (changes: Partial<IconRow> = {}): IconRow =>
  iconRow({ name: 'star', user_id: me, workspace_id: 'w', icon_status: 'needs-review', ...changes })
const upsert = (row: IconRow): ChangeEvent => ({ entity: 'icons', op: 'upsert', row }) as ChangeEvent

test('the author hears a new rejection with its comment', () => {
  const rejected = icon({ review_comment: 'Use stroke 2' })
  expect(rejectionNotice(upsert(rejected), icon(), me)).toBe('“star” was rejected: Use stroke 2')
  expect(rejectionNotice(upsert(rejected), undefined, me)).toBe('“star” was rejected: Use stroke 2')
})

test('nothing for a comment already here, another author, or no comment', () => {
  const rejected = icon({ review_comment: 'Use stroke 2' })
  expect(rejectionNotice(upsert(rejected), rejected, me)).toBeNull()
  expect(rejectionNotice(upsert(icon({ review_comment: 'x', user_id: 'other' })), icon(), me)).toBeNull()
  expect(rejectionNotice(upsert(icon()), icon({ review_comment: 'old' }), me)).toBeNull()
  expect(rejectionNotice(upsert(rejected), icon(), null)).toBeNull()
})
