// The save control's up-front refusals (common/save-rule.ts, as the vault applies it): the role
// first, then the plan that counts where the browser knows it (its own, or the owner's when the user
// owns the workspace).
import { messages } from '@common/messages.ts'
import type { Role } from '@common/permissions.ts'
import { PLANS } from '@common/plans.ts'
import { describe, expect, test } from 'vitest'
import type { LocalWorkspace } from '../../../local/db.ts'
import { disablesSave, type SaveBlock, saveBlockedReason } from './save-rules.ts'

const notAuthorized: SaveBlock = { code: 'not_authorized', message: messages.notAuthorized }
const needPro: SaveBlock = { code: 'plan_required', message: messages.needProToSave }

const workspace = (role: Role, owner = 'someone-else'): LocalWorkspace => ({
  id: 'w1',
  name: 'Team',
  description: '',
  user_id: owner,
  credits_limit: 5000,
  review_icons: false,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  role,
})
const user = (plan: (typeof PLANS)[number]) => ({ id: 'me', plan })

describe('saveBlockedReason', () => {
  test('a viewer may not save into the open workspace project, whatever the plan', () => {
    for (const plan of PLANS) {
      expect(saveBlockedReason(user(plan), { workspace: workspace('viewer') })).toEqual(notAuthorized)
    }
    expect(disablesSave(notAuthorized)).toBe(true)
  })

  test("members and admins of someone else's workspace are left to the server (the owner's plan counts)", () => {
    for (const role of ['member', 'admin'] as const)
      for (const plan of PLANS)
        expect(saveBlockedReason(user(plan), { workspace: workspace(role) })).toBeNull()
  })

  test('in their own workspace the owner’s plan is known: gold saves, pro and free hear about the plan', () => {
    const own = { workspace: workspace('owner', 'me') }
    expect(saveBlockedReason(user('gold'), own)).toBeNull()
    expect(saveBlockedReason(user('pro'), own)).toEqual(needPro)
    expect(saveBlockedReason(user('free'), own)).toEqual(needPro)
    expect(disablesSave(needPro)).toBe(false)
  })

  test('a free user without a project, or in a personal one, hears about the plan first', () => {
    expect(saveBlockedReason(user('free'), undefined)).toEqual(needPro)
    expect(saveBlockedReason(user('free'), { workspace: null })).toEqual(needPro)
    expect(saveBlockedReason(null, undefined)).toEqual(needPro)
    expect(disablesSave(null)).toBe(false)
  })

  test('a paying user without a project is not refused up front (No current project comes on save)', () => {
    expect(saveBlockedReason(user('pro'), undefined)).toBeNull()
    expect(saveBlockedReason(user('gold'), { workspace: null })).toBeNull()
  })
})
