// Duplicates on import (ADR 0109), in Chromium at 1280 px and on a 375 px touch
// screen: dropping the same folder twice flags every icon the second time; Skip (and Skip all)
// stores none; Keep anyway stores it; Replace gives the same-named icon the drawing, keeping its id;
// a drawing repeated inside one drop is held as a repeat of its first file; the list is axe-clean in
// both themes.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { duplicateMessages as m } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { auditBothThemes } from '../setup/axe.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'
import { dropFiles } from '../setup/vault-page.ts'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/upload/${name}`, import.meta.url), 'utf8')
const FOLDER = ['bell.svg', 'heart.svg', 'home.svg', 'arrow-right.svg'].map((name) => ({
  name,
  text: fixture(name),
}))
let smtp: TestSmtp
let app: AppProcess
const browsers: TestBrowser[] = []

type Row = { id: string; name: string; revision: number }
const listIcons = async (page: Page, projectId: string) =>
  (
    (await (await page.request.get(`${app.baseUrl}/api/icons?project_id=${projectId}`)).json()) as {
      data: Row[]
    }
  ).data

/** A pro user in an empty project of their own. */
async function emptyProject(page: Page, email: string) {
  await signIn(page, app, smtp, email)
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  const project = crypto.randomUUID()
  await createProject(page, app.baseUrl, { id: project, name: 'Folder' })
  await page.goto(`${app.baseUrl}/icons?projectId=${project}`)
  await page.getByTestId('empty-vault').waitFor()
  return project
}

/** A pro user in an empty project, the folder dropped once and synced. */
async function firstDrop(page: Page, email: string) {
  const project = await emptyProject(page, email)
  await dropFiles(page, FOLDER)
  const report = page.getByTestId('import-progress')
  await report.getByText('Added 4 of 4 files · all synced').waitFor()
  await report.getByRole('button', { name: 'Dismiss import report' }).click()
  await report.waitFor({ state: 'detached' })
  return project
}

const heldList = (page: Page) => page.getByRole('list', { name: m.listLabel })

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
})

afterAll(async () => {
  for (const b of browsers) await b.close()
  await app?.stop()
  await smtp?.close()
})

test('the same folder twice: every icon flagged; Skip all stores none, Keep anyway keeps, Replace keeps the id', async () => {
  const browser = await launchBrowser()
  browsers.push(browser)
  const { page } = browser
  const project = await firstDrop(page, 'dupe@example.com')
  const before = await listIcons(page, project)
  expect(before).toHaveLength(4)

  await dropFiles(page, FOLDER)
  const list = heldList(page)
  await page.getByText(m.heldTitle(4)).waitFor()
  expect(await list.getByRole('listitem').count()).toBe(4)
  await list.getByText(m.duplicateOf('bell')).waitFor()
  expect(await auditBothThemes(page, 'import duplicates')).toEqual([])
  await page.getByRole('button', { name: m.skipAll }).click()
  await list.waitFor({ state: 'detached' })
  await page.getByTestId('import-progress').getByText('Added 0 of 4 files').waitFor()
  expect((await listIcons(page, project)).map((i) => i.id).sort()).toEqual(before.map((i) => i.id).sort())

  // Again: Keep anyway stores bell a second time; Replace of heart by its own drawing keeps it as it is.
  await page.getByRole('button', { name: 'Dismiss import report' }).click()
  await dropFiles(page, FOLDER)
  await page.getByText(m.heldTitle(4)).waitFor()
  await page.getByRole('button', { name: m.keepLabel('bell.svg') }).click()
  const heart = before.find((i) => i.name === 'heart')!
  await page.getByRole('button', { name: m.replaceLabel('heart.svg', 'heart') }).click()
  await page.getByRole('button', { name: m.skipLabel('home.svg') }).click()
  await page.getByText(m.heldTitle(1)).waitFor()
  // The report closes while a file is still held: closing skips it, as its name says.
  await page.getByRole('button', { name: 'Dismiss import report and skip the held files' }).click()
  await page.getByTestId('import-progress').waitFor({ state: 'detached' })
  await expect.poll(async () => (await listIcons(page, project)).length, { timeout: 15_000 }).toBe(5)
  // Replace with the drawing heart already has changes nothing (no new revision, no history): once
  // every change is saved, heart is as it was.
  await expect
    .poll(() => page.getByTestId('sync-status').textContent(), { timeout: 15_000 })
    .toBe('All saved')
  expect((await listIcons(page, project)).find((i) => i.id === heart.id)?.revision).toBe(1)
  const after = await listIcons(page, project)
  expect(after.filter((i) => i.name === 'bell')).toHaveLength(2)
  expect(after.filter((i) => i.name === 'heart').map((i) => i.id)).toEqual([heart.id])

  // The detail panel's Replace SVG… says when the new drawing is another icon's.
  const home = page.locator('[data-testid="icon-tile"][aria-label="home"]')
  await home.hover()
  await home.locator('[data-action="details"]').click()
  await page
    .getByTestId('icon-detail')
    .getByTestId('replace-svg-input')
    .setInputFiles({
      name: 'arrow.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(fixture('arrow-right.svg')),
    })
  await page
    .getByTestId('toast')
    .filter({ hasText: m.saveWarning('arrow-right') })
    .first()
    .waitFor()
})

test('one drop with the same drawing under two names: the second is held as a repeat of the first; Skip stores one', async () => {
  const browser = await launchBrowser()
  browsers.push(browser)
  const { page } = browser
  const project = await emptyProject(page, 'dupe-once@example.com')
  await dropFiles(page, [
    { name: 'bell.svg', text: fixture('bell.svg') },
    { name: 'heart.svg', text: fixture('heart.svg') },
    { name: 'bell copy.svg', text: fixture('bell.svg') },
  ])
  await page.getByText(m.heldTitle(1)).waitFor()
  await heldList(page).getByText(m.duplicateOf('bell')).waitFor()
  await page.getByRole('button', { name: m.skipLabel('bell copy.svg') }).click()
  await heldList(page).waitFor({ state: 'detached' })
  await page.getByTestId('import-progress').getByText('Added 2 of 3 files').waitFor()
  await expect
    .poll(async () => (await listIcons(page, project)).map((i) => i.name).sort(), { timeout: 15_000 })
    .toEqual(['bell', 'heart'])
})

test('375 px touch: the held list fits and its buttons are 44 px tall', async () => {
  const browser = await launchBrowser({ touch: true, viewport: { width: 375, height: 812 } })
  browsers.push(browser)
  const { page } = browser
  const project = await firstDrop(page, 'dupe-phone@example.com')
  await dropFiles(page, FOLDER)
  await page.getByText(m.heldTitle(4)).waitFor()
  const skip = page.getByRole('button', { name: m.skipLabel('home.svg') })
  expect((await skip.boundingBox())?.height).toBeGreaterThanOrEqual(44)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
  expect(overflow).toBe(false)
  expect(await auditBothThemes(page, 'import duplicates 375')).toEqual([])
  await skip.tap()
  await page.getByText(m.heldTitle(3)).waitFor()
  await page.getByRole('button', { name: m.skipAll }).tap()
  await heldList(page).waitFor({ state: 'detached' })
  expect(await listIcons(page, project)).toHaveLength(4)
})
