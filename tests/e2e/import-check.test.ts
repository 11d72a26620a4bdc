// A big import's duplicate check (ADR 0109), in Chromium against the real server: a 1,000-file drop
// is checked in requests the server takes, even when the first check is slow and the rest of the drop
// waits behind it in one large batch (it used to go as one request of up to 1,000 drawings, refused
// with 400, and reported as "the server could not be reached" while online); and a check the server
// refuses is reported as a refusal with its message, not as being offline.
import type { Page, Route } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { duplicateMessages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'
import { dropFiles, outboxCount } from '../setup/vault-page.ts'

const FILES = 1000
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page

/** A drawing of its own for each n below 1,140: a bar (380 of them) and a mark (3 places). */
const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h4v${2 + (n % 19)}h-4z"/><path d="M${Math.floor(n / 380) * 8} 21h3v3h-3z"/></svg>`
const files = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, n) => ({
    name: `${prefix}-${String(n).padStart(4, '0')}.svg`,
    text: svgOf(n),
  }))

async function openEmptyProject(name: string) {
  const id = crypto.randomUUID()
  await createProject(page, app.baseUrl, { id, name })
  await page.goto(`${app.baseUrl}/icons?projectId=${id}`)
  await page.getByTestId('empty-vault').waitFor()
  return id
}

const serverCount = async (projectId: string) =>
  (
    (await (await page.request.get(`${app.baseUrl}/api/icons?project_id=${projectId}`)).json()) as {
      data: unknown[]
    }
  ).data.length

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  await signIn(page, app, smtp, 'importer@example.com')
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

test('a 1,000-file drop is checked in requests the server takes, with no false "offline"', async () => {
  const projectId = await openEmptyProject('Thousand')
  const report = page.getByTestId('import-progress')
  // The first check waits until the whole drop went through the pipeline, so everything after it
  // is stored (and checked) in one large batch, as on a slow connection or a busy server.
  let first = true
  await page.route('**/api/icons/check-duplicates', async (route: Route) => {
    if (first) {
      first = false
      await report.getByText(`1,000 of 1,000 processed`).waitFor({ timeout: 120_000 })
    }
    await route.continue()
  })
  const checks: { svgs: number; status: number }[] = []
  page.on('response', (response) => {
    if (!response.url().endsWith('/api/icons/check-duplicates')) return
    const body = response.request().postDataJSON() as { svgs: string[] }
    checks.push({ svgs: body.svgs.length, status: response.status() })
  })

  await dropFiles(page, files('glyph', FILES))
  await report.getByText(`Added 1,000 of 1,000 files`).waitFor({ timeout: 180_000 })
  await page.screenshot({ path: '/tmp/import-1000-1280.png' })
  expect(await page.getByTestId('import-unchecked').count()).toBe(0)
  expect(checks.reduce((sum, c) => sum + c.svgs, 0)).toBe(FILES)
  expect(checks.filter((c) => c.status !== 200)).toEqual([])
  // The held-back part really was larger than one request may carry.
  expect(checks.length).toBeGreaterThanOrEqual(3)
  await expect.poll(() => outboxCount(page), { timeout: 120_000 }).toBe(0)
  expect(await serverCount(projectId)).toBe(FILES)
  await page.unroute('**/api/icons/check-duplicates')
}, 360_000)

test('a check the server refuses is reported as refused, with its reason, and the files are kept', async () => {
  await page.setViewportSize({ width: 375, height: 812 })
  const projectId = await openEmptyProject('Refused')
  // The server receives a check it must refuse (an excluded id that is no id): a real 400.
  await page.route('**/api/icons/check-duplicates', (route: Route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>
    return route.continue({ postData: JSON.stringify({ ...body, exclude_id: 'not-an-id' }) })
  })
  await dropFiles(page, files('refused', 3))
  const report = page.getByTestId('import-progress')
  await report.getByText('Added 3 of 3 files').waitFor({ timeout: 60_000 })
  const unchecked = page.getByTestId('import-unchecked')
  await unchecked.getByText(duplicateMessages.notCheckedRefused('Invalid icon id')).waitFor()
  expect(await unchecked.textContent()).not.toContain('could not be reached')
  await page.screenshot({ path: '/tmp/import-refused-375.png' })
  await expect.poll(() => serverCount(projectId), { timeout: 30_000 }).toBe(3)
  await page.unroute('**/api/icons/check-duplicates')
})
