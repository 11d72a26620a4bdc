// A process that drains (SIGTERM, server/ops/lifecycle.ts): readiness turns 503 while liveness stays,
// and open event streams end with a short retry hint so browsers reconnect to another process.
// Its own file: draining is per process, and this test's process drains for good.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDraining } from '../../server/ops/lifecycle.ts'
import { DRAIN_RETRY_MS } from '../../server/routes/events.ts'
import { readSse } from '../setup/sse.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'

describe('draining', () => {
  let t: TestApp
  let cookie: string

  beforeAll(async () => {
    t = await createTestApp('pglite')
    cookie = await t.signIn('drain@example.com')
  })
  afterAll(() => t?.close())

  it('is ready until it drains; then readiness is 503 and streams end with a retry hint', async () => {
    expect(await (await t.request('/api/health/ready')).json()).toEqual({
      status: 'ready',
      database: 'pglite',
    })
    const res = await t.request('/api/events', { cookie })
    const stream = readSse(res)
    await stream.next((e) => e.event === 'ready')
    startDraining()
    expect((await stream.next((e) => e.event === 'reconnect')).retry).toBe(DRAIN_RETRY_MS)
    await stream.end()
    const ready = await t.request('/api/health/ready')
    expect(ready.status).toBe(503)
    expect(await ready.json()).toEqual({ error: 'Shutting down', code: 'unavailable' })
    expect((await t.request('/api/health')).status).toBe(200)
    // A stream opened while draining is told to go elsewhere at once.
    const late = readSse(await t.request('/api/events', { cookie }))
    expect((await late.next((e) => e.event === 'reconnect')).retry).toBe(DRAIN_RETRY_MS)
    await late.end()
  })
})
