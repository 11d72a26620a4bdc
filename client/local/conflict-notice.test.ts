import { appMessages } from '@common/messages.ts'
import type { IconRow } from '@common/schemas/rows.ts'
import { describe, expect, test } from 'vitest'
import { conflictNotice, overwrittenNotice, RESTORE_REPLACED } from './conflict-notice.ts'
import type { ChangeKind, OutboxEntry } from './db.ts'

const icon = { id: 'i1', name: 'home', revision: 1 } as IconRow
const entry = (kind: ChangeKind, name: string): OutboxEntry => ({
  seq: 1,
  createdAt: 1,
  kind,
  body: { id: 'i1', name, base_revision: 1 },
  workspace_id: 'w',
  before: [{ table: 'icons', id: 'i1', row: icon }],
  tries: 0,
  tab: 't',
})
const ann = { id: 'ann', name: 'Ann', email: 'ann@example.com' }

describe('conflictNotice', () => {
  test('a rename that replaced a teammate’s rename says both names and offers Restore of hers', () => {
    const notice = conflictNotice(
      entry('icons/update', 'casa'),
      { replaced_revision: 2, replaced_name: 'house', replaced_by: ann },
      'me',
    )
    expect(notice?.text).toBe('Your rename of “home” replaced Ann’s rename to “house”.')
    expect(notice?.command).toEqual({
      label: appMessages.restore,
      name: RESTORE_REPLACED,
      args: { id: 'i1', version: 2, name: 'house' },
    })
  })

  test('a change over a teammate’s change that kept the name is worded as a change; an unnamed author by e-mail', () => {
    const notice = conflictNotice(
      entry('icons/update', 'casa'),
      { replaced_revision: 2, replaced_name: 'home', replaced_by: { ...ann, name: '' } },
      'me',
    )
    expect(notice?.text).toBe(appMessages.changeConflict('home', 'ann@example.com'))
  })

  test('nothing to tell: no conflict, another kind, or the replaced version was the user’s own', () => {
    const conflict = { replaced_revision: 2, replaced_name: 'house', replaced_by: ann }
    expect(conflictNotice(entry('icons/update', 'casa'), undefined, 'me')).toBeNull()
    expect(conflictNotice(entry('icons/restore', 'casa'), conflict, 'me')).toBeNull()
    expect(conflictNotice(entry('icons/update', 'casa'), conflict, 'ann')).toBeNull()
  })

  test('an author whose account is gone is "someone else"', () => {
    const notice = conflictNotice(
      entry('icons/update', 'casa'),
      { replaced_revision: 2, replaced_name: 'house', replaced_by: null },
      'me',
    )
    expect(notice?.text).toContain(appMessages.someoneElse)
  })
})

describe('overwrittenNotice', () => {
  const replaced = { user_id: 'me', revision: 2, name: 'house', by: 'Ned' }
  const upsert = (name: string, r = replaced) =>
    ({ entity: 'icons', op: 'upsert', row: { ...icon, name, revision: 3 }, replaced: r }) as const

  test('the author of the replaced rename hears whose rename replaced it, with Restore of theirs', () => {
    const notice = overwrittenNotice(upsert('casa'), 'me')
    expect(notice?.text).toBe('Ned’s rename to “casa” replaced yours (“house”).')
    expect(notice?.command).toEqual({
      label: appMessages.restore,
      name: RESTORE_REPLACED,
      args: { id: 'i1', version: 2, name: 'house' },
    })
  })

  test('a replaced change that kept the name is worded as a change', () => {
    expect(overwrittenNotice(upsert('house'), 'me')?.text).toBe(appMessages.changeOverwritten('Ned', 'house'))
  })

  test('nothing for someone else’s version, an upsert without `replaced`, or nobody signed in', () => {
    expect(overwrittenNotice(upsert('casa'), 'ann')).toBeNull()
    expect(overwrittenNotice({ entity: 'icons', op: 'upsert', row: icon }, 'me')).toBeNull()
    expect(overwrittenNotice(upsert('casa'), null)).toBeNull()
  })
})
