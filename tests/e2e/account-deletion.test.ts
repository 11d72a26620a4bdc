// Deleting an account keeps the team's work (ADR 0012), as the owner's open browser sees it: a
// workspace admin made a project and icons there, then deletes their account through the API
// (POST /api/auth/delete-user, with their cookie and the app's Origin; the Account dialog's button is
// tested in copy-sort-account.test.ts). The owner's page, open on that project, keeps the project and
// its icons, now shown as added by "a former member", live without a reload, and again after one.
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInApi } from '../setup/api-user.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'

const OWNER = 'oona@example.com'
const LEAVER = 'lars@example.com'
const workspaceId = randomUUID()
const projectId = randomUUID()
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page

const svg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n} 2h4v${4 + n}h-4z"/></svg>`
/** A call of the leaving person's, with their cookie and the app's Origin (no browser). */
const asLeaver = async (cookie: string, path: string, body: unknown) => {
  const res = await fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, origin: app.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return res.json() as Promise<{ data?: { id?: string } }>
}
const labels = () =>
  page.getByTestId('icon-tile').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
const panel = () => page.getByTestId('icon-detail')
/** The authors of the project's icons in the browser's own database, by name. */
const localAuthors = () =>
  page.evaluate(
    (project) =>
      new Promise<[string, string | null][]>((resolve, reject) => {
        const open = indexedDB.open('Iconvault')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const request = open.result.transaction('icons').objectStore('icons').getAll()
          request.onsuccess = () => {
            const rows = request.result as { name: string; user_id: string | null; project_id: string }[]
            resolve(
              rows
                .filter((r) => r.project_id === project)
                .map((r): [string, string | null] => [r.name, r.user_id])
                .sort((a, b) => a[0].localeCompare(b[0])),
            )
            open.result.close()
          }
        }
      }),
    projectId,
  )
/** The project is still in the picker and the vault, with both icons. */
async function teamWorkKept() {
  await page.getByTestId('project-picker').getByText('Crew / Glyphs').waitFor()
  await expect.poll(labels, { timeout: 15_000 }).toEqual(['anchor', 'bolt'])
}

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

test("an admin deletes their account: the owner's open page keeps their project and icons, live and after a reload", async () => {
  await signIn(page, app, smtp, OWNER)
  expect(await subscribe(page, app.baseUrl, 'gold')).toBe(true)
  const headers = { origin: app.baseUrl }
  const post = (path: string, data: unknown) => page.request.post(`${app.baseUrl}${path}`, { data, headers })
  expect((await post('/api/workspaces/create', { id: workspaceId, name: 'Crew' })).ok()).toBe(true)
  // The owner's own project, so the workspace has something of theirs too.
  await createProject(page, app.baseUrl, { id: randomUUID(), name: 'Mine', workspace_id: workspaceId })
  const invited = await post('/api/workspaces/invite-user', { workspaceId, email: LEAVER, role: 'admin' })
  expect(invited.ok()).toBe(true)
  const invitationId = ((await invited.json()) as { data: { id: string } }).data.id

  // The admin, through the API only: accepts, makes a project and two icons in it.
  const leaver = await signInApi(app.baseUrl, smtp, LEAVER)
  await asLeaver(leaver, '/api/workspaces/accept-invitation', { invitationId })
  await asLeaver(leaver, '/api/projects/create', {
    id: projectId,
    name: 'Glyphs',
    description: '',
    workspace_id: workspaceId,
  })
  for (const [n, name] of ['anchor', 'bolt'].entries())
    await asLeaver(leaver, '/api/icons/create', {
      id: randomUUID(),
      name,
      svg: svg(n),
      project_id: projectId,
      workspace_id: workspaceId,
    })

  await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
  await teamWorkKept()
  await page.getByTestId('icon-tile').first().dblclick()
  await panel().getByText(`Added by ${LEAVER}`).waitFor()

  const gone = await fetch(`${app.baseUrl}/api/auth/delete-user`, {
    method: 'POST',
    headers: { cookie: leaver, origin: app.baseUrl, 'content-type': 'application/json' },
    body: '{}',
  })
  expect(gone.status).toBe(200)

  // Live: the open panel now names a former member; the project and both icons stay, re-attributed
  // in the browser's database too.
  await panel().getByText('Added by a former member').waitFor({ timeout: 15_000 })
  await expect.poll(localAuthors, { timeout: 15_000 }).toEqual([
    ['anchor', null],
    ['bolt', null],
  ])
  await page.keyboard.press('Escape')
  await teamWorkKept()

  // And after a reload (from the browser's database, then the server's answer).
  await page.reload()
  await teamWorkKept()
  await page.getByTestId('icon-tile').last().dblclick()
  await panel().getByRole('heading', { name: 'bolt' }).waitFor()
  await panel().getByText('Added by a former member').waitFor()
  const listed = (await (
    await page.request.get(`${app.baseUrl}/api/icons?project_id=${projectId}`)
  ).json()) as {
    data: { name: string; user_id: string | null }[]
  }
  expect(listed.data.map((i) => [i.name, i.user_id])).toEqual([
    ['anchor', null],
    ['bolt', null],
  ])
})
