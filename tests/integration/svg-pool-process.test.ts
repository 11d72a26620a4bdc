// The real server process (`node server/index.ts`) keeps answering while icons are processed: a
// drop of the costliest icons the input limits let through keeps the SVG workers busy for seconds,
// and meanwhile /api/health and the signed-in icon list answer (asserted on the answers arriving
// while the drop is still pending, not on timings). The issue's path-heavy icon (one path of
// 10,000 segments, 127 KB: 31 s on the event loop before the pool) is then refused with a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiUser, proUserWithProject } from '../setup/api-user.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { ISSUE_ICON, WORST_ALLOWED } from '../setup/hostile-svgs.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'

describe('the event loop stays free while icons are processed (real server process)', () => {
  let smtp: TestSmtp
  let app: AppProcess
  let user: ApiUser
  beforeAll(async () => {
    smtp = await startTestSmtp()
    app = await startApp({ env: { SMTP_URL: smtp.url } })
    user = await proUserWithProject(app.baseUrl, smtp, 'pool-process@example.com')
  }, 60_000)
  afterAll(async () => {
    await app?.stop()
    await smtp?.close()
  })

  const icon = (svgText: string, n: number) => ({
    id: crypto.randomUUID(),
    name: `Heavy ${n}`,
    svg: svgText,
    project_id: user.projectId,
    origin_icon_id: null,
    workspace_id: null,
    icon_status: 'approved',
  })

  it('answers health and the icon list while a heavy drop is processed, then refuses the issue’s icon', async () => {
    const drop = [1, 2, 3].map((n) => icon(WORST_ALLOWED, n))
    let pending = true
    const heavy = user.call('/api/icons/create-many', { icons: drop }).then(async (res) => {
      pending = false
      return { status: res.status, body: await res.json() }
    })
    let healthWhilePending = 0
    let listWhilePending = 0
    while (pending) {
      const [health, list] = await Promise.all([
        fetch(`${app.baseUrl}/api/health`),
        user.call(`/api/icons?project_id=${user.projectId}`),
      ])
      expect(health.status).toBe(200)
      expect(list.status).toBe(200)
      await list.json()
      if (pending) {
        healthWhilePending++
        listWhilePending++
      }
    }
    const done = await heavy
    expect(done.status).toBe(200)
    expect(done.body.data.results.map((r: { data?: { id: string } }) => r.data?.id)).toEqual(
      drop.map((i) => i.id),
    )
    expect(healthWhilePending).toBeGreaterThan(0)
    expect(listWhilePending).toBeGreaterThan(0)

    const issue = icon(ISSUE_ICON, 4)
    const refused = await user.call('/api/icons/create', issue)
    expect(refused.status).toBe(400)
    expect((await refused.json()).error).toMatch(/simplify/)
    const listed = await (await user.call(`/api/icons?project_id=${user.projectId}`)).json()
    expect(listed.data.map((r: { id: string }) => r.id)).toEqual(drop.map((i) => i.id))
  })
})
