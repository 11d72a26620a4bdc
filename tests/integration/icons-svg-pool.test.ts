// Icon creates run the SVG pipeline in the worker pool: an icon past the CPU deadline gets a clear
// 400 (alone in a drop), ordinary icons still work right after, and a pool too busy answers 503
// or 429 with Retry-After. The deadline is shortened here to 100 ms of CPU, so an icon within every
// input limit that takes 0.26–0.9 s of work (a fast machine warm, a slow one) is refused and ordinary
// ones (< 1 ms warm) are not: a 1 ms deadline refused them on a loaded machine, a 20 ms one the first
// icon of a replaced worker in a CI run at load 6, and a 50 ms one killed that icon's measure in
// another (its output stood); at 200 ms a fast machine's warm worker finished the heavy icon in 0.26 s,
// between two of the pool's checks (every 100 ms), and it was created; at 100 ms a faster one did
// the same with 0.15 s. The heavy icon is now the slowest we know (arcs, 0.25 s warm on that
// machine) and the CPU is read every 10 ms here.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { SVG_ERROR_MESSAGES } from '../../common/svg/index.ts'
import { SLOWEST_ALLOWED } from '../setup/hostile-svgs.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h4v${2 + (n % 19)}h-4z"/></svg>`
const HEAVY = SLOWEST_ALLOWED

describe.each(dbKinds)('the SVG worker pool behind /api/icons on %s', (kind) => {
  let t: TestApp
  let busy: TestApp
  let cookie: string
  let busyCookie: string
  const project = randomUUID()
  const busyProject = randomUUID()
  const icon = (project_id: string, svg: string) => ({
    id: randomUUID(),
    name: 'Pooled',
    svg,
    project_id,
    origin_icon_id: null,
    workspace_id: null,
    icon_status: 'approved',
  })
  const listed = async (app: TestApp, who: string, projectId: string): Promise<string[]> =>
    (await app.get(`/api/icons?project_id=${projectId}`, who)).body.data.map((r: Json) => r.id)

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { svgPool: { cpuDeadlineMs: 100, cpuCheckMs: 10 } })
    cookie = await t.signIn('pool@example.com')
    await t.setPlan('pool@example.com', 'pro')
    await t.post('/api/projects/create', cookie, { id: project, name: 'Pool', workspace_id: null })
    // A pool that lets no caller queue an icon: every create is refused as one over its bound.
    busy = await createTestApp(kind, {}, { svgPool: { maxQueuedPerLane: 0 } })
    busyCookie = await busy.signIn('busy@example.com')
    await busy.setPlan('busy@example.com', 'pro')
    await busy.post('/api/projects/create', busyCookie, { id: busyProject, name: 'Busy', workspace_id: null })
  })
  afterAll(async () => {
    await t?.close()
    await busy?.close()
  })

  it('refuses a too-slow icon with a clear 400 and still creates ordinary icons', async () => {
    const slow = icon(project, HEAVY)
    expect(await t.post('/api/icons/create', cookie, slow)).toEqual({
      status: 400,
      body: { error: SVG_ERROR_MESSAGES.too_slow, code: 'invalid' },
    })
    const ok = icon(project, svgOf(3))
    const created = await t.post('/api/icons/create', cookie, ok)
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({ id: ok.id, project_id: project })
    expect(created.body.data.svg).toContain('<path')
    expect(t.ctx.svg.stats().replaced).toBe(1)

    const drop = [icon(project, svgOf(4)), icon(project, HEAVY), icon(project, svgOf(5))]
    const res = await t.post('/api/icons/create-many', cookie, { icons: drop })
    expect(res.status).toBe(200)
    const results: Json[] = res.body.data.results
    expect(results[1]).toEqual({
      id: drop[1]!.id,
      status: 400,
      error: SVG_ERROR_MESSAGES.too_slow,
      code: 'invalid',
    })
    expect(results[0].data.id).toBe(drop[0]!.id)
    expect(results[2].data.id).toBe(drop[2]!.id)
    expect(await listed(t, cookie, project)).toEqual([ok.id, drop[0]!.id, drop[2]!.id])
  })

  it('answers 429 with Retry-After when the caller has too many icons waiting, and stores nothing', async () => {
    for (const [path, json] of [
      ['/api/icons/create', icon(busyProject, svgOf(1))],
      ['/api/icons/create-many', { icons: [icon(busyProject, svgOf(2)), icon(busyProject, svgOf(3))] }],
    ] as const) {
      const res = await busy.request(path, { cookie: busyCookie, json })
      expect(res.status).toBe(429)
      expect(res.headers.get('retry-after')).toBe('5')
      expect(await res.json()).toEqual({ error: appMessages.tooManyRequests, code: 'rate_limited' })
    }
    expect(await listed(busy, busyCookie, busyProject)).toEqual([])
  })

  it('answers 429 with Retry-After to an account over its CPU budget and serves another account', async () => {
    // A budget below one ordinary icon's cost: a first icon spends it, the next one is refused.
    const app = await createTestApp(kind, {}, { svgPool: { cpuBudgetMs: 0.001, cpuRefillMsPerS: 0.001 } })
    try {
      const heavy = await app.signIn('heavy@example.com')
      const light = await app.signIn('light@example.com')
      const projects = [randomUUID(), randomUUID()]
      for (const [at, who] of [heavy, light].entries()) {
        await app.setPlan(at ? 'light@example.com' : 'heavy@example.com', 'pro')
        await app.post('/api/projects/create', who, { id: projects[at], name: 'Budget', workspace_id: null })
      }
      expect((await app.post('/api/icons/create', heavy, icon(projects[0]!, svgOf(1)))).status).toBe(200)
      const refused = await app.request('/api/icons/create', {
        cookie: heavy,
        json: icon(projects[0]!, svgOf(2)),
      })
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await refused.json()).toEqual({ error: appMessages.svgCpuBudget, code: 'rate_limited' })
      const many = await app.post('/api/icons/create-many', heavy, { icons: [icon(projects[0]!, svgOf(3))] })
      expect(many).toEqual({ status: 429, body: { error: appMessages.svgCpuBudget, code: 'rate_limited' } })
      expect((await app.post('/api/icons/create', light, icon(projects[1]!, svgOf(4)))).status).toBe(200)
    } finally {
      await app.close()
    }
  })
})
