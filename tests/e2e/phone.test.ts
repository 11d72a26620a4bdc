// A phone (375×812): every route, signed out, signed in free and as a gold workspace admin with a
// project open, fits the screen without sideways scrolling, and the header's controls stay
// reachable (the tabs and admin actions in the menu, Account, Sign out and the theme in Settings);
// signing out from there leaves no request behind that the server refuses.
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { messages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'

const WIDTH = 375
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser({ viewport: { width: WIDTH, height: 812 } })
  page = browser.page
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

/** Opens `url` once its content has painted and reports how wide the document scrolls. */
async function scrollWidthOf(url: string, ready: () => Promise<unknown>) {
  await page.goto(`${app.baseUrl}${url}`)
  await ready()
  await page.waitForFunction(() => !document.getElementById('splash'))
  return page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY)
}

const header = () => page.getByTestId('app-header')

/** Each route fits 375 px; the signed-in ones show the header with its menu and settings on screen. */
async function expectRoutesFit(urls: string[], signedIn: boolean) {
  const wide: string[] = []
  for (const url of urls) {
    const ready = signedIn ? () => header().waitFor() : () => page.locator('main, h1').first().waitFor()
    const width = await scrollWidthOf(url, ready)
    if (width > WIDTH) wide.push(`${url}: ${width} px`)
    if (signedIn) {
      // The menus load after the content painted (ADR 0406): measure them, not their placeholders.
      await header().locator('[aria-disabled="true"]').first().waitFor({ state: 'detached' })
      for (const id of ['mobile-menu', 'settings-menu', 'project-picker']) {
        const box = await page.getByTestId(id).boundingBox()
        if (!box || box.x < 0 || box.x + box.width > WIDTH) wide.push(`${url}: ${id} off screen`)
      }
    }
  }
  expect(wide).toEqual([])
}

/** Settings opens a menu with Account, Sign out and the theme switch, which works. */
async function expectSettingsReachable() {
  await page.getByTestId('settings-menu').click()
  await page.getByRole('menuitem', { name: 'Account' }).waitFor()
  await page.getByRole('menuitem', { name: 'Sign out' }).waitFor()
  const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
  const before = await isDark()
  await page.getByTestId('theme-menu-item').click()
  await expect.poll(isDark).toBe(!before)
  await page.getByTestId('settings-menu').click()
  await page.getByTestId('theme-menu-item').click()
  await expect.poll(isDark).toBe(before)
}

test('signed out, signed in and as a workspace admin with a project open, every screen fits 375 px', async () => {
  await expectRoutesFit(['/', '/sign-in', '/verify-identity?token=nope'], false)

  await signIn(page, app, smtp, 'phoebe@example.com')
  await expectRoutesFit(
    ['/icons', '/maker', '/info', '/upgrade', '/billing/checkout?session=x', '/nowhere'],
    true,
  )
  await expectRoutesFit(['/', '/legal-documents'], false) // headerless pages
  await page.goto(`${app.baseUrl}/icons`)
  await header().waitFor()
  await expectSettingsReachable()
  await page.getByTestId('mobile-menu').click()
  await page.getByRole('menuitem', { name: 'Maker' }).click()
  await page.waitForURL((u) => u.pathname === '/maker')

  // A gold owner of a workspace with a long name, a project of it open: the longest header.
  expect(await subscribe(page, app.baseUrl, 'gold')).toBe(true)
  const workspaceId = randomUUID()
  const res = await page.request.post(`${app.baseUrl}/api/workspaces/create`, {
    data: { id: workspaceId, name: 'Design Team Workspace of Everyone' },
    headers: { origin: app.baseUrl },
  })
  expect(res.ok()).toBe(true)
  const projectId = randomUUID()
  await createProject(page, app.baseUrl, {
    id: projectId,
    name: 'Marketing website icons',
    workspace_id: workspaceId,
  })
  const withProject = ['/icons', '/maker', '/info'].map((p) => `${p}?projectId=${projectId}`)
  await expectRoutesFit(withProject, true)
  await page.getByTestId('project-picker').getByText('Marketing website icons').waitFor()
  await expectSettingsReachable()

  // The admin actions sit in the menu; one opens its dialog with focus inside.
  await page.getByTestId('mobile-menu').click()
  await page.getByRole('menuitem', { name: messages.manageWorkspace }).waitFor()
  await page.getByRole('menuitem', { name: messages.inviteToWorkspace }).click()
  const invite = page.getByTestId('invite-dialog')
  await invite.waitFor()
  await expect.poll(() => invite.evaluate((d) => d.contains(document.activeElement))).toBe(true)
  const box = await invite.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= WIDTH).toBe(true)
  await page.keyboard.press('Escape')
  await invite.waitFor({ state: 'detached' })
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe('mobile-menu')

  // Sign out from the settings menu: nothing of the signed-in app asks the server afterwards (401).
  const refused: string[] = []
  page.on('response', (r) => {
    if (r.status() === 401) refused.push(new URL(r.url()).pathname)
  })
  await page.getByTestId('settings-menu').click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await page.waitForURL((u) => u.pathname === '/sign-in')
  await page.getByRole('button', { name: 'Send magic link' }).waitFor()
  await page.waitForLoadState('networkidle')
  expect(refused).toEqual([])
})
