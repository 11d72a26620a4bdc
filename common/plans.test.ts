import { describe, expect, it } from 'vitest'
import { appMessages, messages } from './messages.ts'
import {
  canCancelSubscription,
  canCreateWorkspace,
  canRestoreSubscription,
  canSaveIcons,
  canUpgrade,
  capabilities,
  createWorkspaceRefusal,
  creditsRefusal,
  DEFAULT_PLAN_PRICES,
  formatMonthlyPrice,
  isPaidPlan,
  PLANS,
  planPrices,
  saveIconsRefusal,
  upgradeTargets,
} from './plans.ts'

describe('plan entitlements (docs/product.md §Plans)', () => {
  it('creating workspaces needs gold, with the refusal message otherwise', () => {
    expect(PLANS.filter((p) => canCreateWorkspace(p))).toEqual(['gold'])
    expect(createWorkspaceRefusal('free')).toBe(appMessages.goldRequired)
    expect(createWorkspaceRefusal('pro')).toBe(appMessages.goldRequired)
    expect(createWorkspaceRefusal(null)).toBe(appMessages.goldRequired)
    expect(createWorkspaceRefusal('gold')).toBeNull()
  })

  it('saving icons in personal mode needs pro or gold: "You need to be a pro user…"', () => {
    expect(PLANS.filter((p) => canSaveIcons({ userPlan: p }))).toEqual(['pro', 'gold'])
    expect(saveIconsRefusal({ userPlan: 'free' })).toBe(messages.needProToSave)
    expect(saveIconsRefusal({ userPlan: undefined })).toBe(messages.needProToSave)
    expect(saveIconsRefusal({ userPlan: 'pro' })).toBeNull()
    expect(saveIconsRefusal({ userPlan: 'gold' })).toBeNull()
  })

  it("in a workspace the owner's plan counts, and it must be gold, whatever the member's plan", () => {
    for (const userPlan of PLANS) {
      expect(saveIconsRefusal({ userPlan, workspaceOwnerPlan: 'gold' })).toBeNull()
      for (const owner of ['free', 'pro', null] as const) {
        expect(saveIconsRefusal({ userPlan, workspaceOwnerPlan: owner })).toBe(messages.needProToSave)
      }
    }
  })

  it('gives monthly maker credits of 0 / 200 / 1000 and refuses beyond them', () => {
    expect(PLANS.map((p) => capabilities(p).monthlyCredits)).toEqual([0, 200, 1000])
    expect(creditsRefusal(0, 0, 1)).toBe(appMessages.noCreditsOnPlan)
    expect(creditsRefusal(199, 200, 2)).toBe(appMessages.notEnoughCredits)
    expect(creditsRefusal(198, 200, 2)).toBeNull()
  })

  it('offers upgrades to higher plans only; Upgrade is hidden for gold', () => {
    expect(upgradeTargets('free')).toEqual(['pro', 'gold'])
    expect(upgradeTargets('pro')).toEqual(['gold'])
    expect(upgradeTargets('gold')).toEqual([])
    expect(PLANS.filter((p) => canUpgrade(p))).toEqual(['free', 'pro'])
    expect(PLANS.filter(isPaidPlan)).toEqual(['pro', 'gold'])
  })

  it('an active subscription shows cancel, a canceled one restore (docs/product.md §Subscriptions)', () => {
    expect(canCancelSubscription('active')).toBe(true)
    expect(canRestoreSubscription('active')).toBe(false)
    expect(canCancelSubscription('canceled')).toBe(false)
    expect(canRestoreSubscription('canceled')).toBe(true)
    expect(canCancelSubscription(null)).toBe(false)
    expect(canRestoreSubscription(null)).toBe(false)
  })
})

describe('plan prices (shown on / and /upgrade)', () => {
  it('keep the defaults unless the environment sets a price or a currency', () => {
    expect(planPrices({})).toEqual(DEFAULT_PLAN_PRICES)
    expect(planPrices({ pro: 12.5, currency: 'EUR' })).toEqual({
      currency: 'EUR',
      monthly: { free: 0, pro: 12.5, gold: DEFAULT_PLAN_PRICES.monthly.gold },
    })
  })

  it('read as a person would: whole amounts without cents', () => {
    expect(formatMonthlyPrice(9, 'USD')).toBe('$9')
    expect(formatMonthlyPrice(12.5, 'USD')).toBe('$12.50')
    expect(formatMonthlyPrice(29, 'EUR')).toBe('€29')
    expect(formatMonthlyPrice(0, 'USD')).toBe('$0')
  })
})
