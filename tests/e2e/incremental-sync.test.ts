// Incremental sync in Chromium (ADR 0303): a project of 2,000 icons is listed once; reopening it
// moves a few KB of API answers, not the list; a change made elsewhere while the tab was
// disconnected (the server restarted) arrives by a pull from the cursor when it reconnects; and a change never announced to this
// tab (made by its own session behind its back, so no event comes) arrives as soon as the next
// event shows the gap in the scope's versions, long before the quiet-stream pull.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type ApiUser, proUserWithProject } from '../setup/api-user.ts'
import { type AppProcess, freePort, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'

const EMAIL = 'ines@example.com'
const ICONS = 2000
let smtp: TestSmtp
let app: AppProcess
/** Kept across a restart of the server (its own data directory, removed at the end). */
const dataDir = mkdtempSync(join(tmpdir(), 'iconvault-incremental-'))
let port: number
let browser: TestBrowser
let page: Page
/** The same user in another session (another device): its changes are announced to the page. */
let elsewhere: ApiUser

const svg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect x="${n % 20}" y="${(n >> 4) % 20}" width="3" height="${1 + (n % 3)}"/></svg>`
const icon = (name: string, n: number) => ({
  id: crypto.randomUUID(),
  name,
  svg: svg(n),
  project_id: elsewhere.projectId,
  origin_icon_id: null,
  workspace_id: null,
  icon_status: 'approved',
})
const createElsewhere = async (name: string, n: number) => {
  const res = await elsewhere.call('/api/icons/create', icon(name, n))
  expect(res.status, await res.clone().text()).toBe(200)
}
/** Types a name into the vault's search and waits for exactly that tile. */
const shows = async (name: string) => {
  await page.getByRole('searchbox').fill(name)
  await expect
    .poll(
      () => page.getByTestId('icon-tile').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
      {
        timeout: 15_000,
      },
    )
    .toEqual([name])
}
/** The API requests the page makes from now on, with the bytes each moved (headers and body). */
function recordApi() {
  const done: { url: string; bytes: number }[] = []
  const onFinished = async (request: Request) => {
    const url = new URL(request.url())
    if (!url.pathname.startsWith('/api/')) return
    const sizes = await request.sizes().catch(() => null)
    if (sizes)
      done.push({ url: url.pathname + url.search, bytes: sizes.responseBodySize + sizes.responseHeadersSize })
  }
  page.on('requestfinished', onFinished)
  return {
    done,
    stop: () => page.off('requestfinished', onFinished),
    paths: () => done.map((r) => r.url.replace(/\?.*/, '')),
  }
}
const vaultUrl = () => `${app.baseUrl}/icons?projectId=${elsewhere.projectId}`

beforeAll(async () => {
  smtp = await startTestSmtp()
  port = await freePort()
  app = await startApp({ env: { SMTP_URL: smtp.url }, dataDir, port })
  elsewhere = await proUserWithProject(app.baseUrl, smtp, EMAIL)
  for (let at = 0; at < ICONS; at += 500) {
    const icons = Array.from({ length: 500 }, (_, i) =>
      icon(`Icon ${String(at + i).padStart(4, '0')}`, at + i),
    )
    const res = await elsewhere.call('/api/icons/create-many', { icons })
    expect(res.status).toBe(200)
  }
  browser = await launchBrowser()
  page = browser.page
  await signIn(page, app, smtp, EMAIL)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('incremental sync', () => {
  test(`a ${ICONS}-icon project is listed once; reopening it moves under 10 KB of API answers`, async () => {
    const first = recordApi()
    const listed = page.waitForResponse((r) => r.url().includes('/api/icons?project_id='))
    await page.goto(vaultUrl())
    await page.getByTestId('icon-tile').first().waitFor()
    expect((await listed).ok()).toBe(true)
    // The list is stored and the project held once its `held` mark is written.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              const open = indexedDB.open('Iconvault')
              open.onerror = () => reject(open.error)
              open.onsuccess = () => {
                const count = open.result.transaction('held').objectStore('held').count()
                count.onsuccess = () => resolve(count.result)
              }
            }),
        ),
      )
      .toBe(1)
    first.stop()

    const reopen = recordApi()
    const pulled = page.waitForResponse((r) => r.url().includes('/api/sync?scope=personal'))
    await page.reload()
    await page.getByTestId('icon-tile').first().waitFor()
    expect((await pulled).ok()).toBe(true)
    await expect.poll(() => reopen.paths()).toContain('/api/sync')
    reopen.stop()
    expect(reopen.paths()).not.toContain('/api/icons')
    const bytes = reopen.done.reduce((sum, r) => sum + r.bytes, 0)
    expect(bytes, JSON.stringify(reopen.done)).toBeLessThan(10_000)
    expect(await page.getByTestId('icon-count').textContent()).toBe(`${ICONS.toLocaleString('en-US')} icons`)
  })

  test('a change made while the tab was disconnected arrives by a pull when it reconnects', async () => {
    // The server restarts (the tab's stream drops) and the tab cannot reconnect meanwhile.
    await page.route('**/api/events', (route) => route.abort())
    await app.stop()
    app = await startApp({ env: { SMTP_URL: smtp.url }, dataDir, port })
    await createElsewhere('Made while away', 1)
    const after = recordApi()
    await page.unroute('**/api/events')
    await shows('Made while away')
    after.stop()
    expect(after.paths()).toContain('/api/sync')
    expect(after.paths()).not.toContain('/api/icons')
  })

  test('a change never announced to this tab arrives with the next event, which shows the gap', async () => {
    await page.getByRole('searchbox').fill('')
    // Made with the page's own session: the server does not echo a session's changes to it.
    const res = await page.request.post(`${app.baseUrl}/api/icons/create`, {
      data: icon('Behind its back', 2),
      headers: { origin: app.baseUrl },
    })
    expect(res.status()).toBe(200)
    await createElsewhere('Teammate ping', 3)
    await shows('Teammate ping')
    // Within 15 s: the quiet-stream pull would come only after 60 s.
    await shows('Behind its back')
  })
})
