// Workspace Settings → Review rules on a 375 px phone, by keyboard (ADR 0110): the owner chooses the
// Lucide preset, switches a rule on (the preset becomes Custom) and sets the padding; the server has
// each change at once, the dialog reads them back when opened again, nothing is wider than the
// screen, and axe finds nothing in either theme.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { messages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { auditBothThemes } from '../setup/axe.ts'
import { fetchInPage, launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'

let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
const wsId = crypto.randomUUID()

const serverRules = async () =>
  (await fetchInPage(page, `/api/workspaces/review-rules?workspaceId=${wsId}`)).data

async function openSettings() {
  const picker = page.getByRole('dialog', { name: 'Workspaces and projects' })
  if (!(await picker.isVisible())) await page.getByTestId('project-picker').click()
  await picker.getByRole('button', { name: 'Settings of Reviewed' }).click()
  const dialog = page.getByRole('dialog', { name: messages.workspaceSettings })
  await dialog.getByTestId('review-rules').getByRole('switch', { name: 'Stroke width' }).waitFor()
  return dialog
}

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  await page.setViewportSize({ width: 375, height: 740 })
  await signIn(page, app, smtp, 'reviewer@example.com')
  expect(await subscribe(page, app.baseUrl, 'gold')).toBe(true)
  const created = await fetchInPage(page, '/api/workspaces/create', {
    id: wsId,
    name: 'Reviewed',
    description: '',
  })
  expect(created.data.id).toBe(wsId)
  await page.reload()
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

test('the owner sets review rules by keyboard on a phone', async () => {
  const dialog = await openSettings()
  const section = dialog.getByTestId('review-rules')
  const preset = section.getByRole('combobox', { name: 'Preset' })
  expect(await preset.textContent()).toContain('No rules')

  await preset.focus()
  await page.keyboard.press('Enter')
  const lucide = page.getByRole('option', { name: 'Lucide (outline, stroke 2)' })
  await page.getByRole('option', { name: 'No rules' }).waitFor()
  await expect
    .poll(() =>
      page.getByRole('option', { name: 'No rules' }).evaluate((el) => el === document.activeElement),
    )
    .toBe(true)
  await page.keyboard.press('ArrowDown')
  await expect.poll(() => lucide.evaluate((el) => el === document.activeElement)).toBe(true)
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await serverRules()).preset).toBe('lucide')
  await expect
    .poll(() => section.getByRole('switch', { name: 'Stroke width' }).getAttribute('aria-checked'))
    .toBe('true')

  const count = section.getByRole('switch', { name: 'Element count' })
  expect(await count.getAttribute('aria-checked')).toBe('false')
  await count.focus()
  await page.keyboard.press('Space')
  await expect.poll(async () => (await serverRules()).rules.max_elements.enabled).toBe(true)
  await expect.poll(() => preset.textContent()).toContain('Custom')

  const padding = section.getByLabel('Padding')
  await padding.fill('1')
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await serverRules()).rules.live_area.padding).toBe(1)
  // Enter saved the rule, not the settings form: the dialog is still open.
  expect(await dialog.isVisible()).toBe(true)

  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  expect(await auditBothThemes(page, 'workspace settings, review rules')).toEqual([])

  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  const again = await openSettings()
  expect(await again.getByRole('combobox', { name: 'Preset' }).textContent()).toContain('Custom')
  expect(await again.getByLabel('Padding').inputValue()).toBe('1')
})
