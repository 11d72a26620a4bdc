// Account → Tokens' Iconify prefixes in Chromium at 375 px (ADR 0021): the admin of a workspace the user
// joined renames an older project of theirs to the prefix of the user's personal project; the dialog
// recommends a project-limited token for web pages where a token is made, lists the prefix with the
// project answering it (the user's own) and a warning that it is shared; the user chooses the other
// project with the keyboard alone, and the prefix is chosen, the warning gone, and the Iconify endpoint
// answers that project. No sideways scrolling, and axe finds nothing in either theme.
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { appMessages, iconifyMessages as m } from '../../common/messages.ts'
import { signInApi } from '../setup/api-user.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { auditBothThemes } from '../setup/axe.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'

let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page

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

/** The workspace admin, through the API only: a gold plan by the local checkout, then their calls. */
async function admin(email: string) {
  const cookie = await signInApi(app.baseUrl, smtp, email)
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      headers: { cookie, origin: app.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`)
    return ((await res.json()) as { data?: { id?: string; url?: string } }).data ?? {}
  }
  const upgrade = (await (
    await fetch(`${app.baseUrl}/api/auth/subscription/upgrade`, {
      method: 'POST',
      headers: { cookie, origin: app.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'gold', successUrl: '/maker', cancelUrl: '/upgrade' }),
    })
  ).json()) as { url: string }
  await call('/api/billing/checkout/complete', {
    session: new URL(upgrade.url, app.baseUrl).searchParams.get('session'),
  })
  return call
}

test('a shared prefix is shown with what answers it, and the user chooses the project by keyboard', async () => {
  const workspaceId = randomUUID()
  const older = randomUUID()
  const mallory = await admin('mallory@example.com')
  await mallory('/api/workspaces/create', { id: workspaceId, name: 'Mallory Inc' })
  await mallory('/api/projects/create', {
    id: older,
    name: 'Old stuff',
    description: '',
    workspace_id: workspaceId,
  })

  await signIn(page, app, smtp, 'vera@example.com')
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  const mine = randomUUID()
  await createProject(page, app.baseUrl, { id: mine, name: 'Brand icons' })
  const invitation = await mallory('/api/workspaces/invite-user', { workspaceId, email: 'vera@example.com' })
  const accepted = await page.request.post(`${app.baseUrl}/api/workspaces/accept-invitation`, {
    data: { invitationId: invitation.id },
    headers: { origin: app.baseUrl },
  })
  expect(accepted.ok()).toBe(true)
  await mallory('/api/projects/update', {
    id: older,
    name: 'Old stuff',
    description: '',
    iconify_prefix: 'brand-icons',
  })

  await page.goto(`${app.baseUrl}/icons?projectId=${mine}`)
  await page.getByTestId('settings-menu').click()
  await page.getByRole('menuitem', { name: 'Account' }).click()
  await page
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: appMessages.tokensManage })
    .click()
  const dialog = page.getByRole('dialog', { name: appMessages.tokensTitle })
  // Where a token is made: a web page's token is best limited to its projects.
  await dialog.getByText(m.tokenForPages).waitFor()
  await dialog.getByLabel(appMessages.tokenName).fill('Site')
  await dialog.getByRole('button', { name: appMessages.tokenCreate }).click()
  const token = await dialog.getByTestId('token-value').inputValue()
  await dialog.getByRole('button', { name: appMessages.tokenDone }).click()

  const prefixes = dialog.getByRole('region', { name: m.prefixesTitle })
  const row = prefixes.getByTestId('token-prefix').filter({ hasText: 'brand-icons' })
  const choice = row.getByRole('combobox', { name: m.prefixChoose('brand-icons') })
  await expect.poll(() => choice.textContent()).toBe(m.prefixAnswers('Brand icons · Personal'))
  await row.getByText(m.prefixAmbiguous(2)).waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  expect(await auditBothThemes(page, 'tokens with a shared prefix')).toEqual([])

  // Keyboard only: focus the select, open it, move to the other project, choose it.
  await choice.focus()
  await page.keyboard.press('Enter')
  const other = page.getByRole('option', { name: m.prefixAnswers('Old stuff · Mallory Inc') })
  await other.waitFor()
  await page.keyboard.press('ArrowDown')
  await expect.poll(() => other.getAttribute('data-highlighted')).toBe('')
  await page.keyboard.press('Enter')
  await page
    .getByTestId('toast')
    .filter({ hasText: m.prefixPinned('brand-icons', 'Old stuff · Mallory Inc') })
    .first()
    .waitFor()
  await row.getByText(m.prefixChosen).waitFor()
  await expect.poll(() => row.getByText(m.prefixAmbiguous(2)).count()).toBe(0)
  await expect.poll(() => choice.textContent()).toBe(m.prefixAnswers('Old stuff · Mallory Inc'))

  const collections = (await (
    await fetch(`${app.baseUrl}/api/iconify/${token}/collections`)
  ).json()) as Record<string, { name: string; ambiguous?: boolean }>
  expect(collections['brand-icons']).toMatchObject({ name: 'Old stuff' })
  expect(collections['brand-icons']?.ambiguous).toBeUndefined()
})
