// Plans in Chromium with the local provider: prices on / and /upgrade -> sign in -> /upgrade ->
// upgrade to gold -> "Pay" on the test-mode checkout -> gold is active at once, with a confirmation
// (Account dialog, no Upgrade item, no upgrade button, the server lets the user create a workspace)
// -> cancel from /icons with a project open, after a confirmation (gold kept until the period ends,
// the same page kept) -> restore; each outcome toasted.
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject } from '../setup/subscribe.ts'

let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
const me = () => page.evaluate(() => fetch('/api/me').then((r) => r.json()))
const toast = (text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text })
const projectId = randomUUID()

const openAccount = async () => {
  await page.getByTestId('settings-menu').click()
  await page.getByRole('menuitem', { name: 'Account' }).click()
  return page.getByRole('dialog', { name: 'Account' })
}

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url, PLAN_PRICE_GOLD: '24.5' } })
  browser = await launchBrowser()
  page = browser.page
  await signIn(page, app, smtp, 'buyer@example.com')
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

describe('buying, canceling and restoring a plan (local provider)', () => {
  test('/upgrade shows the three plans with their prices, free marked, upgrade buttons for pro and gold', async () => {
    await page.goto(`${app.baseUrl}/`)
    await page.getByTestId('plan-gold').getByTestId('plan-price').getByText('$24.50').waitFor()
    await page.getByTestId('plan-pro').getByTestId('plan-price').getByText('$9').waitFor()
    await page.goto(`${app.baseUrl}/upgrade`)
    expect(await page.getByTestId('plan-free').getAttribute('aria-current')).toBe('true')
    // The default prices (common/plans.ts), gold's as this server's environment sets it.
    await page.getByTestId('plan-pro').getByTestId('plan-price').getByText('$9').waitFor()
    await page.getByTestId('plan-gold').getByTestId('plan-price').getByText('$24.50').waitFor()
    await page.getByTestId('plan-free').getByTestId('plan-price').getByText('$0').waitFor()
    await page.getByTestId('plan-gold').getByText('1,000 maker credits per month').waitFor()
    await page.getByTestId('plan-pro').getByText('200 maker credits per month').waitFor()
    await page.getByRole('button', { name: 'Upgrade to Pro' }).waitFor()
    await page.getByRole('button', { name: 'Upgrade to Gold' }).waitFor()
  })

  const launchId = randomUUID()

  test('opened from a project, /upgrade keeps it; Cancel on the checkout goes back there and buys nothing', async () => {
    const created = await page.request.post(`${app.baseUrl}/api/projects/create`, {
      data: { id: launchId, name: 'Launch', description: '', workspace_id: null },
      headers: { origin: app.baseUrl },
    })
    expect(created.ok()).toBe(true)
    await page.goto(`${app.baseUrl}/icons?projectId=${launchId}`)
    await page.getByTestId('upgrade-fab').click()
    await page.waitForURL((u) => u.pathname === '/upgrade' && u.searchParams.get('projectId') === launchId)
    await page.getByTestId('project-picker').getByText('Launch').waitFor()
    await page.getByRole('button', { name: 'Upgrade to Gold' }).click()
    await page.waitForURL((u) => u.pathname === '/billing/checkout')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.waitForURL((u) => u.pathname === '/upgrade' && u.searchParams.get('projectId') === launchId)
    expect((await me()).user).toMatchObject({ plan: 'free', status: null })
  })

  test('upgrade to gold -> test-mode checkout -> Pay -> back to the project it was opened from, gold active at once', async () => {
    await page.getByRole('button', { name: 'Upgrade to Gold' }).click()
    await page.waitForURL((u) => u.pathname === '/billing/checkout' && u.searchParams.has('session'))
    await page.getByTestId('test-mode-notice').waitFor()
    expect(await page.getByTestId('checkout-plan').textContent()).toBe('Gold')
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL((u) => u.pathname === '/icons' && u.searchParams.get('projectId') === launchId)
    await page.getByTestId('project-picker').getByText('Launch').waitFor()
    await toast('Welcome to Gold: your plan is active.').waitFor()
    expect((await me()).user).toMatchObject({ plan: 'gold', status: 'active' })
    // Without reloading: no upgrade button, no Upgrade menu item.
    await page.getByTestId('app-header').waitFor()
    expect(await page.getByTestId('upgrade-fab').count()).toBe(0)
    await page.getByTestId('settings-menu').click()
    await page.getByRole('menuitem', { name: 'Account' }).waitFor()
    expect(await page.getByRole('menuitem', { name: 'Upgrade' }).count()).toBe(0)
    await page.keyboard.press('Escape')
  })

  test('the server grants gold at once: this session may create a workspace', async () => {
    const res = await page.evaluate(() =>
      fetch('/api/workspaces/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: crypto.randomUUID(), name: 'Design Team', description: '' }),
      }).then((r) => r.status),
    )
    expect(res).toBe(200)
  })

  test('Account shows gold active; a confirmed cancel keeps gold until the period ends, and the page', async () => {
    await createProject(page, app.baseUrl, { id: projectId, name: 'Brand icons' })
    const here = `/icons?projectId=${projectId}`
    await page.goto(`${app.baseUrl}${here}`)
    await page.getByTestId('project-picker').getByText('Brand icons').waitFor()
    const account = await openAccount()
    await account.getByText('Gold').waitFor()
    await account.getByText('Active').waitFor()
    await account
      .getByTestId('period-end')
      .getByText(/^Renews on /)
      .waitFor()
    await account.getByRole('button', { name: 'Cancel subscription' }).click()
    // A confirmation first; keeping the plan changes nothing.
    const confirm = page.getByRole('alertdialog', { name: 'Cancel your subscription?' })
    await confirm.getByText(/Your Gold plan stays until /).waitFor()
    await confirm.getByRole('button', { name: 'Keep Gold' }).click()
    await confirm.waitFor({ state: 'detached' })
    expect((await me()).user).toMatchObject({ plan: 'gold', status: 'active' })
    await account.getByRole('button', { name: 'Cancel subscription' }).click()
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click()
    await toast(/^Subscription canceled\. Your Gold plan stays until /).waitFor()
    await account.getByRole('button', { name: 'Restore subscription' }).waitFor()
    await account.getByText('Canceled').waitFor()
    await account
      .getByTestId('period-end')
      .getByText(/^Your plan stays until /)
      .waitFor()
    expect(page.url()).toBe(`${app.baseUrl}${here}`)
    await page.getByTestId('project-picker').getByText('Brand icons').waitFor()
    expect((await me()).user).toMatchObject({ plan: 'gold', status: 'canceled' })
  })

  test('Restore subscription makes it active again', async () => {
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByRole('button', { name: 'Restore subscription' }).click()
    await toast('Subscription restored: your Gold plan renews as before.').waitFor()
    await account.getByRole('button', { name: 'Cancel subscription' }).waitFor()
    await account.getByText('Active').waitFor()
    expect(page.url()).toBe(`${app.baseUrl}/icons?projectId=${projectId}`)
    expect((await me()).user).toMatchObject({ plan: 'gold', status: 'active' })
    await page.keyboard.press('Escape')
    await account.waitFor({ state: 'detached' })
  })

  test('failures toast the server message, or the fallback text when the server has none', async () => {
    // Canceled behind the dialog's back (another tab): the stale "Cancel subscription" is refused.
    const cancel = () =>
      page.evaluate(() =>
        fetch('/api/auth/subscription/cancel', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ returnUrl: '/maker' }),
        }).then((r) => r.status),
      )
    let account = await openAccount()
    await account.getByRole('button', { name: 'Cancel subscription' }).waitFor()
    expect(await cancel()).toBe(200)
    await account.getByRole('button', { name: 'Cancel subscription' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click()
    await page.getByTestId('toast').filter({ hasText: appMessages.noActiveSubscription }).waitFor()
    await page.keyboard.press('Escape')

    // The provider is down: the fallback text (docs/product.md §Toasts).
    await page.route('**/api/auth/subscription/restore', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"Service Unavailable"}',
      }),
    )
    await page.reload()
    account = await openAccount()
    await account.getByRole('button', { name: 'Restore subscription' }).click()
    await page.getByTestId('toast').filter({ hasText: messages.subscriptionRestoreFailed }).waitFor()
    await page.unroute('**/api/auth/subscription/restore')
    await account.getByRole('button', { name: 'Restore subscription' }).click()
    await account.getByRole('button', { name: 'Cancel subscription' }).waitFor()
    expect((await me()).user).toMatchObject({ plan: 'gold', status: 'active' })
  })
})
