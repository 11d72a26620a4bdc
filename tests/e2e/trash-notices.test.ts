// Two teammates (ADR 0018): an admin deletes the project the owner
// has open; the owner is told by whom and lands in another project of the workspace (not "Select a
// project"); the owner restores it from "Recently deleted" in the picker and it is back on the
// admin's screen too, live. Then the owner deletes the workspace: the admin is told by whom,
// restores it from "Recently deleted" and has its projects back (pulled whole again).
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { TRASH_DAYS } from '../../common/retention.ts'
import type { AppProcess } from '../setup/app-process.ts'
import { postAs, startTeamPages, type TeamPages } from '../setup/team-pages.ts'

const OWNER = 'tn-owner@example.com'
const ADMIN = 'tn-admin@example.com'
let app: AppProcess
let team: TeamPages | undefined
let owner: Page
let admin: Page
const wsId = randomUUID()
const brandId = randomUUID()
const otherId = randomUUID()

const post = (page: Page, path: string, data: unknown) => postAs(page, app.baseUrl, path, data)
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first()
const pickerPopover = (page: Page) => page.getByRole('dialog', { name: 'Workspaces and projects' })

beforeAll(async () => {
  team = await startTeamPages({
    owner: OWNER,
    mate: ADMIN,
    mateRole: 'admin',
    workspace: { id: wsId, name: 'Acme' },
    projects: [
      { id: brandId, name: 'Brand icons' },
      { id: otherId, name: 'Other' },
    ],
  })
  ;({ app, owner, mate: admin } = team)
})

afterAll(async () => {
  await team?.close()
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
