// The maker saves an icon opened from the vault as a new version of that icon (ADR
// 0408): same id, new name and drawing, listed in its history, no duplicate; "Save as new icon" is
// the other choice and creates one that keeps the opened icon as its origin.
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { fetchInPage, launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'

const STAR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M12 2l3 7h7l-6 5 2 8-6-4-6 4 2-8-6-5h7z"/></svg>'
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
const projectId = randomUUID()
const iconId = randomUUID()
const call = (path: string, body?: unknown) => fetchInPage(page, path, body)
type Row = { id: string; name: string; svg: string; origin_icon_id: string | null }
const icons = async () => (await call(`/api/icons?project_id=${projectId}`)).data as Row[]

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  await signIn(page, app, smtp, 'maker-version@example.com')
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  await call('/api/projects/create', { id: projectId, name: 'Kit', description: '', workspace_id: null })
  await call('/api/icons/create', {
    id: iconId,
    name: 'star',
    svg: STAR,
    project_id: projectId,
    workspace_id: null,
  })
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

test('a vault icon opened in the maker saves as a new version of itself; "Save as new icon" creates one', async () => {
  await page.goto(`${app.baseUrl}/maker?projectId=${projectId}&iconId=${iconId}`)
  await expect.poll(() => page.getByLabel('Icon name').inputValue()).toBe('star')
  const before = (await icons())[0]!
  await page.getByRole('button', { name: 'Flip vertically' }).click()
  await page.getByLabel('Icon name').fill('star-flipped')
  await page.getByRole('button', { name: appMessages.makerSaveVersion('star') }).click()
  await page
    .getByTestId('toast')
    .filter({ hasText: appMessages.makerSavedVersion('star-flipped') })
    .waitFor()
  await expect
    .poll(async () => (await icons()).map((i) => `${i.id}:${i.name}`))
    .toEqual([`${iconId}:star-flipped`])
  // The rename and the new drawing are two queued changes: the drawing may land a moment later.
  await expect.poll(async () => (await icons())[0]!.svg).not.toBe(before.svg)
  const history = (await call(`/api/icons/history?id=${iconId}`)).data as { change: { kind: string } }[]
  expect(history.map((v) => v.change.kind)).toEqual(['replaced', 'edited', 'created'])

  await page.getByLabel('Icon name').fill('star-copy')
  await page.getByRole('button', { name: appMessages.makerSaveAsNew }).click()
  await page.getByTestId('save-success').waitFor()
  await expect.poll(async () => (await icons()).length).toBe(2)
  const copy = (await icons()).find((i) => i.name === 'star-copy')!
  expect(copy.id).not.toBe(iconId)
  expect(copy.origin_icon_id).toBe(iconId)
})
