// Two people in two browsers share a workspace: the gold owner creates it and a project through the
// picker, invites a teammate by e-mail (read from the test SMTP server); the teammate accepts in the
// Workspace Invitation dialog and sees the owner's changes live; roles show or hide the admin
// buttons live; an offline change syncs on reconnect; a change the server refuses is rolled back
// with its toast; removing the teammate drops the workspace from their browser's database.
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'

const OWNER = 'olivia@example.com'
const MATE = 'mateo@example.com'
let smtp: TestSmtp
let app: AppProcess
let ownerBrowser: TestBrowser
let mateBrowser: TestBrowser
let owner: Page
let mate: Page

/** Rows of one table of the browser's local database. */
const localRows = <T = Record<string, unknown>>(page: Page, table: string) =>
  page.evaluate(async (store) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('Iconvault')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    try {
      return await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    } finally {
      db.close()
    }
  }, table) as Promise<T[]>

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text }).first()
const picker = (page: Page) => page.getByTestId('project-picker')
const pickerPopover = (page: Page) => page.getByRole('dialog', { name: 'Workspaces and projects' })

async function openPicker(page: Page) {
  if (!(await pickerPopover(page).isVisible())) await picker(page).click()
  await pickerPopover(page).waitFor()
  return pickerPopover(page)
}

async function closePicker(page: Page) {
  if (await pickerPopover(page).isVisible()) await page.keyboard.press('Escape')
  await pickerPopover(page).waitFor({ state: 'detached' })
}

const upgradeToGold = (page: Page) => subscribe(page, app.baseUrl, 'gold')

/** A person's role in the owner's (only) workspace, as the server has it. */
const serverRoleOf = async (page: Page, email: string) => {
  const workspaces = (await (await page.request.get(`${app.baseUrl}/api/workspaces`)).json()).data as {
    id: string
  }[]
  const res = await page.request.get(
    `${app.baseUrl}/api/workspaces/access-users?workspaceId=${workspaces[0]!.id}`,
  )
  const people = (await res.json()).data as { email: string; role: string }[]
  return people.find((p) => p.email === email)?.role
}

const serverWorkspaceId = async (page: Page) =>
  ((await (await page.request.get(`${app.baseUrl}/api/workspaces`)).json()).data as { id: string }[])[0]?.id

const serverProjects = async (page: Page) =>
  (
    (await (await page.request.get(`${app.baseUrl}/api/projects`)).json()) as {
      data: { id: string; name: string }[]
    }
  ).data

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  ;[ownerBrowser, mateBrowser] = await Promise.all([launchBrowser(), launchBrowser()])
  owner = ownerBrowser.page
  mate = mateBrowser.page
  await signIn(owner, app, smtp, OWNER)
  await signIn(mate, app, smtp, MATE)
  // Every test here needs the gold plan: a broken checkout fails the suite instead of skipping it.
  expect(await upgradeToGold(owner)).toBe(true)
  await owner.reload()
})

afterAll(async () => {
  await ownerBrowser?.close()
  await mateBrowser?.close()
  await app?.stop()
  await smtp?.close()
})

describe('a team workspace between two browsers', () => {
  let projectId = ''

  test('the gold owner creates a workspace and a project through the picker', async () => {
    const popover = await openPicker(owner)
    await popover.getByRole('button', { name: 'New workspace' }).click()
    const create = owner.getByRole('dialog', { name: messages.createNewWorkspace })
    // A blank name is ignored, visibly: Create is disabled (Enter does nothing) until a real name is typed.
    await create.getByLabel(messages.workspaceName).fill('   ')
    expect(await create.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true)
    await create.getByLabel(messages.workspaceName).press('Enter')
    await create.getByLabel(messages.workspaceName).fill('Acme')
    expect(await create.getByRole('button', { name: 'Create' }).isEnabled()).toBe(true)
    await create.getByRole('button', { name: 'Create' }).click()
    await create.waitFor({ state: 'detached' })
    await expect
      .poll(async () => (await (await owner.request.get(`${app.baseUrl}/api/workspaces`)).json()).data)
      .toHaveLength(1)
    const [only] = (await (await owner.request.get(`${app.baseUrl}/api/workspaces`)).json()).data
    expect(only.name).toBe('Acme')

    const again = await openPicker(owner)
    await again.getByRole('button', { name: /Acme/ }).and(again.locator('[aria-current="true"]')).waitFor()
    await again.getByRole('button', { name: 'New project' }).click()
    const newProject = owner.getByRole('dialog', { name: messages.createNewProject })
    await newProject.getByLabel(messages.projectName).fill('Icons')
    await newProject.getByRole('button', { name: 'Create' }).click()
    await owner.waitForURL((u) => u.pathname === '/icons' && !!u.searchParams.get('projectId'))
    projectId = new URL(owner.url()).searchParams.get('projectId')!
    await picker(owner).getByText('Acme / Icons').waitFor()
    await expect.poll(async () => (await serverProjects(owner)).map((p) => p.name)).toContain('Icons')
  })

  test('the owner invites a teammate; the mail arrives and the teammate accepts live', async () => {
    const after = Date.now()
    await owner.getByTestId('invite-button').click()
    const invite = owner.getByRole('dialog', { name: messages.inviteToWorkspace })
    await invite.getByLabel('E-mail address').fill(MATE)
    await invite.getByRole('button', { name: 'Send invitation' }).click()
    await toast(owner, messages.inviteSent).waitFor()
    const mail = await smtp.waitForMail(MATE, { after })
    expect(mail.subject).toContain('Acme')
    expect(mail.text).toContain(OWNER)

    const dialog = mate.getByRole('dialog', { name: messages.workspaceInvitation })
    await dialog.getByText('Acme').waitFor()
    await dialog.getByRole('button', { name: messages.accept }).click()
    await toast(mate, messages.invitationAccepted).waitFor()
    await dialog.waitFor({ state: 'detached' })
    const popover = await openPicker(mate)
    await popover
      .getByRole('button', { name: /Acme/ })
      .and(popover.locator('[aria-current="true"]'))
      .waitFor()
    await popover.getByRole('button', { name: 'Icons' }).click()
    await mate.waitForURL((u) => u.searchParams.get('projectId') === projectId)
    await picker(mate).getByText('Acme / Icons').waitFor()
    // A member creates no projects and manages nothing.
    expect(await mate.getByTestId('manage-workspace-button').count()).toBe(0)
    expect(await mate.getByTestId('invite-button').count()).toBe(0)

    // Inviting them again is refused with one toast (the server's reason), shown for about 4 s.
    await owner.getByTestId('invite-button').click()
    await invite.getByLabel('E-mail address').fill(MATE)
    await invite.getByRole('button', { name: 'Send invitation' }).click()
    const refused = toast(owner, appMessages.alreadyMember)
    await refused.waitFor()
    const shownAt = Date.now()
    // Only the refusal is said (the earlier 'Invitation sent' may still be fading out).
    const refusals = () =>
      owner.evaluate(
        (texts) =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() =>
              resolve(
                [...document.querySelectorAll('[data-testid="toast"][data-state="visible"]')].filter((t) =>
                  texts.some((text) => t.textContent?.includes(text)),
                ).length,
              ),
            ),
          ),
        [appMessages.alreadyMember, messages.inviteFailed],
      )
    expect(await refusals()).toBe(1)
    await refused.waitFor({ state: 'hidden', timeout: 6000 })
    expect(Date.now() - shownAt).toBeGreaterThan(3300)
    await owner.keyboard.press('Escape')
    await invite.waitFor({ state: 'detached' })
  })

  test("the owner's rename shows in the teammate's browser without a reload", async () => {
    const popover = await openPicker(owner)
    await popover.getByRole('button', { name: 'Settings of Icons' }).click()
    const settings = owner.getByRole('dialog', { name: messages.projectSettings })
    await settings.getByLabel(messages.projectName).fill('Icons v2')
    await settings.getByRole('button', { name: messages.saveChanges }).click()
    await picker(owner).getByText('Acme / Icons v2').waitFor()
    await picker(mate).getByText('Acme / Icons v2').waitFor({ timeout: 5000 })
  })

  test('navigation: a workspace clears the project; a project URL selects its workspace', async () => {
    const popover = await openPicker(owner)
    await popover.getByRole('button', { name: messages.personalWorkspace }).click()
    await owner.waitForURL((u) => u.pathname === '/icons' && !u.searchParams.get('projectId'))
    await picker(owner).getByText(messages.selectProject).waitFor()
    await closePicker(owner)

    // Every label the picker shows while the page opens is recorded: none may name another workspace.
    await ownerBrowser.context.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { pickerLabels: seen })
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="project-picker"]')?.textContent ?? ''
        if (text && seen.at(-1) !== text) seen.push(text)
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await owner.goto(`${app.baseUrl}/maker?projectId=${projectId}`)
    await picker(owner).getByText('Acme / Icons v2').waitFor()
    const labels = await owner.evaluate(() => (window as unknown as { pickerLabels: string[] }).pickerLabels)
    expect(labels.filter((l) => l.includes(' / ') && !l.startsWith('Acme / '))).toEqual([])
    const again = await openPicker(owner)
    await again.getByRole('button', { name: /Acme/ }).and(again.locator('[aria-current="true"]')).waitFor()
    await closePicker(owner)

    // Selecting a project elsewhere than /icons, /maker or /info opens /icons with it.
    await owner.goto(`${app.baseUrl}/upgrade`)
    const third = await openPicker(owner)
    await third.getByRole('button', { name: 'Icons v2', exact: true }).click()
    await owner.waitForURL((u) => u.pathname === '/icons' && u.searchParams.get('projectId') === projectId)
  })

  test('roles show and hide the admin buttons live; a viewer cannot create projects', async () => {
    await owner.getByTestId('manage-workspace-button').click()
    const manage = owner.getByRole('dialog', { name: messages.manageWorkspace })
    // A negative credits limit is refused with what is wrong with it.
    await manage.getByLabel('Credits limit per month').fill('-5')
    await manage.getByRole('button', { name: 'Update limit' }).click()
    await manage.getByText('Credits limit cannot be negative').waitFor()
    const role = manage.getByRole('combobox', { name: `Role of ${MATE}` })
    await role.click()
    await owner.getByRole('option', { name: 'Admin' }).click()
    await toast(owner, messages.userRoleUpdated).waitFor()
    await mate.getByTestId('manage-workspace-button').waitFor()
    await mate.getByTestId('invite-button').waitFor()

    await role.click()
    await owner.getByRole('option', { name: 'Viewer' }).click()
    await expect.poll(() => mate.getByTestId('manage-workspace-button').count()).toBe(0)
    expect(await mate.getByTestId('invite-button').count()).toBe(0)
    const popover = await openPicker(mate)
    const newProject = popover.getByRole('button', { name: 'New project' })
    expect(await newProject.getAttribute('aria-disabled')).toBe('true')
    expect(await popover.getByRole('button', { name: 'Settings of Icons v2' }).count()).toBe(0)
    await closePicker(mate)
    await owner.keyboard.press('Escape')
    await manage.waitFor({ state: 'detached' })

    // In the maker, with the project open, the viewer's save control is disabled and says why.
    const iconId = randomUUID()
    const created = await owner.request.post(`${app.baseUrl}/api/icons/create`, {
      data: {
        id: iconId,
        name: 'dot',
        svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="6"/></svg>',
        project_id: projectId,
        origin_icon_id: null,
        workspace_id: (await serverWorkspaceId(owner)) ?? null,
        icon_status: 'approved',
      },
      headers: { origin: app.baseUrl },
    })
    expect(created.ok()).toBe(true)
    await mate.goto(`${app.baseUrl}/maker?projectId=${projectId}&iconId=${iconId}`)
    await picker(mate).getByText('Acme / Icons v2').waitFor()
    const save = mate.getByRole('button', { name: 'Save to vault' })
    await mate.getByTestId('save-blocked').filter({ hasText: messages.notAuthorized }).waitFor()
    expect(await save.isDisabled()).toBe(true)
    expect(await mate.getByText(messages.noCurrentProject).count()).toBe(0)
    await mate.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    await picker(mate).getByText('Acme / Icons v2').waitFor()
  })

  test('a change made offline shows at once, waits in the outbox and reaches the teammate online', async () => {
    // Nothing asks the server for the icons of the project before the project itself reaches it.
    const notFound: string[] = []
    const onResponse = (r: { status(): number; url(): string }) => {
      if (r.status() === 404 && r.url().includes('/api/icons')) notFound.push(r.url())
    }
    owner.on('response', onResponse)
    await ownerBrowser.context.setOffline(true)
    const popover = await openPicker(owner)
    await popover.getByRole('button', { name: 'New project' }).click()
    const create = owner.getByRole('dialog', { name: messages.createNewProject })
    await create.getByLabel(messages.projectName).fill('Made offline')
    await create.getByRole('button', { name: 'Create' }).click()
    await picker(owner).getByText('Acme / Made offline').waitFor()
    const outbox = await localRows<{ kind: string; body: { name: string } }>(owner, 'outbox')
    expect(outbox.map((e) => [e.kind, e.body.name])).toEqual([['projects/create', 'Made offline']])

    await ownerBrowser.context.setOffline(false)
    await expect.poll(() => localRows(owner, 'outbox'), { timeout: 10_000 }).toEqual([])
    owner.off('response', onResponse)
    expect(notFound).toEqual([])
    const mates = await openPicker(mate)
    await mates.getByRole('button', { name: 'Made offline' }).waitFor({ timeout: 5000 })
    await closePicker(mate)
  })

  test('a change the server refuses is rolled back with its toast', async () => {
    // The teammate, admin again, renames offline; meanwhile the owner makes them a viewer.
    await owner.getByTestId('manage-workspace-button').click()
    const manage = owner.getByRole('dialog', { name: messages.manageWorkspace })
    await manage.getByRole('combobox', { name: `Role of ${MATE}` }).click()
    await owner.getByRole('option', { name: 'Admin' }).click()
    await toast(owner, messages.userRoleUpdated).waitFor()
    await mate.getByTestId('manage-workspace-button').waitFor()

    await mateBrowser.context.setOffline(true)
    const popover = await openPicker(mate)
    await popover.getByRole('button', { name: 'Settings of Icons v2' }).click()
    const settings = mate.getByRole('dialog', { name: messages.projectSettings })
    await settings.getByLabel(messages.projectName).fill('Renamed by a viewer')
    await settings.getByRole('button', { name: messages.saveChanges }).click()
    await picker(mate).getByText('Acme / Renamed by a viewer').waitFor()

    await manage.getByRole('combobox', { name: `Role of ${MATE}` }).click()
    await owner.getByRole('option', { name: 'Viewer' }).click()
    // The demotion must reach the server before the teammate's rename does.
    await expect.poll(() => serverRoleOf(owner, MATE), { timeout: 15_000 }).toBe('viewer')
    await owner.keyboard.press('Escape')

    await mateBrowser.context.setOffline(false)
    await toast(mate, messages.updateProjectFailed)
      .waitFor({ timeout: 15_000 })
      .catch(async (error: Error) => {
        const outbox = JSON.stringify(await localRows(mate, 'outbox'))
        throw new Error(
          `${error.message}\noutbox: ${outbox}\ntoasts: ${await mate.getByTestId('toast').allTextContents()}`,
        )
      })
    await toast(mate, messages.notAuthorized).waitFor()
    await picker(mate).getByText('Acme / Icons v2').waitFor()
    expect((await serverProjects(owner)).find((p) => p.id === projectId)?.name).toBe('Icons v2')
  })

  test("removing the teammate drops the workspace from their browser's database", async () => {
    expect((await localRows<{ name: string }>(mate, 'workspaces')).map((w) => w.name)).toContain('Acme')
    await owner.getByTestId('manage-workspace-button').click()
    const manage = owner.getByRole('dialog', { name: messages.manageWorkspace })
    await manage.getByRole('button', { name: `Remove ${MATE}` }).click()
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
    await toast(owner, messages.userDeletedFromWorkspace).waitFor()
    await manage.getByText(MATE).waitFor({ state: 'detached' })

    await expect.poll(() => localRows(mate, 'workspaces'), { timeout: 5000 }).toEqual([])
    expect(await localRows(mate, 'projects')).toEqual([])
    expect(await localRows(mate, 'workspaces_access')).toEqual([])
    // The open project is gone: the page leaves it.
    await mate.waitForURL((u) => !u.searchParams.get('projectId'))
    await picker(mate).getByText(messages.selectProject).waitFor()
  })
})
