// The vault in Chromium: a drop without a project is refused; without a paid plan the vault says
// why with Upgrade and a drop is announced there; as a pro
// user: SVG files (one broken) dropped on an empty project -> progress, the grid and a per-file
// error list -> search (`/`), status filter, sort -> shift-click a range and delete it after a
// confirmation, Ctrl+A and Escape -> arrows and Enter open the detail panel; rename refuses a blank
// name. Copying, downloads, paste and /info: vault-copy.test.ts.
import { readdirSync, readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'
import { dropFiles } from '../setup/vault-page.ts'

const EMAIL = 'vera@example.com'
const DIR = new URL('../fixtures/upload/', import.meta.url)
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.svg'))
  .map((name) => ({ name, text: readFileSync(new URL(name, DIR), 'utf8') }))
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
let projectId = ''

const tiles = () => page.getByTestId('icon-tile')
const tileNames = async () => (await tiles().allInnerTexts()).map((t) => t.trim())
const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first()
const serverIcons = async () =>
  (
    (await (await page.request.get(`${app.baseUrl}/api/icons?project_id=${projectId}`)).json()) as {
      data: { id: string; name: string }[]
    }
  ).data

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  await signIn(page, app, smtp, EMAIL)
  projectId = crypto.randomUUID()
  const created = await page.request.post(`${app.baseUrl}/api/projects/create`, {
    data: { id: projectId, name: 'Marketing Site', description: 'Icons of the new site', workspace_id: null },
    headers: { origin: app.baseUrl },
  })
  expect(created.ok()).toBe(true)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

describe('the vault of a pro user', () => {
  test('without a project or a paid plan, a drop is refused with the specified texts', async () => {
    await page.goto(`${app.baseUrl}/icons`)
    await page.getByRole('heading', { name: 'Select a project' }).waitFor()
    await dropFiles(page, FILES.slice(0, 1))
    await toast(messages.noCurrentProject).waitFor()
    await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    // A free user is told why before dropping, with Upgrade; a drop is announced, not toasted.
    const notice = page.getByTestId('empty-vault').getByTestId('plan-notice')
    await notice.getByText(messages.needProToSave).waitFor()
    await notice.getByRole('link', { name: appMessages.vaultUpgrade }).waitFor()
    // "Add SVG files" says why at once instead of opening a picker whose files would be refused.
    let pickers = 0
    const countPicker = () => pickers++
    page.on('filechooser', countPicker)
    await page.getByRole('button', { name: 'Add SVG files' }).click()
    await page.getByRole('alert').filter({ hasText: messages.needProToSave }).waitFor()
    page.off('filechooser', countPicker)
    expect(pickers).toBe(0)
    await dropFiles(page, FILES.slice(0, 1))
    await page.getByRole('alert').filter({ hasText: messages.needProToSave }).waitFor()
    expect(await page.getByTestId('toast').filter({ hasText: messages.needProToSave }).count()).toBe(0)
    expect(await tiles().count()).toBe(0)
    expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  })

  test('an empty project invites a drop; dropped files show with progress and refusals', async () => {
    await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    await page.getByTestId('empty-vault').waitFor()
    await dropFiles(page, FILES)
    const report = page.getByTestId('import-progress')
    await report.waitFor()
    await page.locator('[data-testid="import-progress"][data-state="done"]').waitFor()
    await report.getByText('Added 5 of 6 files').waitFor()
    const errors = page.getByTestId('import-errors')
    await errors.getByText('broken.svg').waitFor()
    expect(await errors.textContent()).toContain('The SVG is not well-formed XML')
    await expect.poll(() => tiles().count()).toBe(5)
    expect(await page.getByTestId('icon-count').textContent()).toBe('5 icons')
    await expect.poll(async () => (await serverIcons()).length, { timeout: 15_000 }).toBe(5)
  })

  test('search (/ focuses it), status filter and sort', async () => {
    expect(await tileNames()).toEqual(['arrow-right', 'bell', 'heart', 'home', 'star-gradient'])
    await page.locator('body').click({ position: { x: 5, y: 200 } })
    await page.keyboard.press('/')
    await page.keyboard.type('ar')
    await expect.poll(tileNames).toEqual(['arrow-right', 'heart', 'star-gradient'])
    expect(await page.getByTestId('icon-count').textContent()).toBe('3 of 5 icons')
    await page.getByRole('searchbox').fill('')
    await page.getByTestId('status-filter').click()
    const options = await page.getByRole('option').allTextContents()
    expect(options).toEqual(['All', 'Approved', 'Duplicates']) // personal projects are never reviewed
    await page.getByRole('option', { name: 'Approved' }).click()
    await expect.poll(() => tiles().count()).toBe(5)
    // No query: the sort says what it is (name order), and "Best match" is not offered.
    expect(await page.getByTestId('sort-select').textContent()).toContain('Name (A–Z)')
    await page.getByTestId('sort-select').click()
    expect(await page.getByRole('option').allTextContents()).not.toContain('Best match')
    await page.getByRole('option', { name: 'Oldest first' }).click()
    await expect
      .poll(tileNames)
      .toEqual(FILES.filter((f) => f.name !== 'broken.svg').map((f) => f.name.slice(0, -4)))
    await page.getByTestId('sort-select').click()
    await page.getByRole('option', { name: 'Name (A–Z)' }).click()
  })

  test('shift-click selects a range; Delete asks first, then removes it everywhere', async () => {
    await tiles().nth(0).click()
    await tiles()
      .nth(2)
      .click({ modifiers: ['Shift'] })
    await page.getByTestId('selection-count').getByText('3 icons selected').waitFor()
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete…' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText('Delete 3 icons?').waitFor()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(tileNames).toEqual(['home', 'star-gradient'])
    await toast('Deleted 3 icons').waitFor()
    await expect
      .poll(async () => (await serverIcons()).map((i) => i.name).sort())
      .toEqual(['home', 'star-gradient'])
    await page.keyboard.press('Control+a')
    await page.getByTestId('selection-count').getByText('2 icons selected').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('bulk-bar').waitFor({ state: 'detached' })
  })

  test('arrows and Enter open the detail panel; rename refuses a blank name', async () => {
    await tiles().nth(0).focus()
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Enter')
    const panel = page.getByTestId('icon-detail')
    await panel.getByRole('heading', { name: 'star-gradient' }).waitFor()
    await panel.getByTestId('rename-input').fill('   ')
    await panel.getByRole('button', { name: 'Rename', exact: true }).click()
    await panel.getByText(messages.iconNameRequired).waitFor()
    await panel.getByTestId('rename-input').fill('Star Burst')
    await panel.getByRole('button', { name: 'Rename', exact: true }).click()
    await panel.getByRole('heading', { name: 'Star Burst' }).waitFor()
    await expect
      .poll(async () => (await serverIcons()).map((i) => i.name).sort())
      .toEqual(['Star Burst', 'home'])
  })
})
