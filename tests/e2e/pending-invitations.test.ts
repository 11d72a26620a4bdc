// On a phone (375 px), a gold workspace owner opens Manage Workspace, sees the pending invitation
// they sent (address, role, expiry) and revokes it by keyboard; the row leaves, focus goes to the
// section's heading, and the server no longer lists it (ADR 0012).
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'

const WIDTH = 375
const GUEST = 'gwen@example.com'
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser({ viewport: { width: WIDTH, height: 812 } })
  page = browser.page
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

test('an admin sees a pending invitation in Manage Workspace and revokes it by keyboard, at 375 px', async () => {
  await signIn(page, app, smtp, 'ivy@example.com')
  expect(await subscribe(page, app.baseUrl, 'gold')).toBe(true)
  const workspaceId = randomUUID()
  const headers = { origin: app.baseUrl }
  const post = (path: string, data: unknown) => page.request.post(`${app.baseUrl}${path}`, { data, headers })
  expect((await post('/api/workspaces/create', { id: workspaceId, name: 'Studio' })).ok()).toBe(true)
  const projectId = randomUUID()
  await createProject(page, app.baseUrl, { id: projectId, name: 'Glyphs', workspace_id: workspaceId })
  expect(
    (await post('/api/workspaces/invite-user', { workspaceId, email: GUEST, role: 'viewer' })).ok(),
  ).toBe(true)

  await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
  await page.getByTestId('project-picker').getByText('Studio / Glyphs').waitFor()
  await page.getByTestId('mobile-menu').click()
  await page.getByRole('menuitem', { name: messages.manageWorkspace }).click()
  const dialog = page.getByTestId('manage-workspace-dialog')
  const section = dialog.getByRole('region', { name: 'Pending invitations' })
  const row = section.getByTestId('pending-invitation').filter({ hasText: GUEST })
  await row.waitFor()
  expect(await row.textContent()).toMatch(/Viewer · invited by ivy@example\.com · Expires in 7 days/)
  const box = await dialog.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= WIDTH).toBe(true)
  const rowBox = await row.boundingBox()
  expect(rowBox && rowBox.x + rowBox.width <= WIDTH).toBe(true)

  // Keyboard: the button is named for the address; Enter revokes.
  const revoke = section.getByRole('button', { name: `Revoke the invitation to ${GUEST}` })
  await revoke.focus()
  await page.keyboard.press('Enter')
  await page
    .getByTestId('toast')
    .filter({ hasText: appMessages.invitationRevoked(GUEST) })
    .first()
    .waitFor()
  await section.getByText('No pending invitations.').waitFor()
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent))
    .toBe('Pending invitations')
  const listed = await page.request.get(
    `${app.baseUrl}/api/workspaces/pending-invitations?workspaceId=${workspaceId}`,
  )
  expect((await listed.json()).data).toEqual([])
})
