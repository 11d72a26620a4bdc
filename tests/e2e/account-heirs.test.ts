// Deleting an account names who inherits each workspace (ADR 0410, 0012), in Chromium at 1280 and
// 375 px, by keyboard: a Gold owner with a workspace "Crew" (an admin on the Free plan in it) and a
// workspace "Solo" (nobody else) opens Account → Delete account…; the confirmation, before anything
// happens, says "Crew" passes to the admin and that their plan does not let members save there, and
// that "Solo" is deleted with the account; a screen reader hears it as the dialog's description; axe
// finds nothing in either theme. Confirmed by keyboard, the account goes and the admin owns "Crew".
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { signInApi } from '../setup/api-user.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { auditBothThemes } from '../setup/axe.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'

const OWNER = 'hedda@example.com'
const ADMIN = 'hugo@example.com'
const crew = crypto.randomUUID()
const solo = crypto.randomUUID()
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

/** A call of the admin's, with their cookie and the app's Origin (no browser). */
const asAdmin = (cookie: string, path: string, body?: unknown) =>
  fetch(`${app.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie, origin: app.baseUrl, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

test('the confirmation names the heir of each workspace and warns of their plan; the deletion hands it over', async () => {
  await signIn(page, app, smtp, OWNER)
  expect(await subscribe(page, app.baseUrl, 'gold')).toBe(true)
  const post = (path: string, data: unknown) =>
    page.request.post(`${app.baseUrl}${path}`, { data, headers: { origin: app.baseUrl } })
  expect((await post('/api/workspaces/create', { id: crew, name: 'Crew' })).ok()).toBe(true)
  expect((await post('/api/workspaces/create', { id: solo, name: 'Solo' })).ok()).toBe(true)
  const invited = await post('/api/workspaces/invite-user', {
    workspaceId: crew,
    email: ADMIN,
    role: 'admin',
  })
  expect(invited.ok()).toBe(true)
  const invitationId = ((await invited.json()) as { data: { id: string } }).data.id
  const admin = await signInApi(app.baseUrl, smtp, ADMIN)
  expect((await asAdmin(admin, '/api/workspaces/accept-invitation', { invitationId })).ok).toBe(true)

  await page.goto(`${app.baseUrl}/icons`)
  await page.getByTestId('settings-menu').click()
  await page.getByRole('menuitem', { name: 'Account' }).click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await account.getByRole('button', { name: 'Delete account…' }).click()
  const confirm = page.getByRole('alertdialog', { name: appMessages.deleteAccountTitle })
  const heirs = confirm.getByTestId('workspace-heirs')
  await heirs.getByText(appMessages.deleteAccountHeir('Crew', ADMIN)).waitFor()
  await heirs.getByText(appMessages.deleteAccountHeirPlan(ADMIN, 'Free')).waitFor()
  await heirs.getByText(appMessages.deleteAccountWorkspaceGoes('Solo')).waitFor()
  expect(await heirs.getByRole('listitem').count()).toBe(2)
  // A screen reader hears it with the dialog: it is part of the dialog's description.
  const described = await confirm.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  )
  expect(described).toContain(appMessages.deleteAccountHeir('Crew', ADMIN))
  expect(described).toContain(appMessages.deleteAccountWorkspaceGoes('Solo'))
  expect(await auditBothThemes(page, 'account deletion confirmation')).toEqual([])

  // At 375 px the confirmation fits, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 740 })
  await heirs.getByText(appMessages.deleteAccountWorkspaceGoes('Solo')).waitFor()
  const box = await confirm.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  // By keyboard: focus starts on Cancel; Tab reaches the delete button.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel')
  await page.keyboard.press('Tab')
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent))
    .toBe(appMessages.deleteAccount)
  await page.keyboard.press('Enter')
  await page.getByTestId('toast').filter({ hasText: appMessages.accountDeleted }).first().waitFor()
  expect(new URL(page.url()).pathname).toBe('/')

  // The admin now owns "Crew"; "Solo" went with the account.
  const listed = (await (await asAdmin(admin, '/api/workspaces')).json()) as {
    data: { id: string; role: string }[]
  }
  expect(listed.data.map((w) => [w.id, w.role])).toEqual([[crew, 'owner']])
})
