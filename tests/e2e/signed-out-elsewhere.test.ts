// A session that ends on another device ends here too (ADR 0012), in Chromium against the real
// server: a phone (375 px) idle on its vault is signed out within 5 s of the account being deleted
// from the desktop, told why on /sign-in, its local copy (IndexedDB) and remembered places gone; a
// laptop (1280 px) that was offline while another device revoked its session is signed out within
// 5 s of coming back, told why, its local copy gone; a device with no page open at the time drops
// its local copy at its next visit.
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { signInApi } from '../setup/api-user.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'

let smtp: TestSmtp
let app: AppProcess
const browsers: TestBrowser[] = []

const svg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n * 4} 2h3v${6 + n}h-3z"/></svg>`

/** A POST of the other device (its own session cookie, the app's Origin). */
const fromDesktop = (cookie: string, path: string) =>
  fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, origin: app.baseUrl, 'content-type': 'application/json' },
    body: '{}',
  })

/** Signs in on `page`, with a personal project of three icons open in the vault. */
async function openVault(page: Page, email: string) {
  await signIn(page, app, smtp, email)
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  const projectId = randomUUID()
  await createProject(page, app.baseUrl, { id: projectId, name: 'Pocket' })
  for (const n of [0, 1, 2]) {
    const res = await page.request.post(`${app.baseUrl}/api/icons/create`, {
      data: { id: randomUUID(), name: `mark-${n}`, svg: svg(n), project_id: projectId, workspace_id: null },
      headers: { origin: app.baseUrl },
    })
    expect(res.ok()).toBe(true)
  }
  await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
  await expect.poll(() => page.getByTestId('icon-tile').count()).toBe(3)
  await expect.poll(() => page.getByTestId('sync-status').textContent()).toBe('All saved')
}

/** What the browser still keeps: its IndexedDB databases and the app's per-user localStorage keys. */
const kept = (page: Page) =>
  page.evaluate(async () => ({
    databases: (await indexedDB.databases()).map((d) => d.name),
    places: Object.keys(localStorage).filter((k) => /^iconvault-(workspace|last-project):/.test(k)),
  }))

/** Waits for /sign-in with the notice, and answers how long it took from `since`. */
async function signedOut(page: Page, reason: string | RegExp, since: number) {
  const notice = page.getByTestId('signed-out-notice')
  await notice.getByText(reason).waitFor({ timeout: 15_000 })
  const took = Date.now() - since
  expect(new URL(page.url()).pathname).toBe('/sign-in')
  await notice.getByText(appMessages.signedOutCleared).waitFor()
  await expect.poll(() => kept(page)).toEqual({ databases: [], places: [] })
  return took
}

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
})

afterAll(async () => {
  for (const b of browsers) await b.close()
  await app?.stop()
  await smtp?.close()
})

test('an account deleted on the desktop signs its idle phone out within 5 s, saying why', async () => {
  const phone = await launchBrowser({ viewport: { width: 375, height: 812 }, touch: true })
  browsers.push(phone)
  await openVault(phone.page, 'leaving@example.com')
  expect((await kept(phone.page)).databases).toContain('Iconvault')
  const desktop = await signInApi(app.baseUrl, smtp, 'leaving@example.com')

  const deleted = await fromDesktop(desktop, '/api/auth/delete-user')
  expect(deleted.status).toBe(200)
  const took = await signedOut(phone.page, appMessages.signedOutWhy['account-deleted'], Date.now())
  await phone.page.screenshot({ path: '/tmp/signed-out-deleted-375.png' })
  expect(took).toBeLessThan(5000)
})

test('a laptop offline while its session was revoked is signed out within 5 s of coming back', async () => {
  const laptop = await launchBrowser()
  browsers.push(laptop)
  await openVault(laptop.page, 'revoked@example.com')
  const desktop = await signInApi(app.baseUrl, smtp, 'revoked@example.com')

  await laptop.context.setOffline(true)
  await expect.poll(() => laptop.page.getByTestId('sync-status').textContent()).toMatch(/^Offline/)
  expect((await fromDesktop(desktop, '/api/auth/revoke-other-sessions')).status).toBe(200)
  await laptop.context.setOffline(false)
  // Back online it learns at once: from the stream, which says the session was ended from another
  // device (a connection open before going offline may hear it first), or from its first call,
  // refused (401) since nobody is signed in here any more.
  const why = appMessages.signedOutWhy
  const either = new RegExp(
    `^(${[why.revoked, why.ended].map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`,
  )
  const took = await signedOut(laptop.page, either, Date.now())
  await laptop.page.screenshot({ path: '/tmp/signed-out-revoked-1280.png' })
  expect(took).toBeLessThan(5000)
})

test('a device with no page open when its account was deleted drops its local copy at the next visit', async () => {
  const tablet = await launchBrowser()
  browsers.push(tablet)
  await openVault(tablet.page, 'away@example.com')
  await tablet.page.goto('about:blank')
  // Deleted with this browser's cookie, no page of the app open (as from a closed tab's session).
  const deleted = await tablet.page.request.post(`${app.baseUrl}/api/auth/delete-user`, {
    data: {},
    headers: { origin: app.baseUrl },
  })
  expect(deleted.status()).toBe(200)
  await tablet.page.goto(`${app.baseUrl}/icons`)
  await tablet.page.waitForURL((url) => url.pathname === '/sign-in')
  await expect.poll(() => kept(tablet.page)).toEqual({ databases: [], places: [] })
})
