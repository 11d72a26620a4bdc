// A new user's first hour, round two: the place they were heading survives the sign-in,
// and a failing start says so with ways out (Retry, Home, Sign out) instead of a blank page.

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { fetchInPage, launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'

let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page

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

describe('never lose the user’s place', () => {
  const email = 'first-hour@example.com'
  const projectId = '0b6a5a4e-3d1f-4c2a-9a77-1f2e3d4c5b6a'

  test('a signed-out visit to /info?projectId=… lands there after the e-mailed link', async () => {
    await page.goto(`${app.baseUrl}/info?projectId=${projectId}`)
    await page.waitForURL((u) => u.pathname === '/sign-in')
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/info?projectId=${projectId}`)
    await page.getByLabel('E-mail address').fill(email)
    const after = Date.now()
    await page.getByRole('button', { name: 'Send magic link' }).click()
    await page.getByTestId('check-inbox').waitFor()
    const { link } = await smtp.waitForMail(email, { after })
    await page.goto(link!)
    await page.waitForURL((u) => u.pathname === '/info')
    expect(new URL(page.url()).searchParams.get('projectId')).toBe(projectId)
  })

  test('a link asked for from /sign-in itself lands on /icons, whatever was visited before', async () => {
    await page.context().clearCookies()
    await page.goto(`${app.baseUrl}/maker`)
    await page.waitForURL((u) => u.pathname === '/sign-in')
    await signIn(page, app, smtp, email)
    expect(new URL(page.url()).pathname).toBe('/icons')
  })

  test('an address from another site is never followed', async () => {
    await page.context().clearCookies()
    await page.goto(`${app.baseUrl}/sign-in?next=${encodeURIComponent('//evil.example/icons')}`)
    await page.getByLabel('E-mail address').fill(email)
    const after = Date.now()
    await page.getByRole('button', { name: 'Send magic link' }).click()
    await page.getByTestId('check-inbox').waitFor()
    const { link } = await smtp.waitForMail(email, { after })
    await page.goto(link!)
    await page.waitForURL((u) => u.pathname === '/icons')
    expect(new URL(page.url()).origin).toBe(app.baseUrl)
  })
})

describe('a start that fails', () => {
  test('says so within seconds, once, with Retry, Home and Sign out; Retry recovers', async () => {
    let failing = true
    await page.route('**/api/me', (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":"Internal Server Error","code":"internal"}',
          })
        : route.continue(),
    )
    const started = Date.now()
    await page.goto(`${app.baseUrl}/icons`)
    const alert = page.getByRole('alert').filter({ hasText: messages.somethingWentWrong })
    await alert.waitFor()
    // One quick second try, not the default backoff of 7 s.
    expect(Date.now() - started).toBeLessThan(4000)
    for (const name of [appMessages.errorRetry, appMessages.errorSignOut])
      await alert.getByRole('button', { name }).waitFor()
    await alert.getByRole('link', { name: appMessages.errorHome }).waitFor()
    // The view says it; no toast repeats it.
    expect(await page.getByTestId('toast').count()).toBe(0)
    failing = false
    await alert.getByRole('button', { name: appMessages.errorRetry }).click()
    await page.getByTestId('app-header').waitFor()
    await alert.waitFor({ state: 'detached' })
    await page.unroute('**/api/me')
  })
})

describe('a project that is not there, or not on the server yet', () => {
  test('an unknown project says so as soon as the server says so (not after a wait)', async () => {
    // Still signed in from the tests above.
    const started = Date.now()
    const listed = page.waitForResponse(
      (r) => r.url().includes('/api/icons?project_id=') && r.status() === 404,
    )
    await page.goto(`${app.baseUrl}/icons?projectId=${crypto.randomUUID()}`)
    await listed
    // The server's 404 is the signal: the 10 s wait is only for when it cannot be asked.
    await page.getByRole('heading', { name: 'This project is not here' }).waitFor({ timeout: 8000 })
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  test('/icons reopens the project last opened here', async () => {
    const opened = crypto.randomUUID()
    const created = await fetchInPage(page, '/api/projects/create', {
      id: opened,
      name: 'Opened last',
      description: '',
      workspace_id: null,
    })
    expect(created.data?.id).toBe(opened)
    await page.goto(`${app.baseUrl}/icons?projectId=${opened}`)
    await page.getByTestId('project-picker').getByText('Opened last').waitFor()
    await page.evaluate(() => Object.assign(window, { beforeTheLoad: true }))
    // A full load of /icons: the app replaces its URL as it loads, which Playwright reports as the
    // load interrupted by that navigation.
    await page.goto(`${app.baseUrl}/icons`).catch((error: unknown) => {
      if (!/interrupted by another navigation|ERR_ABORTED/.test(String(error))) throw error
    })
    await page.waitForURL((u) => u.pathname === '/icons' && u.searchParams.get('projectId') === opened)
    await page.getByTestId('project-picker').getByText('Opened last').waitFor()
    expect(await page.evaluate(() => 'beforeTheLoad' in window)).toBe(false)

    // A project that is not here offers the way back: the projects there are, each opening.
    await page.goto(`${app.baseUrl}/icons?projectId=${crypto.randomUUID()}`)
    await page.getByRole('heading', { name: 'This project is not here' }).waitFor()
    await page.getByRole('list', { name: 'Projects' }).getByRole('button', { name: 'Opened last' }).click()
    await page.waitForURL((u) => u.searchParams.get('projectId') === opened)
  })

  test('a project created offline shows its empty vault, not a spinner, while offline', async () => {
    await page.goto(`${app.baseUrl}/icons`)
    await page.getByTestId('app-header').waitFor()
    // /icons reopens the last project: the new one is known by its own id and its heading.
    const before = new URL(page.url()).searchParams.get('projectId')
    await page.context().setOffline(true)
    try {
      await page.getByTestId('project-picker').click()
      const popover = page.getByRole('dialog', { name: 'Workspaces and projects' })
      await popover.getByRole('button', { name: 'New project' }).click()
      const dialog = page.getByRole('dialog', { name: messages.createNewProject })
      await dialog.getByLabel(messages.projectName).fill('Made offline')
      await dialog.getByRole('button', { name: 'Create' }).click()
      await page.waitForURL(
        (u) => !!u.searchParams.get('projectId') && u.searchParams.get('projectId') !== before,
      )
      await page.getByRole('heading', { name: 'Icons of Made offline' }).waitFor()
      await page.getByTestId('empty-vault').waitFor()
      expect(await page.getByTestId('vault-loading').count()).toBe(0)
    } finally {
      await page.context().setOffline(false)
    }
  })
})
