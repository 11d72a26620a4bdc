// What IcoMoon and Icônes users expect, and the account dialog (ADR 0410), in
// Chromium at 1280 px and on a 375 px touch screen: the vault sorts by name either way and by size;
// Copy to… (bulk bar and detail panel) makes new icons in another project that link back to their
// original; the detail panel shows the code a copy puts on the clipboard; the account dialog shows
// credits left, Change plan, and deletes the account after a confirmation that says what goes; a
// clean import's report goes away by itself.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'
import { dropFiles } from '../setup/vault-page.ts'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/upload/${name}`, import.meta.url), 'utf8')
const ZAP = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M13 2 3 14h9l-1 8z"/></svg>'
let smtp: TestSmtp
let app: AppProcess
const browsers: TestBrowser[] = []

type Row = { id: string; name: string; svg: string; origin_icon_id: string | null }
const listIcons = async (page: Page, projectId: string) =>
  (
    (await (await page.request.get(`${app.baseUrl}/api/icons?project_id=${projectId}`)).json()) as {
      data: Row[]
    }
  ).data
const labels = (page: Page) =>
  page.getByTestId('icon-tile').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first()

/** A pro user with a project "Marketing" holding `icons`, and an empty "Brand icons". */
async function setUp(page: Page, email: string, icons: [string, string][]) {
  await signIn(page, app, smtp, email)
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  const marketing = crypto.randomUUID()
  const brand = crypto.randomUUID()
  await createProject(page, app.baseUrl, { id: marketing, name: 'Marketing' })
  await createProject(page, app.baseUrl, { id: brand, name: 'Brand icons' })
  for (const [name, svg] of icons) {
    const res = await page.request.post(`${app.baseUrl}/api/icons/create`, {
      data: { id: crypto.randomUUID(), name, svg, project_id: marketing, workspace_id: null },
      headers: { origin: app.baseUrl },
    })
    expect(res.ok()).toBe(true)
  }
  await page.goto(`${app.baseUrl}/icons?projectId=${marketing}`)
  await page
    .getByTestId('icon-tile')
    .nth(icons.length - 1)
    .waitFor()
  return { marketing, brand }
}

async function copyTo(page: Page, opener: () => Promise<void>, project: string) {
  await opener()
  const dialog = page.getByRole('dialog', { name: 'Copy icons' })
  await dialog.getByRole('radio', { name: project }).click()
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click()
  await dialog.waitFor({ state: 'detached' })
}

async function openAccount(page: Page) {
  await page.getByTestId('settings-menu').click()
  await page.getByRole('menuitem', { name: 'Account' }).click()
  return page.getByRole('dialog', { name: 'Account' })
}

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
})

afterAll(async () => {
  for (const b of browsers) await b.close()
  await app?.stop()
  await smtp?.close()
})

test('1280 px: sort, copy to another project (bulk and panel), the code shown, then delete the account', async () => {
  const browser = await launchBrowser()
  browsers.push(browser)
  const { page } = browser
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl })
  const { marketing, brand } = await setUp(page, 'iris@example.com', [
    ['home', fixture('home.svg')],
    ['Star Burst', fixture('star-gradient.svg')],
    ['zap', ZAP],
  ])
  expect(await labels(page)).toEqual(['home', 'Star Burst', 'zap'])

  // Sort: name Z–A, then by size (the stored markup's bytes), largest and smallest first.
  const sortBy = async (label: string) => {
    await page.getByRole('combobox', { name: 'Sort icons' }).click()
    await page.getByRole('option', { name: label }).click()
  }
  await sortBy('Name (Z–A)')
  await expect.poll(() => labels(page)).toEqual(['zap', 'Star Burst', 'home'])
  const bySize = (await listIcons(page, marketing))
    .sort((a, b) => new Blob([b.svg]).size - new Blob([a.svg]).size)
    .map((i) => i.name)
  await sortBy('Largest first')
  await expect.poll(() => labels(page)).toEqual(bySize)
  await sortBy('Smallest first')
  await expect.poll(() => labels(page)).toEqual([...bySize].reverse())
  await sortBy('Name (A–Z)')

  // Copy two icons from the bulk bar: new icons in Brand icons, the originals stay.
  const tile = (name: string) => page.getByTestId('icon-tile').filter({ hasText: name })
  await tile('home').click({ modifiers: ['Control'] })
  await tile('zap').click({ modifiers: ['Control'] })
  await copyTo(
    page,
    () => page.getByTestId('bulk-bar').getByRole('button', { name: 'Copy to…' }).click(),
    'Brand icons',
  )
  await toast(page, appMessages.iconsCopied(2, 'Brand icons')).waitFor()
  expect(await labels(page)).toEqual(['home', 'Star Burst', 'zap'])

  // The detail panel: the code of the format last copied there is what the clipboard holds.
  await tile('Star Burst').dblclick()
  const panel = page.getByTestId('icon-detail')
  const code = panel.getByTestId('code-preview')
  await code.filter({ hasText: '<svg' }).waitFor()
  // Every section heading of the panel has one style (none shouts in capitals beside the others).
  const headingStyles = await panel
    .locator('h3')
    .evaluateAll((hs) =>
      hs.map((h) => `${getComputedStyle(h).textTransform} ${getComputedStyle(h).fontSize}`),
    )
  expect(headingStyles.length).toBeGreaterThan(3)
  expect(new Set(headingStyles).size).toBe(1)
  // The code wraps in the panel as it does in the Copy Format panel: nothing to scroll sideways.
  expect(await code.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await panel.getByRole('button', { name: 'Copy as React TS' }).click()
  await panel.getByTestId('copy-status').filter({ hasText: 'Copied Star Burst as React TS' }).waitFor()
  await code.filter({ hasText: 'export function StarBurst' }).waitFor()
  // The double-click that opened the panel copied once (its first click), not twice: by now the
  // panel's own copy has answered, after any copy the double-click could have started.
  const tileCopies = page
    .getByTestId('toast')
    .filter({ hasText: 'Copied Star Burst as' })
    .filter({ hasNotText: 'React TS' })
  expect(await tileCopies.count()).toBe(1)
  expect(await code.textContent()).toBe(await page.evaluate(() => navigator.clipboard.readText()))
  expect(await code.getAttribute('tabindex')).toBe('0')
  await copyTo(page, () => panel.getByRole('button', { name: 'Copy to…' }).click(), 'Brand icons')
  await toast(page, appMessages.iconsCopied(1, 'Brand icons')).waitFor()
  await page.keyboard.press('Escape')

  // On the server: three new icons, each pointing at its original.
  const originals = new Map((await listIcons(page, marketing)).map((i) => [i.id, i.name]))
  await expect.poll(async () => (await listIcons(page, brand)).length, { timeout: 15_000 }).toBe(3)
  const copies = await listIcons(page, brand)
  expect(copies.map((c) => [c.name, originals.get(c.origin_icon_id ?? '')]).sort()).toEqual([
    ['Star Burst', 'Star Burst'],
    ['home', 'home'],
    ['zap', 'zap'],
  ])
  expect(copies.some((c) => originals.has(c.id))).toBe(false)

  // A copy's panel links to its original, which opens in its own project.
  await page.goto(`${app.baseUrl}/icons?projectId=${brand}`)
  await tile('home').dblclick()
  await panel.getByTestId('icon-origin').filter({ hasText: 'in Marketing' }).waitFor()
  await panel.getByTestId('icon-origin').getByRole('link', { name: 'home' }).click()
  await page.waitForURL((u) => u.searchParams.get('projectId') === marketing)
  await panel.getByRole('heading', { name: 'home' }).waitFor()
  await page.keyboard.press('Escape')

  // /info lists each project with its icon count, the names whole at 1280 px.
  await page.goto(`${app.baseUrl}/info`)
  const personal = page.getByRole('region', { name: 'Personal' })
  for (const name of ['Marketing', 'Brand icons'])
    await personal.getByRole('listitem').filter({ hasText: name }).getByText('3 icons').waitFor()
  const clipped = await personal
    .getByRole('link')
    .evaluateAll((links) => links.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent))
  expect(clipped).toEqual([])
  if (process.env.SCREENSHOTS) {
    await page.waitForFunction(() => document.getAnimations().length === 0)
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/info-1280.png` })
  }

  // A clean import's report goes away by itself once all is synced.
  await page.goto(`${app.baseUrl}/icons?projectId=${brand}`)
  await page.getByTestId('icon-tile').nth(2).waitFor()
  await dropFiles(page, [{ name: 'bell.svg', text: fixture('bell.svg') }])
  const report = page.getByTestId('import-progress')
  await report.getByText('Added 1 of 1 file · all synced').waitFor()
  await report.waitFor({ state: 'detached', timeout: 15_000 })

  // The account dialog: credits left, Change plan, and Delete account after a confirmation.
  const account = await openAccount(page)
  await account.getByText(/^[\d,]+ of [\d,]+ credits left this month$/).waitFor()
  // Change plan keeps the open project and the page it was opened from (docs/product.md D11).
  const changePlan = new URL(
    (await account.getByRole('link', { name: 'Change plan' }).getAttribute('href')) ?? '',
    app.baseUrl,
  )
  expect(changePlan.pathname).toBe('/upgrade')
  expect(changePlan.searchParams.get('from')).toMatch(/^\/icons\?projectId=/)
  await account.getByRole('button', { name: 'Delete account…' }).click()
  const confirm = page.getByRole('alertdialog', { name: appMessages.deleteAccountTitle })
  await confirm.getByText(appMessages.deleteAccountPersonal('2 projects', '7 icons')).waitFor()
  await confirm.getByText(appMessages.deleteAccountTeams).waitFor()
  await confirm.getByRole('button', { name: appMessages.deleteAccount }).click()
  await toast(page, appMessages.accountDeleted).waitFor()
  expect(new URL(page.url()).pathname).toBe('/')
  expect(
    ((await (await page.request.get(`${app.baseUrl}/api/me`)).json()) as { user: unknown }).user,
  ).toBeNull()
})

test('375 px touch: the code block wraps inside the panel, Copy to… works, the account dialog fits', async () => {
  const browser = await launchBrowser({ touch: true, viewport: { width: 375, height: 812 } })
  browsers.push(browser)
  const { page } = browser
  const { brand } = await setUp(page, 'pia@example.com', [['Star Burst', fixture('star-gradient.svg')]])
  await page.getByTestId('icon-tile').locator('[data-action="details"]').tap()
  const panel = page.getByTestId('icon-detail')
  const code = panel.getByTestId('code-preview')
  await code.filter({ hasText: '<svg' }).waitFor()
  await code.scrollIntoViewIfNeeded()
  const box = await code.evaluate((el) => {
    const r = el.getBoundingClientRect()
    return { left: r.left, right: r.right, scrolls: el.scrollWidth > el.clientWidth }
  })
  expect(box.left).toBeGreaterThanOrEqual(0)
  expect(box.right).toBeLessThanOrEqual(375)
  expect(box.scrolls).toBe(false) // wrapped: nothing to scroll sideways, as at 1280 px
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  await copyTo(page, () => panel.getByRole('button', { name: 'Copy to…' }).tap(), 'Brand icons')
  await expect.poll(async () => (await listIcons(page, brand)).length, { timeout: 15_000 }).toBe(1)
  await page.keyboard.press('Escape')
  await panel.waitFor({ state: 'detached' })

  const account = await openAccount(page)
  const remove = account.getByRole('button', { name: 'Delete account…' })
  await remove.scrollIntoViewIfNeeded()
  const r = await remove.boundingBox()
  expect(r && r.x >= 0 && r.x + r.width <= 375).toBe(true)
  await remove.tap()
  const confirm = page.getByRole('alertdialog', { name: appMessages.deleteAccountTitle })
  await confirm.waitFor()
  await expect
    .poll(() => confirm.textContent())
    .toContain(appMessages.deleteAccountPersonal('2 projects', '2 icons'))
  const c = await confirm.boundingBox()
  expect(c && c.x >= 0 && c.x + c.width <= 375).toBe(true)
  await confirm.getByRole('button', { name: 'Cancel' }).tap()
  await confirm.waitFor({ state: 'detached' })
})
