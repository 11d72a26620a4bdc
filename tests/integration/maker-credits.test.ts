// Paid AI calls: credits are reserved before the AI endpoint is asked, so parallel
// requests at the limit make only the affordable calls; what is not delivered is given back; a
// user runs at most LIMITS.aiConcurrentPerUser generations at once (429 with Retry-After).
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { aiSettings } from '../../server/ai/settings.ts'
import { workspaces } from '../../server/db/schema/index.ts'
import { consumeCredits } from '../../server/domain/plans/credits.ts'
import { LIMITS } from '../../server/middleware/rate-limit.ts'
import { type AiStub, startAiStub } from '../setup/ai-stub.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('maker credits and concurrency on %s', (kind) => {
  let t: TestApp
  let stub: AiStub
  let owner: string
  let pro: string
  const members: string[] = []
  const wsId = randomUUID()
  const used = async (cookie: string, ws?: string) =>
    (await t.get(`/api/credits${ws ? `?workspaceId=${ws}` : ''}`, cookie)).body.data.used as number
  const generate = (cookie: string, body: Record<string, unknown>) =>
    t.request('/api/maker/generate', { cookie, json: body })

  beforeAll(async () => {
    stub = await startAiStub()
    t = await createTestApp(kind, stub.env)
    owner = await t.signIn('cro@example.com')
    pro = await t.signIn('crp@example.com')
    await t.setPlan('cro@example.com', 'gold')
    await t.setPlan('crp@example.com', 'pro')
    await t.post('/api/workspaces/create', owner, { id: wsId, name: 'Race', description: '' })
    for (const email of ['cr1@example.com', 'cr2@example.com']) {
      const cookie = await t.signIn(email)
      const inv = await t.post('/api/workspaces/invite-user', owner, { workspaceId: wsId, email })
      await t.post('/api/workspaces/accept-invitation', cookie, { invitationId: inv.body.data.id })
      members.push(cookie)
    }
  })
  afterAll(async () => {
    await t?.close()
    await stub?.close()
  })

  it('30 parallel generations at 999 of 1,000 credits ask the AI once and charge once', async () => {
    await t.ctx.store.db.update(workspaces).set({ credits_limit: 1000 }).where(eq(workspaces.id, wsId))
    await consumeCredits(t.ctx.store.db, { workspaceId: wsId }, 999)
    const asked = stub.requests.length
    const callers = [owner, ...members]
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        generate(callers[i % callers.length] ?? owner, { prompt: 'a bolt', variants: 1, workspaceId: wsId }),
      ),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s !== 200 && s !== 403 && s !== 429)).toEqual([])
    // The credits refused some of them (not only the per-user cap): reservation is what held.
    expect(statuses.filter((s) => s === 403).length).toBeGreaterThan(0)
    for (const r of answers.filter((a) => a.status === 403)) {
      expect(await r.json()).toEqual({ error: appMessages.notEnoughCredits, code: 'quota_reached' })
    }
    expect(stub.requests.length - asked).toBe(1)
    expect(await used(owner, wsId)).toBe(1000)
  })

  it('reserves every variant before asking and gives back those not delivered', async () => {
    const before = await used(pro)
    const res = await generate(pro, { prompt: 'a halfprose cloud', variants: 4 })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.data.variants).toHaveLength(2)
    expect(body.data.credits).toMatchObject({ used: before + 2 })
    expect(await used(pro)).toBe(before + 2)
  })

  it(`runs at most ${LIMITS.aiConcurrentPerUser} generations of a user at once; credits held meanwhile are given back on a timeout`, async () => {
    aiSettings.timeoutMs = 1500
    try {
      const before = await used(pro)
      const asked = stub.requests.length
      const running = Array.from({ length: LIMITS.aiConcurrentPerUser }, () =>
        generate(pro, { prompt: 'a slow moon', variants: 2 }),
      )
      // Both are with the AI endpoint now, their credits reserved.
      await expect
        .poll(() => stub.requests.length - asked, {
          timeout: 2000,
          interval: 10,
          message: 'the AI endpoint was not asked',
        })
        .toBeGreaterThanOrEqual(2 * LIMITS.aiConcurrentPerUser)
      expect(await used(pro)).toBe(before + 2 * LIMITS.aiConcurrentPerUser)
      const refused = await generate(pro, { prompt: 'a third', variants: 1 })
      expect(refused.status).toBe(429)
      expect(await refused.json()).toEqual({ error: appMessages.tooManyRequests, code: 'rate_limited' })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      // Another user is not held up by this one's cap.
      expect((await generate(owner, { prompt: 'a star', variants: 1 })).status).toBe(200)
      for (const r of await Promise.all(running)) {
        expect(r.status).toBe(504)
        expect(await r.json()).toEqual({ error: appMessages.aiTimeout, code: 'upstream_timeout' })
      }
      expect(stub.requests.length - asked).toBe(2 * LIMITS.aiConcurrentPerUser + 1)
      expect(await used(pro)).toBe(before)
      // Once they ended, the user may generate again.
      expect((await generate(pro, { prompt: 'a key', variants: 1 })).status).toBe(200)
    } finally {
      aiSettings.timeoutMs = 30_000
    }
  })
})
