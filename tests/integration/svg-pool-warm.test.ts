// The SVG pool's first worker starts with a signed-in browser's navigation (server/app.ts, ADR 0102):
// a new device's first API request, the first screen whose markup the pool sanitises, comes a moment
// later and does not wait for the worker's start-up. A page asked without a session cookie, and the
// sign-in itself, start none (a server nobody uses idles without one, ADR 0304).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../setup/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp('pglite')
})
afterAll(() => t?.close())

it('starts the first worker with a signed-in navigation, not with an anonymous page or the sign-in', async () => {
  const workers = () => t.ctx.svg.stats().workers
  const cookie = await t.signIn('warm-page@example.com')
  await t.request('/sign-in')
  await t.request('/icons?projectId=00000000-0000-4000-8000-000000000000', { cookie: 'other=1' })
  expect(workers()).toBe(0)
  const page = await t.request('/icons?projectId=00000000-0000-4000-8000-000000000000', { cookie })
  expect(page.headers.get('content-type') ?? '').toContain('text/html')
  expect(workers()).toBe(1)
  // Once: a second navigation starts no other.
  await t.request('/icons', { cookie })
  expect(workers()).toBe(1)
})
