// Offline in Chromium with the app's service worker: a reload while offline opens the app from the
// local copy; a file dropped offline in a fresh tab (whose SVG worker was never loaded) is stored
// locally and syncs once online; a tab opened while the server is stopped opens from the local copy
// and, when the server returns, syncs its queued change without a reload. The header says each state.
// A new service-worker version takes over at once and drops the old cache once no old tab is left.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { duplicateMessages } from '../../common/messages.ts'
import { type AppProcess, freePort, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'
import { dropFiles } from '../setup/vault-page.ts'

const EMAIL = 'olga@example.com'
const svg = (name: string) => ({
  name,
  text: readFileSync(new URL('../fixtures/upload/heart.svg', import.meta.url), 'utf8'),
})
let smtp: TestSmtp
let app: AppProcess
let port = 0
let dataDir = ''
let browser: TestBrowser
let page: Page
const projectId = crypto.randomUUID()

const status = (p: Page) => p.getByTestId('sync-status')
const vaultUrl = () => `${app.baseUrl}/icons?projectId=${projectId}`
const tileNames = async (p: Page) =>
  (await p.getByTestId('icon-tile').allInnerTexts()).map((t) => t.trim()).sort()
const serverIconNames = async () => {
  const res = await fetch(`${app.baseUrl}/api/icons?project_id=${projectId}`, {
    headers: { cookie: await cookieHeader() },
  })
  const body = (await res.json()) as { data: { name: string }[] }
  return body.data.map((i) => i.name).sort()
}
const cookieHeader = async () =>
  (await browser.context.cookies(app.baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ')

/** Opens the vault and waits until the service worker controls the tab. */
async function openVault(p: Page) {
  await p.goto(vaultUrl())
  await p.getByTestId('vault').waitFor()
  await p.waitForFunction(() => navigator.serviceWorker.controller !== null)
}

beforeAll(async () => {
  smtp = await startTestSmtp()
  port = await freePort()
  dataDir = mkdtempSync(join(tmpdir(), 'iconvault-e2e-offline-'))
  app = await startApp({ port, dataDir, env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser({ serviceWorkers: 'allow' })
  page = browser.page
  await signIn(page, app, smtp, EMAIL)
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  const created = await page.request.post(`${app.baseUrl}/api/projects/create`, {
    data: { id: projectId, name: 'Field kit', description: '', workspace_id: null },
    headers: { origin: app.baseUrl },
  })
  expect(created.ok()).toBe(true)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  rmSync(dataDir, { recursive: true, force: true })
  await smtp?.close()
})

describe('offline', () => {
  test('a reload while offline shows the app from the local copy', async () => {
    await openVault(page)
    await expect.poll(() => status(page).textContent()).toBe('All saved')
    await browser.context.setOffline(true)
    await page.reload()
    await page.getByTestId('app-header').waitFor()
    await page.getByTestId('vault').waitFor()
    await expect.poll(() => status(page).textContent()).toBe('Offline')
    await expect.poll(() => page.getByTestId('project-picker').textContent()).toContain('Field kit')
    await browser.context.setOffline(false)
    await expect.poll(() => status(page).textContent()).toBe('All saved')
  })

  test('a file dropped offline in a fresh tab is stored locally and syncs when back online', async () => {
    const tab = await browser.context.newPage()
    await openVault(tab)
    await browser.context.setOffline(true)
    await dropFiles(tab, [svg('offline-heart.svg')])
    await tab.locator('[data-testid="import-progress"][data-state="done"]').waitFor()
    // Stored without the server's duplicate check, and the report says so.
    await tab.getByTestId('import-unchecked').getByText(duplicateMessages.notChecked).waitFor()
    await expect.poll(() => tileNames(tab)).toEqual(['offline-heart'])
    await expect.poll(() => status(tab).textContent()).toBe('Offline · 1 change waiting')
    await browser.context.setOffline(false)
    await expect.poll(() => status(tab).textContent(), { timeout: 20_000 }).toBe('All saved')
    expect(await serverIconNames()).toEqual(['offline-heart'])
    await tab.close()
  })

  test('a tab opened while the server is stopped recovers when it returns', async () => {
    await page.goto('about:blank')
    await app.stop()
    const tab = await browser.context.newPage()
    await tab.goto(vaultUrl())
    await tab.getByTestId('vault').waitFor()
    await expect.poll(() => status(tab).textContent()).toBe('Offline')
    await expect.poll(() => tileNames(tab)).toEqual(['offline-heart'])
    await tab.evaluate(() => {
      ;(window as unknown as { sameDocument: boolean }).sameDocument = true
    })
    await dropFiles(tab, [svg('while-down.svg')])
    await expect.poll(() => status(tab).textContent()).toBe('Offline · 1 change waiting')
    app = await startApp({ port, dataDir, env: { SMTP_URL: smtp.url } })
    await expect.poll(() => status(tab).textContent(), { timeout: 30_000 }).toBe('All saved')
    expect(await serverIconNames()).toEqual(['offline-heart', 'while-down'])
    // Recovered in place: no reload happened.
    expect(await tab.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    )
    await tab.close()
  })

  test('a new version drops the older cache once no tab opened before it is left', async () => {
    // An older version's cache, as its worker left it, holding a file the server no longer has.
    const other = await launchBrowser({ serviceWorkers: 'allow' })
    try {
      const tab = other.page
      const OLD = '/assets/only-in-the-old-version-0ld.js'
      await tab.goto(`${app.baseUrl}/theme-init.js`)
      await tab.evaluate(async (path) => {
        const cache = await caches.open('iconvault-v-0000older')
        await cache.put(
          path,
          new Response('export const old = 1', { headers: { 'content-type': 'text/javascript' } }),
        )
      }, OLD)
      await tab.goto(`${app.baseUrl}/sign-in`)
      await tab.waitForFunction(() => navigator.serviceWorker.controller !== null)
      const cacheNames = () => tab.evaluate(() => caches.keys())
      const fetchOld = () => tab.evaluate(async (path) => (await fetch(path)).status, OLD)
      expect((await cacheNames()).filter((n) => n.startsWith('iconvault-v-')).length).toBe(2)
      expect(await fetchOld()).toBe(200) // the tab open when the new version took over still gets it
      await tab.reload() // no tab of before is left
      await expect.poll(async () => (await cacheNames()).includes('iconvault-v-0000older')).toBe(false)
      expect(await fetchOld()).toBe(404)
      expect((await cacheNames()).filter((n) => n.startsWith('iconvault-v-')).length).toBe(1)
    } finally {
      await other.close()
    }
  })
})
