import { describe, expect, it } from 'vitest'
import { ACTIONS, can, ROLES } from './permissions.ts'

describe('permission table (docs/product.md §Roles)', () => {
  it('lets admins and owners manage, members edit icons, viewers only read', () => {
    for (const action of [
      'workspace:update',
      'workspace:delete',
      'workspace:invite',
      'workspace:credits',
      'workspace:review-rules',
    ] as const) {
      expect(ROLES.filter((r) => can(r, action))).toEqual(['owner', 'admin'])
    }
    for (const action of ['icon:create', 'icon:update', 'icon:delete'] as const) {
      expect(ROLES.filter((r) => can(r, action))).toEqual(['owner', 'admin', 'member'])
    }
    expect(ROLES.filter((r) => can(r, 'project:create'))).toEqual(['owner', 'admin'])
    expect(ROLES.filter((r) => can(r, 'workspace:read'))).toEqual(['owner', 'admin', 'member', 'viewer'])
  })

  it('gives viewers nothing but reading', () => {
    const viewerActions = Object.keys(ACTIONS).filter((a) => can('viewer', a as keyof typeof ACTIONS))
    expect(viewerActions).toEqual(['workspace:read', 'icon:read'])
  })

  it('allows everything but review in personal mode (no review there), nothing without a role', () => {
    for (const action of Object.keys(ACTIONS) as (keyof typeof ACTIONS)[]) {
      expect(can('personal', action)).toBe(action !== 'icon:approve' && action !== 'workspace:review-rules')
      expect(can(null, action)).toBe(false)
    }
  })
})
