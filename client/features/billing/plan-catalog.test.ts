// The plan cards' feature lines write numbers the way the rest of the product does (1,000, not 1000).
import { describe, expect, it } from 'vitest'
import { planFeatures } from './plan-catalog.ts'

const labels = (plan: 'free' | 'pro' | 'gold') => planFeatures(plan).map((f) => f.label)

describe('plan feature lines', () => {
  it('group thousands in credit counts', () => {
    expect(labels('gold')).toContain('1,000 maker credits per month')
    expect(labels('gold')).toContain('Workspace credits set by admins (5,000 per month by default)')
    expect(labels('pro')).toContain('200 maker credits per month')
  })
})
