// Moving icons into a project that already holds their names, in Chromium by keyboard (ADR 0404): the
// move dialog asks rename, skip or keep both, each with what it leads to, instead of making same-named
// twins; Rename moves them as name-2, and the target then holds both names on the server.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/upload/${name}`, import.meta.url), 'utf8')
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser({ viewport: { width: 375, height: 812 } })
  page = browser.page
  await signIn(page, app, smtp, 'mona@example.com')
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

const post = (path: string, data: unknown) =>
  page.request.post(`${app.baseUrl}${path}`, { data, headers: { origin: app.baseUrl } })
const names = async (projectId: string) =>
  (
    (await (await page.request.get(`${app.baseUrl}/api/icons?project_id=${projectId}`)).json()) as {
      data: { name: string }[]
    }
  ).data
    .map((icon) => icon.name)
    .sort()

test('a move into a project holding the same name asks, by keyboard at 375 px; Rename moves it as name-2', async () => {
  const from = crypto.randomUUID()
  const to = crypto.randomUUID()
  for (const [id, name] of [
    [from, 'Drafts'],
    [to, 'Brand'],
  ] as const)
    expect((await post('/api/projects/create', { id, name, workspace_id: null })).ok()).toBe(true)
  // The same name, different drawings: a clash of names, not a duplicate drawing.
  for (const [project, svg] of [
    [from, fixture('bell.svg')],
    [to, fixture('heart.svg')],
  ] as const) {
    const icon = { id: crypto.randomUUID(), name: 'calendar', svg, project_id: project, workspace_id: null }
    expect((await post('/api/icons/create', icon)).ok()).toBe(true)
  }

  await page.goto(`${app.baseUrl}/icons?projectId=${from}`)
  const tile = page.getByTestId('icon-tile').filter({ hasText: 'calendar' })
  await tile.focus()
  await page.keyboard.press('Space') // selects it
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Move…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Move icons' })
  await dialog.getByRole('radio', { name: 'Brand' }).click()
  await dialog.getByRole('button', { name: 'Move', exact: true }).click()

  // The question: which names, and what each choice leads to; Rename is chosen and has the focus.
  const question = dialog.getByRole('group', { name: 'Brand already has an icon with this name' })
  await question.waitFor()
  await question.getByText('calendar', { exact: true }).waitFor()
  const rename = question.getByRole('radio', { name: /^Rename/ })
  await expect.poll(() => rename.evaluate((el) => el === document.activeElement)).toBe(true)
  expect(await rename.isChecked()).toBe(true)
  expect(await question.getByText(/calendar becomes calendar-2/).count()).toBe(1)
  await page.keyboard.press('ArrowDown')
  expect(await question.getByRole('radio', { name: /^Skip/ }).isChecked()).toBe(true)
  await page.keyboard.press('ArrowUp')
  expect(await rename.isChecked()).toBe(true)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await dialog.getByRole('button', { name: 'Move', exact: true }).click()
  await dialog.waitFor({ state: 'detached' })

  await expect.poll(() => names(to), { timeout: 15_000 }).toEqual(['calendar', 'calendar-2'])
  expect(await names(from)).toEqual([])
})
