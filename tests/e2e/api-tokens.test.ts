// Account → Tokens in Chromium (ADR 0019), at 375 px: a token limited to one project is
// created from the Account dialog, shown once with Copy (the clipboard gets it), works as a bearer
// token on that project only, is listed with when it was last used, and after Revoke and its
// confirmation the next request with it gets 401 token_revoked; the API reference lists the routes.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'

let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page

const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first()
/** A call as a CLI makes it: the token only, no cookie, no Origin. */
const withToken = async (token: string, path: string) => {
  const res = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
  return { status: res.status, body: (await res.json()) as { code?: string } }
}
async function openTokens() {
  await page.getByTestId('settings-menu').click()
  await page.getByRole('menuitem', { name: 'Account' }).click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await account.getByRole('button', { name: appMessages.tokensManage }).click()
  return page.getByRole('dialog', { name: appMessages.tokensTitle })
}

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser({ viewport: { width: 375, height: 740 }, touch: true })
  page = browser.page
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

test('create a token for one project, copy it once, use it, see it used, revoke it', async () => {
  await signIn(page, app, smtp, 'tia@example.com')
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  const alpha = crypto.randomUUID()
  const beta = crypto.randomUUID()
  await createProject(page, app.baseUrl, { id: alpha, name: 'Alpha' })
  await createProject(page, app.baseUrl, { id: beta, name: 'Beta' })
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl })
  await page.goto(`${app.baseUrl}/icons?projectId=${alpha}`)

  let dialog = await openTokens()
  await dialog.getByText(appMessages.tokensEmpty).waitFor()
  await dialog.getByLabel(appMessages.tokenName).fill('CI pull')
  await dialog.getByLabel(appMessages.tokenAllProjects).uncheck()
  await dialog.getByLabel('Alpha · Personal').check()
  await dialog.getByRole('button', { name: appMessages.tokenCreate }).click()
  await dialog.getByText(appMessages.tokenShownOnce).waitFor()
  const token = await dialog.getByTestId('token-value').inputValue()
  expect(token).toMatch(/^ivt_[A-Za-z0-9_-]{43}$/)
  await dialog.getByRole('button', { name: appMessages.tokenCopy }).click()
  await toast(appMessages.tokenCopied).waitFor()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token)
  await dialog.getByRole('button', { name: appMessages.tokenDone }).click()
  // Shown once: gone from the dialog, listed without its secret.
  const row = dialog.getByTestId('token-row').filter({ hasText: 'CI pull' })
  await row.getByText('read · 1 project').waitFor()
  await row.getByText(/never used/).waitFor()
  expect(await dialog.textContent()).not.toContain(token)
  // Fits the phone: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  expect((await withToken(token, `/api/icons?project_id=${alpha}`)).status).toBe(200)
  expect((await withToken(token, `/api/icons?project_id=${beta}`)).status).toBe(404)

  // The Account dialog beneath is dimmed: the Tokens dialog's overlay paints above it (same layer,
  // later in the document).
  const layers = await page.evaluate(() => {
    const account = [...document.querySelectorAll('[role="dialog"]')].find(
      (d) => d.querySelector('h2')?.textContent === 'Account',
    )
    const overlays = [...document.querySelectorAll('[data-state="open"].fixed.inset-0')]
    const top = overlays.at(-1)
    if (!account || !top) return null
    const z = (el: Element) => Number(getComputedStyle(el).zIndex)
    return {
      above: z(top) >= z(account),
      after: Boolean(account.compareDocumentPosition(top) & Node.DOCUMENT_POSITION_FOLLOWING),
    }
  })
  expect(layers).toEqual({ above: true, after: true })

  // Closed and opened again from the Account dialog: the list is asked for again.
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: appMessages.tokensManage })
    .click()
  dialog = page.getByRole('dialog', { name: appMessages.tokensTitle })
  const used = dialog.getByTestId('token-row').filter({ hasText: 'CI pull' })
  await used.getByText(/last used/).waitFor()
  await used.getByRole('button', { name: appMessages.tokenRevokeNamed('CI pull') }).click()
  const confirm = page.getByRole('alertdialog', { name: appMessages.tokenRevokeTitle })
  await confirm.getByRole('button', { name: appMessages.tokenRevoke }).click()
  await toast(appMessages.tokenRevokedNamed('CI pull')).waitFor()
  await dialog.getByText(appMessages.tokensEmpty).waitFor()
  const refused = await withToken(token, `/api/icons?project_id=${alpha}`)
  expect(refused.status).toBe(401)
  expect(refused.body.code).toBe('token_revoked')

  // The API reference, from the same dialog: the routes a token can call, with their error codes.
  await dialog.getByRole('button', { name: appMessages.tokenApiReference }).click()
  const reference = page.getByRole('dialog', { name: appMessages.tokenApiReference })
  const create = reference.getByTestId('api-route').filter({ hasText: '/api/icons/create' }).first()
  await create.getByText('/api/icons/create').click()
  await create.getByText(/token_read_only/).waitFor()
  await create.getByText(/project_id: string/).waitFor()
  expect(await reference.getByTestId('api-route').count()).toBeGreaterThan(20)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
})
