// A drop of many files reaches the server in batched requests (POST /api/icons/create-many), in
// Chromium against the real server: a drop goes in few requests and keeps its order; an icon the
// server refuses is rolled back alone with the icon toasts; a refusal of the whole drop rolls all
// of it back; a server error is retried for the batch, which then goes through.
import type { Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { messages } from '../../common/messages.ts'
import { SVG_ERROR_MESSAGES } from '../../common/svg/index.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'
import { dropFiles, outboxCount } from '../setup/vault-page.ts'

const EMAIL = 'batch@example.com'
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page

/** A drawing of its own for each n below 760 (a repeat in one drop is held back as a duplicate). */
const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h4v${2 + (n % 19)}h-4z"/><path d="M${Math.floor(n / 380) * 2} 22h1v1h-1z"/></svg>`
const files = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, n) => ({
    name: `${prefix}-${String(n).padStart(3, '0')}.svg`,
    text: svgOf(n),
  }))

const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first()
const tiles = () => page.getByTestId('icon-tile')

async function newProject(name: string) {
  const id = crypto.randomUUID()
  await page.request.post(`${app.baseUrl}/api/projects/create`, {
    data: { id, name, description: '', workspace_id: null },
    headers: { origin: app.baseUrl },
  })
  await page.goto(`${app.baseUrl}/icons?projectId=${id}`)
  await page.getByTestId('empty-vault').waitFor()
  return id
}

const serverNames = async (projectId: string) =>
  (
    (await (await page.request.get(`${app.baseUrl}/api/icons?project_id=${projectId}`)).json()) as {
      data: { name: string }[]
    }
  ).data.map((i) => i.name)

/** Counts the icon creates that leave the browser, one-by-one and batched. */
function countRequests() {
  const seen = { single: 0, batches: [] as number[] }
  page.on('request', (request) => {
    if (request.url().endsWith('/api/icons/create')) seen.single++
    if (request.url().endsWith('/api/icons/create-many'))
      seen.batches.push((request.postDataJSON() as { icons: unknown[] }).icons.length)
  })
  return seen
}

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  await signIn(page, app, smtp, EMAIL)
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

describe('a drop syncs in batches', () => {
  test('600 files reach the server in a few requests, in the order dropped', async () => {
    const projectId = await newProject('Many')
    const seen = countRequests()
    const dropped = files('many', 600)
    await dropFiles(page, dropped)
    await page.getByText('Added 600 of 600 files').waitFor({ timeout: 30_000 })
    await expect.poll(() => outboxCount(page), { timeout: 30_000 }).toBe(0)
    const names = await serverNames(projectId)
    expect(names.join(' ')).toBe(dropped.map((f) => f.name.replace('.svg', '')).join(' '))
    expect(seen.batches.reduce((a, b) => a + b, 0) + seen.single).toBe(600)
    expect(seen.batches.length).toBeLessThanOrEqual(6)
    expect(Math.max(...seen.batches)).toBeLessThanOrEqual(500)
  })

  test('an icon the server refuses is rolled back alone, with the icon toasts', async () => {
    const projectId = await newProject('One refused')
    // The server receives one icon as text that is not SVG, so it refuses that icon alone.
    await page.route('**/api/icons/create-many', (route: Route) => {
      const body = route.request().postDataJSON() as { icons: { name: string; svg: string }[] }
      for (const icon of body.icons) if (icon.name === 'few-001') icon.svg = '<html><body/></html>'
      return route.continue({ postData: JSON.stringify(body) })
    })
    await dropFiles(page, files('few', 4))
    await toast(messages.createIconFailed).waitFor({ timeout: 15_000 })
    await toast(messages.iconError(SVG_ERROR_MESSAGES.not_svg)).waitFor()
    await expect.poll(() => tiles().count()).toBe(3)
    await expect.poll(() => outboxCount(page)).toBe(0)
    expect(await serverNames(projectId)).toEqual(['few-000', 'few-002', 'few-003'])
    await page.unroute('**/api/icons/create-many')
  })

  test('a refusal of the whole drop rolls all of it back with the server message', async () => {
    const projectId = await newProject('All refused')
    await page.route('**/api/icons/create-many', (route: Route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: messages.needProToSave }),
      }),
    )
    await dropFiles(page, files('none', 5))
    await toast(messages.iconError(messages.needProToSave)).waitFor({ timeout: 15_000 })
    await toast(messages.createIconFailed).waitFor()
    await expect.poll(() => tiles().count()).toBe(0)
    await expect.poll(() => outboxCount(page)).toBe(0)
    expect(await serverNames(projectId)).toEqual([])
    await page.unroute('**/api/icons/create-many')
  })

  test('a server error is retried for the whole batch, which then goes through', async () => {
    const projectId = await newProject('Retried')
    let attempts = 0
    await page.route('**/api/icons/create-many', (route: Route) => {
      attempts++
      if (attempts > 1) return route.continue()
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"Service unavailable"}',
      })
    })
    await dropFiles(page, files('retry', 5))
    await page.locator('[data-testid="import-progress"][data-state="done"]').waitFor()
    await expect.poll(() => outboxCount(page), { timeout: 15_000 }).toBe(0)
    expect(attempts).toBe(2)
    expect(await serverNames(projectId)).toEqual([
      'retry-000',
      'retry-001',
      'retry-002',
      'retry-003',
      'retry-004',
    ])
    expect(await toast(messages.createIconFailed).count()).toBe(0)
    await page.unroute('**/api/icons/create-many')
  })
})
