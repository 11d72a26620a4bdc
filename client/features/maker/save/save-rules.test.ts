// The save control's up-front refusals: role first, then the plan where the user's own plan counts.
import { messages } from '@common/messages.ts'
import { describe, expect, test } from 'vitest'
import { disablesSave, type SaveBlock, saveBlockedReason } from './save-rules.ts'

const notAuthorized: SaveBlock = { code: 'not_authorized', message: messages.notAuthorized }
const needPro: SaveBlock = { code: 'plan_required', message: messages.needProToSave }

describe('saveBlockedReason', () => {
  test('a viewer may not save into the open workspace project, whatever the plan', () => {
    for (const plan of ['free', 'pro', 'gold'] as const) {
      expect(saveBlockedReason(plan, { role: 'viewer' })).toEqual(notAuthorized)
    }
    expect(disablesSave(notAuthorized)).toBe(true)
  })

  test('members, admins and owners of a workspace are left to the server (the owner plan counts)', () => {
    for (const role of ['member', 'admin', 'owner'] as const) {
      expect(saveBlockedReason('free', { role })).toBeNull()
    }
  })

  test('a free user without a project, or in a personal one, hears about the plan first', () => {
    expect(saveBlockedReason('free', undefined)).toEqual(needPro)
    expect(saveBlockedReason('free', { role: null })).toEqual(needPro)
    expect(saveBlockedReason(null, undefined)).toEqual(needPro)
    expect(disablesSave(needPro)).toBe(false)
    expect(disablesSave(null)).toBe(false)
  })

  test('a paying user without a project is not refused up front (No current project comes on save)', () => {
    expect(saveBlockedReason('pro', undefined)).toBeNull()
    expect(saveBlockedReason('gold', { role: null })).toBeNull()
  })
})
