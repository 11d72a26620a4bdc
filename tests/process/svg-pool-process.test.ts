// The real server process (`node server/index.ts`) keeps answering while icons are processed: a
// drop of the costliest icons the input limits let through keeps the SVG workers busy for seconds,
// and meanwhile /api/health, another user's icon list and that user's single create are answered
// (asserted on the answers arriving while the drop is still pending, not on timings). The reported
// path-heavy icon (one path of 10,000 segments, 127 KB: 31 s on the event loop before the pool)
// is then refused with its clear 400 (sent by the other user: the drop may have spent its sender's
// CPU budget).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SVG_ERROR_MESSAGES } from '../../common/svg/index.ts'
import { type ApiUser, proUserWithProject } from '../setup/api-user.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { ISSUE_ICON, WORST_ALLOWED } from '../setup/hostile-svgs.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'

describe('the event loop stays free while icons are processed (real server process)', () => {
  let smtp: TestSmtp
  let app: AppProcess
  let user: ApiUser
  let other: ApiUser
  beforeAll(async () => {
    smtp = await startTestSmtp()
    app = await startApp({ env: { SMTP_URL: smtp.url } })
    user = await proUserWithProject(app.baseUrl, smtp, 'pool-process@example.com')
    other = await proUserWithProject(app.baseUrl, smtp, 'pool-other@example.com')
  }, 60_000)
  afterAll(async () => {
    await app?.stop()
    await smtp?.close()
  })

  const icon = (svgText: string, n: number, owner = user) => ({
    id: crypto.randomUUID(),
    name: `Heavy ${n}`,
    svg: svgText,
    project_id: owner.projectId,
    origin_icon_id: null,
    workspace_id: null,
    icon_status: 'approved',
  })

  it('answers health and the icon list while a heavy drop is processed, then refuses the issue’s icon', async () => {
    // ~1 MB, the most one request may carry: ~2 s of CPU for the pool, seconds on a busy machine.
    const drop = [1, 2, 3, 4].map((n) => icon(WORST_ALLOWED, n))
    let pending = true
    const heavy = user.call('/api/icons/create-many', { icons: drop }).then(async (res) => {
      pending = false
      return { status: res.status, body: await res.json() }
    })
    // Another user's single create, sent while the drop is being processed.
    const single = icon(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h9v9z"/></svg>',
      5,
      other,
    )
    let singleWhilePending = false
    const created = other.call('/api/icons/create', single).then(async (res) => {
      singleWhilePending = pending
      return { status: res.status, body: await res.json() }
    })
    let healthWhilePending = 0
    let listWhilePending = 0
    while (pending) {
      const [health, list] = await Promise.all([
        fetch(`${app.baseUrl}/api/health`),
        other.call(`/api/icons?project_id=${other.projectId}`),
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
    // Many rounds, not one: before the pool, a round or two could slip in while the drop's body was
    // still being read or stored, but none while its icons were processed (the event loop was held).
    expect(healthWhilePending).toBeGreaterThanOrEqual(10)
    expect(listWhilePending).toBeGreaterThanOrEqual(10)
    expect(await created).toMatchObject({ status: 200, body: { data: { id: single.id } } })
    expect(singleWhilePending).toBe(true)

    // Sent by the other user: the drop may have spent its sender's CPU budget (429 with Retry-After
    // on a slow machine), and this icon's refusal is the input limit's, whoever sends it.
    const issue = icon(ISSUE_ICON, 4, other)
    const refused = await other.call('/api/icons/create', issue)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: SVG_ERROR_MESSAGES.path_too_complex, code: 'invalid' })
    const listed = await (await user.call(`/api/icons?project_id=${user.projectId}`)).json()
    expect(listed.data.map((r: { id: string }) => r.id)).toEqual(drop.map((i) => i.id))
  })
})
