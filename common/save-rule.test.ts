// "May I save here?" (save-rule.ts) for every plan and role, in personal mode and in a workspace,
// with the owner's plan known (the server; the browser when the user owns the workspace) or not.
import { describe, expect, test } from 'vitest'
import { messages } from './messages.ts'
import { ROLES } from './permissions.ts'
import { PLANS } from './plans.ts'
import { knownOwnerPlan, saveRefusal } from './save-rule.ts'

const notAuthorized = { code: 'not_authorized', message: messages.notAuthorized }
const planRequired = { code: 'plan_required', message: messages.needProToSave }

describe('saveRefusal', () => {
  test('personal mode: the user’s own plan, pro or gold', () => {
    for (const userPlan of PLANS)
      for (const ownerPlan of [undefined, null, ...PLANS])
        expect(saveRefusal({ role: 'personal', userPlan, ownerPlan })).toEqual(
          userPlan === 'free' ? planRequired : null,
        )
    expect(saveRefusal({ role: 'personal', userPlan: null })).toEqual(planRequired)
    expect(saveRefusal({ role: 'personal', userPlan: undefined })).toEqual(planRequired)
  })

  test('a workspace: the role first, then the owner’s plan (gold), whatever the user’s own', () => {
    for (const role of ROLES)
      for (const userPlan of PLANS)
        for (const ownerPlan of PLANS) {
          const expected = role === 'viewer' ? notAuthorized : ownerPlan === 'gold' ? null : planRequired
          expect(saveRefusal({ role, userPlan, ownerPlan }), `${role} ${userPlan} ${ownerPlan}`).toEqual(
            expected,
          )
        }
  })

  test('a workspace whose owner’s plan is not known: the role only, the server decides the plan', () => {
    for (const role of ROLES)
      for (const userPlan of PLANS)
        expect(saveRefusal({ role, userPlan })).toEqual(role === 'viewer' ? notAuthorized : null)
  })

  test('an owner without a plan (null: lapsed) cannot be saved to', () => {
    expect(saveRefusal({ role: 'member', userPlan: 'gold', ownerPlan: null })).toEqual(planRequired)
  })

  test('no role (not a member) is refused as not authorized, whatever the plans', () => {
    for (const userPlan of PLANS)
      expect(saveRefusal({ role: null, userPlan, ownerPlan: 'gold' })).toEqual(notAuthorized)
  })
})

describe('knownOwnerPlan', () => {
  const me = { id: 'u1', plan: 'pro' as const }
  test('the user’s own plan in a workspace they own, unknown in anyone else’s, none in personal mode', () => {
    expect(knownOwnerPlan(me, { user_id: 'u1' })).toBe('pro')
    expect(knownOwnerPlan(me, { user_id: 'u2' })).toBeUndefined()
    expect(knownOwnerPlan(me, null)).toBeUndefined()
  })

  test('so a pro owner may not save into their own workspace (the owner’s plan must be gold)', () => {
    const role = 'owner'
    expect(saveRefusal({ role, userPlan: 'pro', ownerPlan: knownOwnerPlan(me, { user_id: 'u1' }) })).toEqual(
      planRequired,
    )
  })
})
