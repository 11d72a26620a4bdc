// Creating a workspace is one create whatever the hands do: Create clicked twice in a row, or the
// form submitted twice in one frame (Enter twice), makes one workspace of that name, on the server
// and in the picker, and the header switches to it (ADR 0300: one id per opening of the form).
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { messages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'

let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page

const serverWorkspaces = async () =>
  ((await (await page.request.get(`${app.baseUrl}/api/workspaces`)).json()).data as { name: string }[]).map(
    (w) => w.name,
  )

/** Changes still waiting in this browser's outbox. */
const outboxSize = () =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('Iconvault')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    try {
      return await new Promise<number>((resolve, reject) => {
        const request = db.transaction('outbox').objectStore('outbox').count()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    } finally {
      db.close()
    }
  })

async function newWorkspaceForm() {
  const picker = page.getByRole('dialog', { name: 'Workspaces and projects' })
  if (!(await picker.isVisible())) await page.getByTestId('project-picker').click()
  await picker.getByRole('button', { name: 'New workspace' }).click()
  const form = page.getByRole('dialog', { name: messages.createNewWorkspace })
  await form.waitFor()
  return form
}

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  await signIn(page, app, smtp, 'twice@example.com')
  expect(await subscribe(page, app.baseUrl, 'gold')).toBe(true)
  await page.reload()
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

test('Create clicked twice makes one workspace, and the header shows it', async () => {
  const form = await newWorkspaceForm()
  await form.getByLabel(messages.workspaceName).fill('Double click')
  await form.getByRole('button', { name: 'Create' }).dblclick()
  await form.waitFor({ state: 'detached' })
  await expect.poll(outboxSize).toBe(0)
  expect(await serverWorkspaces()).toEqual(['Double click'])
  await page.getByTestId('project-picker').getByText('Double click').waitFor()
})

test('the form submitted twice in one frame makes one workspace', async () => {
  const form = await newWorkspaceForm()
  await form.getByLabel(messages.workspaceName).fill('Enter twice')
  await form.locator('form').evaluate((el) => {
    const f = el as HTMLFormElement
    f.requestSubmit()
    f.requestSubmit()
  })
  await form.waitFor({ state: 'detached' })
  await expect.poll(outboxSize).toBe(0)
  expect((await serverWorkspaces()).sort()).toEqual(['Double click', 'Enter twice'])
  await page.getByTestId('project-picker').getByText('Enter twice').waitFor()
})
