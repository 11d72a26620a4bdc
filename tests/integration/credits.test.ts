// Maker credits: consumeCredits never overspends under concurrency (100 callers, limit 50),
// months are separate, refusals say why; GET /api/credits for members and for oneself.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { workspaces } from '../../server/db/schema/index.ts'
import { ApiError } from '../../server/domain/errors.ts'
import { consumeCredits, creditMonth, creditUsage } from '../../server/domain/plans/credits.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('credits on %s', (kind) => {
  let t: TestApp
  let owner: string
  let outsider: string
  let ownerId: string
  const wsId = randomUUID()
  const db = () => t.ctx.store.db

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('owner@example.com')
    outsider = await t.signIn('outsider@example.com')
    await t.setPlan('owner@example.com', 'gold')
    ownerId = (await t.get('/api/me', owner)).body.user.id
    expect((await t.post('/api/workspaces/create', owner, { id: wsId, name: 'Team' })).status).toBe(200)
  })
  afterAll(() => t?.close())

  it('grants exactly 50 of 100 concurrent consumptions against a limit of 50', async () => {
    await db().update(workspaces).set({ credits_limit: 50 }).where(eq(workspaces.id, wsId))
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => consumeCredits(db(), { workspaceId: wsId }, 1)),
    )
    const granted = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect(granted).toHaveLength(50)
    expect(refused).toHaveLength(50)
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(ApiError)
      expect(r.reason).toMatchObject({ status: 403, message: appMessages.notEnoughCredits })
    }
    expect(await creditUsage(db(), { workspaceId: wsId })).toEqual({
      month: creditMonth(),
      used: 50,
      limit: 50,
    })
  })

  it('never overspends a personal allowance either (pro: 200) with uneven amounts', async () => {
    const scope = { userId: ownerId, plan: 'pro' as const }
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => consumeCredits(db(), scope, 3)),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(66)
    expect((await creditUsage(db(), scope)).used).toBe(198)
    // Personal and workspace ledgers are separate.
    expect((await creditUsage(db(), { workspaceId: wsId })).used).toBe(50)
  })

  it('counts each UTC calendar month on its own, and says why it refuses', async () => {
    const nextMonth = new Date(Date.UTC(2031, 0, 1, 0, 0, 1))
    const lastMoment = new Date(Date.UTC(2030, 11, 31, 23, 59, 59))
    expect(creditMonth(nextMonth)).toBe('2031-01')
    expect(creditMonth(lastMoment)).toBe('2030-12')
    const usage = await consumeCredits(db(), { workspaceId: wsId }, 50, nextMonth)
    expect(usage).toEqual({ month: '2031-01', used: 50, limit: 50 })
    await expect(consumeCredits(db(), { workspaceId: wsId }, 1, nextMonth)).rejects.toMatchObject({
      status: 403,
      message: appMessages.notEnoughCredits,
    })
    await expect(consumeCredits(db(), { userId: ownerId, plan: 'free' }, 1)).rejects.toMatchObject({
      status: 403,
      message: appMessages.noCreditsOnPlan,
    })
    for (const n of [0, -1, 1.5, Number.NaN]) {
      await expect(consumeCredits(db(), { workspaceId: wsId }, n)).rejects.toMatchObject({
        status: 400,
        message: appMessages.creditAmountInvalid,
      })
    }
    await expect(consumeCredits(db(), { workspaceId: randomUUID() }, 1)).rejects.toMatchObject({
      status: 404,
    })
    // A higher limit takes effect at once.
    await db().update(workspaces).set({ credits_limit: 60 }).where(eq(workspaces.id, wsId))
    expect((await consumeCredits(db(), { workspaceId: wsId }, 10)).used).toBe(60)
  })

  it('GET /api/credits: members see their workspace, others get 404, everyone their own', async () => {
    expect(await t.get(`/api/credits?workspaceId=${wsId}`, owner)).toEqual({
      status: 200,
      body: { data: { month: creditMonth(), used: 60, limit: 60 } },
    })
    expect(await t.get(`/api/credits?workspaceId=${wsId}`, outsider)).toEqual({
      status: 404,
      body: { error: appMessages.apiNotFound, code: 'not_found' },
    })
    expect((await t.get(`/api/credits?workspaceId=${randomUUID()}`, owner)).status).toBe(404)
    expect((await t.get('/api/credits?workspaceId=not-a-uuid', owner)).status).toBe(400)
    expect((await t.get('/api/credits', owner)).body).toEqual({
      data: { month: creditMonth(), used: 198, limit: 1000 },
    })
    expect((await t.get('/api/credits', outsider)).body).toEqual({
      data: { month: creditMonth(), used: 0, limit: 0 },
    })
    expect((await t.get('/api/credits', '')).status).toBe(401)
  })
})
