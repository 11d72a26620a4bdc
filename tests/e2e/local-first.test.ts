// The outbox in a real browser against the real server: a change waits across a reload while the
// server cannot be reached; server errors are retried (3 tries, 1 s then 2 s) and, exhausted, roll
// back with the flow's toast; a refusal rolls back at once; a delete of something already gone is
// done; two tabs stay in step and only one sends; the server killed and restarted loses nothing.
// The server runs on a fixed port here (own spawn) so that it can come back where the browser is.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page, Route } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { messages } from '../../common/messages.ts'
import { freePort } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { waitHealthy } from '../setup/wait-healthy.ts'

const EMAIL = 'lucia@example.com'
const root = fileURLToPath(new URL('../..', import.meta.url))
let smtp: TestSmtp
let server: ChildProcess
let baseUrl = ''
let dataDir = ''
let port = 0
let browser: TestBrowser
let page: Page

async function serve(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BASE_URL: baseUrl,
      LOG_LEVEL: 'silent',
      SMTP_URL: smtp.url,
    },
    stdio: 'ignore',
  })
  await waitHealthy(`${baseUrl}/api/health`, child, { timeoutMs: 30_000 })
  return child
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGKILL')
  await exited
}

const outbox = (p: Page = page) =>
  p.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('Iconvault')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    try {
      return await new Promise<{ kind: string; tries: number }[]>((resolve, reject) => {
        const request = db.transaction('outbox').objectStore('outbox').getAll()
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
    } finally {
      db.close()
    }
  })

const serverProjects = async () =>
  (
    (await (await page.request.get(`${baseUrl}/api/projects`)).json()) as {
      data: { id: string; name: string }[]
    }
  ).data
const serverNames = async () => (await serverProjects()).map((p) => p.name).sort()
const toast = (p: Page, text: string) => p.getByTestId('toast').filter({ hasText: text }).first()
const picker = (p: Page = page) => p.getByTestId('project-picker')
const popover = (p: Page) => p.getByRole('dialog', { name: 'Workspaces and projects' })

async function createProject(p: Page, name: string) {
  await picker(p).click()
  await popover(p).getByRole('button', { name: 'New project' }).click()
  const dialog = p.getByRole('dialog', { name: messages.createNewProject })
  await dialog.getByLabel(messages.projectName).fill(name)
  await dialog.getByRole('button', { name: 'Create' }).click()
  await picker(p).getByText(`Personal / ${name}`).waitFor()
}

async function openSettings(p: Page, name: string) {
  await picker(p).click()
  await popover(p)
    .getByRole('button', { name: `Settings of ${name}` })
    .click()
  return p.getByRole('dialog', { name: messages.projectSettings })
}

async function renameProject(p: Page, from: string, to: string) {
  const settings = await openSettings(p, from)
  await settings.getByLabel(messages.projectName).fill(to)
  await settings.getByRole('button', { name: messages.saveChanges }).click()
  await settings.waitFor({ state: 'detached' })
}

async function deleteProject(p: Page, name: string) {
  const settings = await openSettings(p, name)
  await settings.getByRole('button', { name: messages.deleteProject }).click()
  await p.getByRole('alertdialog').getByRole('button', { name: messages.deleteProject }).click()
  await settings.waitFor({ state: 'detached' })
}

async function dismissToasts(p: Page) {
  await p.evaluate(() => {
    for (const b of document.querySelectorAll<HTMLElement>('[aria-label="Dismiss notification"]')) b.click()
  })
  await p.getByTestId('toast').first().waitFor({ state: 'detached', timeout: 2000 })
}

const json = (status: number, error: string) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error }) })

beforeAll(async () => {
  smtp = await startTestSmtp()
  port = await freePort()
  baseUrl = `http://localhost:${port}`
  dataDir = mkdtempSync(join(tmpdir(), 'iconvault-e2e-'))
  server = await serve()
  browser = await launchBrowser()
  page = browser.page
  await signIn(page, { baseUrl }, smtp, EMAIL)
})

afterAll(async () => {
  await browser?.close()
  if (server) await kill(server)
  await smtp?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('the outbox', () => {
  // A test that fails before its unroute must not leave its refusal on the next test's requests.
  afterEach(() => page.unrouteAll({ behavior: 'ignoreErrors' }))

  test('a change waits in the outbox across a reload while the server is unreachable, then syncs', async () => {
    await page.route('**/api/projects/create', (route) => route.abort('connectionfailed'))
    await createProject(page, 'Kept')
    expect((await outbox()).map((e) => e.kind)).toEqual(['projects/create'])
    await page.reload()
    await picker().getByText('Personal / Kept').waitFor()
    expect((await outbox()).map((e) => [e.kind, e.tries])).toEqual([['projects/create', 0]])
    expect(await serverNames()).toEqual([])
    await page.unroute('**/api/projects/create')
    await expect.poll(serverNames, { timeout: 10_000 }).toEqual(['Kept'])
    await expect.poll(() => outbox()).toEqual([])
  })

  test('server errors are retried after 1 s then 2 s steps of the one backoff (each wait at least half its step), and the change goes through', async () => {
    const attempts: number[] = []
    await page.route('**/api/projects/update', (route) => {
      attempts.push(Date.now())
      return attempts.length < 3 ? json(500, 'Internal server error')(route) : route.continue()
    })
    await renameProject(page, 'Kept', 'Kept twice')
    await expect.poll(serverNames, { timeout: 10_000 }).toEqual(['Kept twice'])
    expect(attempts).toHaveLength(3)
    // Equal jitter (common/backoff.ts, ADR 0032): each wait is at least half its step of 1 s, 2 s.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(450)
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(950)
    expect(await toast(page, messages.updateProjectFailed).count()).toBe(0)
    await page.unroute('**/api/projects/update')
  })

  test('exhausted retries roll the change back with its toast', async () => {
    let attempts = 0
    await page.route('**/api/projects/update', (route) => {
      attempts++
      return json(500, 'Internal server error')(route)
    })
    await renameProject(page, 'Kept twice', 'Never saved')
    await picker().getByText('Personal / Never saved').waitFor()
    await toast(page, messages.updateProjectFailed).waitFor({ timeout: 10_000 })
    await toast(page, 'Internal server error').waitFor()
    await picker().getByText('Personal / Kept twice').waitFor()
    expect(attempts).toBe(3)
    expect(await outbox()).toEqual([])
    await page.unroute('**/api/projects/update')
  })

  test('a refusal rolls the change back at once with the server message', async () => {
    await page.route('**/api/projects/delete', json(403, messages.notAuthorized))
    await deleteProject(page, 'Kept twice')
    await toast(page, messages.deleteProjectFailed).waitFor()
    await toast(page, messages.notAuthorized).waitFor()
    await picker().click()
    await popover(page).getByRole('button', { name: 'Kept twice', exact: true }).waitFor()
    await page.keyboard.press('Escape')
    expect(await serverNames()).toEqual(['Kept twice'])
    await page.unroute('**/api/projects/delete')
  })

  test('deleting what is already gone on the server (404) counts as done', async () => {
    await dismissToasts(page)
    const [project] = await serverProjects()
    await browser.context.setOffline(true)
    await deleteProject(page, 'Kept twice')
    await page.waitForURL((u) => !u.searchParams.get('projectId'))
    // Someone else (another device) deletes it too before this browser is back online.
    const gone = await page.request.post(`${baseUrl}/api/projects/delete`, {
      data: { id: project!.id },
      headers: { origin: baseUrl },
    })
    expect(gone.ok()).toBe(true)
    expect(await outbox()).toHaveLength(1)
    await browser.context.setOffline(false)
    await expect.poll(() => outbox(), { timeout: 10_000 }).toEqual([])
    expect(await toast(page, messages.deleteProjectFailed).count()).toBe(0)
    await picker().getByText(messages.selectProject).waitFor()
  })
})

describe('tabs and restarts', () => {
  test('two tabs stay in step; only one sends; a rollback toasts in the tab that made the change', async () => {
    const creates: string[] = []
    page.context().on('request', (r) => {
      if (r.url().endsWith('/api/projects/create')) creates.push(r.url())
    })
    const second = await browser.context.newPage()
    await second.goto(`${baseUrl}/icons`)
    await createProject(second, 'From tab two')
    await picker(page).click()
    await popover(page).getByRole('button', { name: 'From tab two', exact: true }).waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(serverNames).toEqual(['From tab two'])
    expect(creates).toHaveLength(1)

    await browser.context.route('**/api/projects/update', json(403, messages.notAuthorized))
    await renameProject(second, 'From tab two', 'Refused')
    await toast(second, messages.notAuthorized).waitFor()
    await picker(second).getByText('Personal / From tab two').waitFor()
    expect(await toast(page, messages.notAuthorized).count()).toBe(0)
    await browser.context.unroute('**/api/projects/update')
    await second.close()
  })

  test('the server killed and restarted while the outbox holds changes loses none of them', async () => {
    await kill(server)
    await createProject(page, 'Alpha')
    await createProject(page, 'Beta')
    await renameProject(page, 'Alpha', 'Alpha renamed')
    expect((await outbox()).map((e) => e.kind)).toEqual([
      'projects/create',
      'projects/create',
      'projects/update',
    ])
    server = await serve()
    await expect.poll(serverNames, { timeout: 15_000 }).toEqual(['Alpha renamed', 'Beta', 'From tab two'])
    await expect.poll(() => outbox()).toEqual([])
  })
})
