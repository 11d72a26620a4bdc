// /api/maker/* against a real stand-in AI endpoint (tests/setup/ai-stub.ts): capabilities, the
// trace charge, and generation (good, malicious, no SVG, upstream error, timeout), with credits
// consumed exactly once per successful action and refused at the limit; AI not configured.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { safetyProblems } from '../../common/svg/test-support/assert-safe.ts'
import { aiSettings } from '../../server/ai/settings.ts'
import { workspaces } from '../../server/db/schema/index.ts'
import { type AiStub, STUB_API_KEY, STUB_MODEL, startAiStub } from '../setup/ai-stub.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('maker API on %s', (kind) => {
  let t: TestApp
  let stub: AiStub
  let pro: string
  let owner: string
  let viewer: string
  let free: string
  const wsId = randomUUID()
  const used = async (cookie: string, ws?: string) =>
    (await t.get(`/api/credits${ws ? `?workspaceId=${ws}` : ''}`, cookie)).body.data.used as number
  const generate = (cookie: string, body: Record<string, unknown>) =>
    t.post('/api/maker/generate', cookie, body)

  beforeAll(async () => {
    stub = await startAiStub()
    t = await createTestApp(kind, stub.env)
    pro = await t.signIn('mpro@example.com')
    owner = await t.signIn('mowner@example.com')
    viewer = await t.signIn('mviewer@example.com')
    free = await t.signIn('mfree@example.com')
    await t.setPlan('mpro@example.com', 'pro')
    await t.setPlan('mowner@example.com', 'gold')
    await t.post('/api/workspaces/create', owner, { id: wsId, name: 'Makers', description: '' })
    const inv = await t.post('/api/workspaces/invite-user', owner, {
      workspaceId: wsId,
      email: 'mviewer@example.com',
      role: 'viewer',
    })
    await t.post('/api/workspaces/accept-invitation', viewer, { invitationId: inv.body.data.id })
  })
  afterAll(async () => {
    await t?.close()
    await stub?.close()
  })

  it('capabilities: AI configured, costs, and whether saving is allowed here', async () => {
    const res = await t.get('/api/maker/capabilities', pro)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      ai: { configured: true, model: STUB_MODEL },
      costs: { trace: 1, generateVariant: 1 },
      maxVariants: 4,
      saveRefusal: null,
    })
    expect((await t.get('/api/maker/capabilities', free)).body.data.saveRefusal).toBe(messages.needProToSave)
    expect((await t.get(`/api/maker/capabilities?workspaceId=${wsId}`, owner)).body.data.saveRefusal).toBe(
      null,
    )
    expect((await t.get(`/api/maker/capabilities?workspaceId=${wsId}`, viewer)).body.data.saveRefusal).toBe(
      messages.notAuthorized,
    )
    expect((await t.get(`/api/maker/capabilities?workspaceId=${wsId}`, pro)).status).toBe(404)
    expect((await t.get('/api/maker/capabilities', '')).status).toBe(401)
  })

  it('charge: a trace takes exactly one credit, personal or workspace; refusals say why', async () => {
    const before = await used(pro)
    const res = await t.post('/api/maker/charge', pro, { action: 'trace' })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ used: before + 1, limit: 200 })
    expect(await used(pro)).toBe(before + 1)

    await t.ctx.store.db.update(workspaces).set({ credits_limit: 2 }).where(eq(workspaces.id, wsId))
    for (const n of [1, 2]) {
      const ok = await t.post('/api/maker/charge', owner, { action: 'trace', workspaceId: wsId })
      expect(ok.body.data).toMatchObject({ used: n, limit: 2 })
    }
    expect(await t.post('/api/maker/charge', owner, { action: 'trace', workspaceId: wsId })).toEqual({
      status: 403,
      body: { error: appMessages.notEnoughCredits, code: 'quota_reached' },
    })
    expect(await used(owner, wsId)).toBe(2)
    expect(await t.post('/api/maker/charge', free, { action: 'trace' })).toEqual({
      status: 403,
      body: { error: appMessages.noCreditsOnPlan, code: 'plan_required' },
    })
    const asViewer = await t.post('/api/maker/charge', viewer, { action: 'trace', workspaceId: wsId })
    expect(asViewer).toEqual({ status: 403, body: { error: messages.notAuthorized, code: 'not_authorized' } })
    expect((await t.post('/api/maker/charge', pro, { action: 'trace', workspaceId: wsId })).status).toBe(404)
    expect(await t.post('/api/maker/charge', pro, { action: 'fly' })).toEqual({
      status: 400,
      body: { error: appMessages.makerActionUnknown, code: 'invalid' },
    })
    expect((await t.post('/api/maker/charge', '', { action: 'trace' })).status).toBe(401)
  })

  it('generate: variants through the pipeline, one credit per variant, charged once', async () => {
    const before = await used(pro)
    const asked = stub.requests.length
    const res = await generate(pro, { prompt: 'a sun', variants: 3 })
    expect(res.status).toBe(200)
    expect(res.body.data.variants).toHaveLength(3)
    for (const { svg } of res.body.data.variants) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 24 24"/)
      expect(safetyProblems(svg)).toEqual([])
    }
    expect(res.body.data.credits).toMatchObject({ used: before + 3, limit: 200 })
    expect(await used(pro)).toBe(before + 3)
    const sent = stub.requests.slice(asked)
    expect(sent).toHaveLength(3)
    for (const r of sent) {
      expect(r.authorization).toBe(`Bearer ${STUB_API_KEY}`)
      expect(r.body.model).toBe(STUB_MODEL)
      expect(r.prompt).toContain('a sun')
    }
  })

  it('generate: a malicious answer comes out neutralised (and still costs its credit)', async () => {
    const before = await used(pro)
    const res = await generate(pro, { prompt: 'something malicious' })
    expect(res.status).toBe(200)
    const [{ svg }] = res.body.data.variants
    expect(safetyProblems(svg)).toEqual([])
    expect(svg).not.toMatch(/script|onload|onclick|javascript|foreignObject|iframe|<image/i)
    expect(svg).toContain('<path')
    expect(await used(pro)).toBe(before + 1)
  })

  it('generate: no usable SVG, an upstream error or a timeout answer 502/504 and cost nothing', async () => {
    const before = await used(pro)
    for (const prompt of ['only prose please', 'a scriptonly icon']) {
      expect(await generate(pro, { prompt, variants: 2 })).toEqual({
        status: 502,
        body: { error: appMessages.aiNoSvg, code: 'upstream_error' },
      })
    }
    expect(await generate(pro, { prompt: 'error please' })).toEqual({
      status: 502,
      body: { error: `${appMessages.aiUpstreamError} (HTTP 500)`, code: 'upstream_error' },
    })
    // The AI deadline (ADR 0500); shortened here (and in the maker's end-to-end test) not to wait for it.
    expect(aiSettings.timeoutMs).toBe(30_000)
    aiSettings.timeoutMs = 400
    try {
      const started = Date.now()
      expect(await generate(pro, { prompt: 'slow one', variants: 2 })).toEqual({
        status: 504,
        body: { error: appMessages.aiTimeout, code: 'upstream_timeout' },
      })
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      aiSettings.timeoutMs = 30_000
    }
    expect(await used(pro)).toBe(before)
  })

  it('generate: refused at the limit before the endpoint is asked; input is validated', async () => {
    await t.ctx.store.db.update(workspaces).set({ credits_limit: 3 }).where(eq(workspaces.id, wsId))
    const asked = stub.requests.length
    const ws = (variants: number) => generate(owner, { prompt: 'a key', variants, workspaceId: wsId })
    expect(await ws(2)).toEqual({
      status: 403,
      body: { error: appMessages.notEnoughCredits, code: 'quota_reached' },
    })
    expect(stub.requests.length).toBe(asked)
    expect((await ws(1)).body.data.credits).toMatchObject({ used: 3, limit: 3 })
    expect(await generate(free, { prompt: 'a key' })).toEqual({
      status: 403,
      body: { error: appMessages.noCreditsOnPlan, code: 'plan_required' },
    })
    expect(await generate(pro, { prompt: '   ' })).toEqual({
      status: 400,
      body: { error: appMessages.makerPromptRequired, code: 'invalid' },
    })
    for (const variants of [0, 5, 1.5]) {
      expect((await generate(pro, { prompt: 'x', variants })).body).toEqual({
        error: appMessages.makerVariantsInvalid,
        code: 'invalid',
      })
    }
  })
})

describe.each(dbKinds)('maker API without AI configured on %s', (kind) => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await createTestApp(kind)
    cookie = await t.signIn('noai@example.com')
    await t.setPlan('noai@example.com', 'pro')
  })
  afterAll(() => t?.close())

  it('capabilities say it is off, not how the server is set up; generate answers 503 saying so', async () => {
    expect((await t.get('/api/maker/capabilities', cookie)).body.data.ai).toEqual({
      configured: false,
      model: null,
    })
    expect(await t.post('/api/maker/generate', cookie, { prompt: 'a sun' })).toEqual({
      status: 503,
      body: { error: appMessages.aiNotConfigured, code: 'not_configured' },
    })
    expect((await t.get('/api/credits', cookie)).body.data.used).toBe(0)
  })
})
