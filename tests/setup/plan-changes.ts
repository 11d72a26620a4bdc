// Plan changes made inside a test, undone after it: `const plans = planChanges(() => t, baseline)`,
// `afterEach(plans.undo)`, then `await plans.set(email, plan)` in the test. A test that fails half
// way leaves the next one the plans its set-up gave (the baseline), not the plan it was trying.
import type { TestApp } from './test-app.ts'

type Plan = 'free' | 'pro' | 'gold'

export function planChanges(app: () => TestApp, baseline: Record<string, Plan>) {
  const changed = new Set<string>()
  return {
    async set(email: string, plan: Plan) {
      if (!(email in baseline)) throw new Error(`${email} has no baseline plan to return to`)
      changed.add(email)
      await app().setPlan(email, plan)
    },
    async undo() {
      for (const email of changed) await app().setPlan(email, baseline[email]!)
      changed.clear()
    },
  }
}
