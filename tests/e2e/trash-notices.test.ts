// Two teammates (issue 22 item 3, issue 23 item 2, ADR 0018): an admin deletes the project the owner
// has open; the owner is told by whom and lands in another project of the workspace (not "Select a
// project"); the owner restores it from "Recently deleted" in the picker and it is back on the
// admin's screen too, live. Then the owner deletes the workspace: the admin is told by whom,
// restores it from "Recently deleted" and has its projects back (pulled whole again).
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { TRASH_DAYS } from '../../common/retention.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'

const OWNER = 'tn-owner@example.com'
const ADMIN = 'tn-admin@example.com'
let smtp: TestSmtp
let app: AppProcess
let browsers: TestBrowser[] = []
let owner: Page
let admin: Page
const wsId = randomUUID()
const brandId = randomUUID()
const otherId = randomUUID()

const post = async (page: Page, path: string, data: unknown) => {
  const res = await page.request.post(`${app.baseUrl}${path}`, { data, headers: { origin: app.baseUrl } })
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
  return (await res.json()).data
}
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first()
const pickerPopover = (page: Page) => page.getByRole('dialog', { name: 'Workspaces and projects' })

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browsers = await Promise.all([launchBrowser(), launchBrowser()])
  owner = browsers[0]!.page
  admin = browsers[1]!.page
  await signIn(owner, app, smtp, OWNER)
  await signIn(admin, app, smtp, ADMIN)
  expect(await subscribe(owner, app.baseUrl, 'gold')).toBe(true)
  await post(owner, '/api/workspaces/create', { id: wsId, name: 'Acme', description: '' })
  await post(owner, '/api/projects/create', { id: brandId, name: 'Brand icons', workspace_id: wsId })
  await post(owner, '/api/projects/create', { id: otherId, name: 'Other', workspace_id: wsId })
  const invitation = await post(owner, '/api/workspaces/invite-user', {
    workspaceId: wsId,
    email: ADMIN,
    role: 'admin',
  })
  await post(admin, '/api/workspaces/accept-invitation', { invitationId: invitation.id })
})

afterAll(async () => {
  for (const b of browsers) await b?.close()
  await app?.stop()
  await smtp?.close()
})

describe('a deleted project and workspace between two teammates', () => {
  test('the owner is told who deleted the open project, moves on, and restores it live for both', async () => {
    await owner.goto(`${app.baseUrl}/icons?projectId=${brandId}`)
    await owner.getByTestId('project-picker').getByText('Acme / Brand icons').waitFor()
    await admin.goto(`${app.baseUrl}/icons?projectId=${otherId}`)
    await admin.getByTestId('project-picker').getByText('Acme / Other').waitFor()

    // The admin deletes the project the owner has open.
    const me = (await (await admin.request.get(`${app.baseUrl}/api/me`)).json()).user
    await post(admin, '/api/projects/delete', { id: brandId })
    await toast(owner, appMessages.projectDeletedBy('Brand icons', me.name || ADMIN, TRASH_DAYS)).waitFor()
    await owner.waitForURL((u) => u.searchParams.get('projectId') === otherId)
    await owner.getByTestId('project-picker').getByText('Acme / Other').waitFor()

    // The owner restores it from the picker's Recently deleted (keyboard: Enter on the button).
    await owner.getByTestId('project-picker').click()
    await pickerPopover(owner).getByRole('button', { name: appMessages.recentlyDeletedProjects }).click()
    const dialog = owner.getByTestId('deleted-projects')
    const restore = dialog.getByRole('button', { name: appMessages.restoreNamed('Brand icons') })
    await restore.focus()
    await owner.keyboard.press('Enter')
    await toast(owner, appMessages.projectRestored('Brand icons')).waitFor()
    await owner.waitForURL((u) => u.searchParams.get('projectId') === brandId)
    await owner.getByTestId('project-picker').getByText('Acme / Brand icons').waitFor()

    // Back on the admin's screen without a reload.
    await admin.getByTestId('project-picker').click()
    await pickerPopover(admin).getByRole('button', { name: 'Brand icons', exact: true }).waitFor()
    await admin.keyboard.press('Escape')
  })

  test('the owner deletes the workspace; the admin is told, restores it, and has it whole again', async () => {
    const me = (await (await owner.request.get(`${app.baseUrl}/api/me`)).json()).user
    await post(owner, '/api/workspaces/delete', { id: wsId })
    await toast(admin, appMessages.workspaceDeletedBy('Acme', me.name || OWNER, TRASH_DAYS)).waitFor()
    await admin.waitForURL((u) => !u.searchParams.get('projectId'))

    // At 375 px the list fits: no sideways scrolling, the Restore button in view.
    await admin.setViewportSize({ width: 375, height: 740 })
    await admin.getByTestId('project-picker').click()
    await pickerPopover(admin).getByRole('button', { name: appMessages.recentlyDeletedWorkspaces }).click()
    const list = admin.getByTestId('deleted-workspaces')
    await list.getByTestId('deleted-workspaces-row').waitFor()
    expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    const box = await list.getByRole('button', { name: appMessages.restoreNamed('Acme') }).boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(375)
    await admin
      .getByTestId('deleted-workspaces')
      .getByRole('button', { name: appMessages.restoreNamed('Acme') })
      .click()
    await toast(admin, appMessages.workspaceRestored('Acme')).waitFor()
    // Pulled whole again (its cursor went with the delete): both projects are back in the picker.
    await admin.getByTestId('project-picker').click()
    const popover = pickerPopover(admin)
    await popover.getByRole('button', { name: 'Brand icons', exact: true }).waitFor()
    await popover.getByRole('button', { name: 'Other', exact: true }).waitFor()
  })
})
