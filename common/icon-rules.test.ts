// The review rule and the id prefix, shared by the server and the browser.
import { expect, it } from 'vitest'
import { iconIdPrefix, movedIconStatus, newIconStatus } from './icon-rules.ts'
import { ROLES } from './permissions.ts'

it('asks for review only of members in a reviewing workspace', () => {
  expect(ROLES.map((role) => newIconStatus(true, role))).toEqual([
    'approved',
    'approved',
    'needs-review',
    'needs-review',
  ])
  expect(ROLES.map((role) => newIconStatus(false, role))).toEqual(ROLES.map(() => 'approved'))
  expect(newIconStatus(false, 'personal')).toBe('approved')
})

it('prefixes ids with the whole icon id: two ids that share a beginning get different prefixes', () => {
  expect(iconIdPrefix('0a1b2c3d-4e5f-6789-abcd-ef0123456789')).toBe('i0a1b2c3d4e5f6789abcdef0123456789-')
  expect(iconIdPrefix('0a1b2c3d-4e5f-6789-abcd-ef0123456780')).not.toBe(
    iconIdPrefix('0a1b2c3d-4e5f-6789-abcd-ef0123456789'),
  )
})

it('a moved icon needs review when it arrives that way, keeps its status in its team, else is approved', () => {
  expect(movedIconStatus('needs-review', 'approved', true)).toBe('needs-review')
  expect(movedIconStatus('approved', 'needs-review', true)).toBe('needs-review')
  expect(movedIconStatus('approved', 'needs-review', false)).toBe('approved')
})
