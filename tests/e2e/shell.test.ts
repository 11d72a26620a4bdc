// The signed-in shell: header per route, tabs, picker, panels, menus, theme, FAB, error and not-found views.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { messages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'

const email = 'lin@example.com'
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
const cspViolations: string[] = []
const path = () => new URL(page.url()).pathname
const header = () => page.getByTestId('app-header')
const open = async (url: string) => {
  await page.goto(`${app.baseUrl}${url}`)
  await page.waitForLoadState('networkidle')
}

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) cspViolations.push(m.text())
  })
  await signIn(page, app, smtp, email)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

describe('header', () => {
  test.each(['/icons', '/maker', '/info', '/upgrade'])('%s has the 48 px header', async (url) => {
    await open(url)
    const box = await header().boundingBox()
    expect(box?.height).toBe(48)
  })

  test.each(['/', '/legal-documents'])('%s has no header', async (url) => {
    await open(url)
    expect(path()).toBe(url)
    expect(await header().count()).toBe(0)
  })

  test('the landing page offers "Open app" when signed in', async () => {
    await open('/')
    await page.getByTestId('landing-cta').getByText('Open app').waitFor()
  })

  test('tabs carry the selected project id', async () => {
    await open('/icons?projectId=p1')
    const nav = page.getByRole('navigation', { name: 'Main' })
    expect(await nav.getByRole('link', { name: 'Maker' }).getAttribute('href')).toBe('/maker?projectId=p1')
    await nav.getByRole('link', { name: 'Info' }).click()
    await page.waitForURL((u) => u.pathname === '/info' && u.searchParams.get('projectId') === 'p1')
    await open('/icons')
    expect(await nav.getByRole('link', { name: 'Maker' }).getAttribute('href')).toBe('/maker')
  })

  test('the picker shows the personal workspace and no workspace "+ New" for a free user', async () => {
    await open('/icons')
    await page.getByTestId('project-picker').getByText(messages.selectProject).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(messages.personalWorkspace).waitFor()
    await dialog.getByText('No projects yet').waitFor()
    expect(await dialog.getByRole('button', { name: 'New workspace' }).count()).toBe(0)
    await page.keyboard.press('Escape')
  })

  test('the copy-format panel is 500 px wide and lists the five formats', async () => {
    await page.getByTestId('copy-format-button').click()
    const panel = page.getByRole('dialog', { name: 'Copy Format' })
    await panel.waitFor()
    // Measured once the slide-in animation has brought it to its width.
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(500)
    const formats = await panel.getByRole('radio').allTextContents()
    expect(formats.map((f) => f.split('\n')[0]?.trim())).toHaveLength(5)
    for (const label of ['SVG', 'CSS', 'React TS', 'React JS', 'React Native TS']) {
      await panel.getByRole('radio', { name: label, exact: false }).first().waitFor()
    }
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
  })

  test('settings: Account shows e-mail and plan; Documents opens /legal-documents', async () => {
    await page.getByTestId('settings-menu').click()
    await page.getByRole('menuitem', { name: 'Upgrade' }).waitFor()
    await page.getByRole('menuitem', { name: 'Account' }).click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await account.getByText(email).waitFor()
    await account.getByText('Free').waitFor()
    await page.keyboard.press('Escape')
    await account.waitFor({ state: 'detached' })
    await page.getByTestId('settings-menu').click()
    await page.getByRole('menuitem', { name: 'Documents' }).click()
    await page.waitForURL((u) => u.pathname === '/legal-documents')
    await page.getByRole('heading', { name: 'Terms of Service' }).waitFor()
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor()
  })

  test('keyboard: dialogs opened from the picker and the settings menu take focus and give it back', async () => {
    await open('/icons')
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement
        const dialog = el?.closest('[role="dialog"]')
        return dialog ? `in ${dialog.querySelector('h2')?.textContent}` : el?.getAttribute('data-testid')
      })
    await page.getByTestId('project-picker').focus()
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'New project', exact: true }).focus()
    await page.keyboard.press('Enter')
    const create = page.getByRole('dialog', { name: messages.createNewProject })
    await create.waitFor()
    await expect.poll(focused).toBe(`in ${messages.createNewProject}`)
    await page.keyboard.type('Typed by keyboard')
    expect(await create.getByRole('textbox').first().inputValue()).toBe('Typed by keyboard')
    await page.keyboard.press('Escape')
    await create.waitFor({ state: 'detached' })
    await expect.poll(focused).toBe('project-picker')

    await page.getByTestId('settings-menu').focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'Account' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Account' }).waitFor()
    await expect.poll(focused).toBe('in Account')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog', { name: 'Account' }).waitFor({ state: 'detached' })
    await expect.poll(focused).toBe('settings-menu')
  })

  test('a narrow screen gets a menu with the same tabs', async () => {
    await page.setViewportSize({ width: 420, height: 800 })
    await open('/icons')
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('menuitem', { name: 'Maker' }).click()
    await page.waitForURL((u) => u.pathname === '/maker')
    await page.setViewportSize({ width: 1280, height: 800 })
  })
})

describe('views', () => {
  test('/info without a project shows the e-mail and plan', async () => {
    await open('/info')
    const overview = page.getByTestId('info-overview')
    await overview.getByText(email).waitFor()
    await overview.getByText('Free').waitFor()
  })

  test('a free user sees the upgrade button on /icons, /maker and /info, leading to /upgrade', async () => {
    for (const url of ['/icons', '/maker', '/info']) {
      await open(url)
      await page.getByRole('link', { name: 'Upgrade' }).and(page.getByTestId('upgrade-fab')).waitFor()
    }
    await page.getByTestId('upgrade-fab').click()
    await page.waitForURL((u) => u.pathname === '/upgrade')
    expect(await page.getByTestId('upgrade-fab').count()).toBe(0)
    expect(await page.getByTestId('plan-free').getAttribute('aria-current')).toBe('true')
    await page.getByTestId('checkout-note').waitFor()
  })

  test('an unknown path shows Not Found', async () => {
    await open('/no-such-page')
    await page.getByRole('heading', { name: messages.notFound }).waitFor()
  })

  test('an invalid search parameter shows the error view with Show Error / Hide Error', async () => {
    await open('/icons?projectId=123')
    await page.getByText(messages.somethingWentWrong).waitFor()
    const details = page.getByTestId('error-details')
    expect(await details.count()).toBe(0)
    await page.getByRole('button', { name: messages.showError }).click()
    expect(await details.textContent()).toContain('projectId')
    await page.getByRole('button', { name: messages.hideError }).click()
    await details.waitFor({ state: 'detached' })
  })

  test('the theme is dark by default; the toggle persists across reloads', async () => {
    await open('/icons')
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
    expect(await isDark()).toBe(true)
    await page.getByTestId('theme-toggle').click()
    expect(await isDark()).toBe(false)
    await page.reload()
    expect(await isDark()).toBe(false)
    await page.getByTestId('theme-toggle').click()
    await page.reload()
    expect(await isDark()).toBe(true)
  })

  test('the content scrolls back to the top on a route change', async () => {
    await open('/upgrade')
    const scrollTop = () => page.evaluate(() => document.getElementById('main-content')?.scrollTop ?? -1)
    await page.evaluate(() => {
      const main = document.getElementById('main-content')
      const spacer = document.createElement('div')
      spacer.style.height = '4000px'
      main?.append(spacer)
      main?.scrollTo(0, 1500)
    })
    expect(await scrollTop()).toBe(1500)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Maker' }).click()
    await page.waitForURL((u) => u.pathname === '/maker')
    await expect.poll(scrollTop).toBe(0)
  })

  test('a route chunk that fails to load reloads the page once, then shows the error view', async () => {
    await page.route(/\/assets\/maker-[^/]+\.js$/, (route) => route.abort())
    let loads = 0
    const onLoad = () => {
      loads++
    }
    page.on('load', onLoad)
    try {
      await page.goto(`${app.baseUrl}/maker`)
      // The error view is what the second load shows instead of reloading again: its being there,
      // after exactly two loads, is the sign that the page stopped reloading.
      await page.getByText(messages.somethingWentWrong).waitFor()
      await expect.poll(() => loads).toBe(2)
      const seen = await page.evaluate(() => sessionStorage.getItem('iconvault-chunk-reloads') ?? '')
      expect(seen).toContain('dynamically imported module')
    } finally {
      page.off('load', onLoad)
      await page.unroute(/\/assets\/maker-[^/]+\.js$/)
    }
  })

  test('no Content Security Policy violations', () => {
    expect(cspViolations).toEqual([])
  })
})
