// Accessibility in Chromium with axe-core (WCAG 2.0/2.1/2.2 A and AA rules and axe's best practices:
// landmarks, heading order): every page (signed out and in, the vault empty and full, its panels and
// dialogs, each maker tab and the code editor, upgrade and checkout), each audited in the dark and in
// the light theme. Any violation, whatever its impact, fails its test (rule, impact and targets in
// the message). Then the keyboard on /icons: Tab reaches the header, the toolbar, the grid and the
// selection's bar in order with a visible focus style, never drops onto the page body (after a
// dialog, the panel, a menu, a deleted tile), and selecting with Shift/Ctrl never copies.
// axe runs through tests/setup/axe.ts (shared with the phone's test).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { auditBothThemes } from '../setup/axe.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'

const EMAIL = 'ada@example.com'
const fixture = (name: string) => readFileSync(new URL(`../fixtures/upload/${name}`, import.meta.url), 'utf8')

let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
const projectId = crypto.randomUUID()
const iconIds: string[] = []

const tiles = () => page.getByTestId('icon-tile')
const audit = (screen: string) => auditBothThemes(page, screen)

const expectClean = (found: string[]) =>
  expect.soft(found, `axe found violations:\n${found.join('\n')}`).toEqual([])

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  await page.goto(`${app.baseUrl}/sign-in`)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

/** Opens `url` signed out or in, waits for `ready` and the splash to go, and audits it. */
async function auditPage(url: string, ready: () => Promise<unknown>, screen = url) {
  await page.goto(`${app.baseUrl}${url}`)
  await ready()
  await page.waitForFunction(() => !document.getElementById('splash'))
  await page.waitForLoadState('networkidle')
  return audit(screen)
}

describe('axe: no WCAG violation', () => {
  test('signed out: landing, legal documents, verify identity, sign-in', async () => {
    const found = [
      ...(await auditPage('/', () => page.getByTestId('landing-cta').waitFor())),
      ...(await auditPage('/legal-documents', () => page.getByRole('heading').first().waitFor())),
      ...(await auditPage('/verify-identity?token=nope', () => page.getByRole('heading').first().waitFor())),
      ...(await auditPage('/sign-in', () => page.getByLabel('E-mail address').waitFor())),
    ]
    expectClean(found)
  })

  test('/icons of an empty project, then the landing and legal pages signed in', async () => {
    await signIn(page, app, smtp, EMAIL)
    expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
    await createProject(page, app.baseUrl, { id: projectId, name: 'Marketing Site', description: 'Icons' })
    const found = [
      ...(await auditPage(
        `/icons?projectId=${projectId}`,
        () => page.getByTestId('empty-vault').waitFor(),
        '/icons empty',
      )),
      ...(await auditPage('/', () => page.getByTestId('landing-cta').waitFor(), '/ signed in')),
      ...(await auditPage(
        '/legal-documents',
        () => page.getByRole('heading').first().waitFor(),
        '/legal-documents signed in',
      )),
    ]
    for (const [name, file] of [
      ['home', 'home.svg'],
      ['bell', 'bell.svg'],
      ['Star Burst', 'star-gradient.svg'],
    ]) {
      const res = await page.request.post(`${app.baseUrl}/api/icons/create`, {
        data: {
          id: iconIds[iconIds.push(crypto.randomUUID()) - 1],
          name,
          svg: fixture(file!),
          project_id: projectId,
          workspace_id: null,
        },
        headers: { origin: app.baseUrl },
      })
      expect(res.ok()).toBe(true)
    }
    expectClean(found)
  })

  test('/icons: toolbar and grid', async () => {
    await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    await expect.poll(() => tiles().count()).toBe(3)
    expectClean(await audit('/icons'))
    // SCREENSHOTS=<dir>: the grid with a tile hovered (its selection box and info button shown).
    if (process.env.SCREENSHOTS) {
      await tiles().nth(0).hover()
      await page.screenshot({ path: join(process.env.SCREENSHOTS, 'icons-1280.png') })
    }
  })

  test('/icons: the detail panel', async () => {
    await tiles().filter({ hasText: 'home' }).dblclick()
    await page.getByTestId('icon-detail').waitFor()
    expectClean(await audit('/icons detail panel'))
    await page.keyboard.press('Escape')
    await page.getByTestId('icon-detail').waitFor({ state: 'detached' })
  })

  test('a leaving toast (aria-hidden while it fades) cannot take focus', async () => {
    // A double click opens the detail panel and copies the icon (a toast says so, and stays while the
    // pointer is on it): dismiss it, then look within the 500 ms it stays in the DOM hidden (axe
    // flagged its focusable dismiss button: aria-hidden-focus). Its own toast: the one of the test
    // before may have left already on a busy machine.
    await tiles().filter({ hasText: 'home' }).dblclick()
    await page.getByTestId('icon-detail').waitFor()
    const shown = page.locator('[data-testid="toast"][data-state="visible"]').first()
    await shown.hover()
    await shown.getByRole('button', { name: 'Dismiss notification' }).click()
    const focusable = await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>(
        '[data-testid="toast"][data-state="hidden"] button',
      )
      if (!button)
        return 'gone'
        // The click focused this very button; the browser moves focus out of an inert subtree only at
        // its next rendering update, so start from the body to ask the question itself.
      ;(document.activeElement as HTMLElement | null)?.blur()
      button.focus()
      return document.activeElement === button
    })
    expect(focusable).toBe(false)
    await page.keyboard.press('Escape')
    await page.getByTestId('icon-detail').waitFor({ state: 'detached' })
  })

  test('/icons: the Copy Format panel', async () => {
    await page.getByTestId('copy-format-button').click()
    const panel = page.getByRole('dialog', { name: 'Copy Format' })
    await panel.waitFor()
    expectClean(await audit('/icons Copy Format panel'))
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
  })

  test('/icons: the settings menu and the project picker open', async () => {
    await page.getByTestId('settings-menu').click()
    await page.getByRole('menu').waitFor()
    const found = await audit('/icons settings menu')
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })
    await page.getByTestId('project-picker').click()
    const picker = page.getByRole('dialog', { name: 'Workspaces and projects' })
    await picker.waitFor()
    found.push(...(await audit('/icons project picker')))
    await page.keyboard.press('Escape')
    await picker.waitFor({ state: 'detached' })
    expectClean(found)
  })

  test('/icons: a bulk selection and the delete confirmation', async () => {
    await page.keyboard.press('Escape')
    await tiles()
      .nth(0)
      .click({ modifiers: ['ControlOrMeta'] })
    await tiles()
      .nth(1)
      .click({ modifiers: ['ControlOrMeta'] })
    await page.getByTestId('bulk-bar').waitFor()
    expectClean(await audit('/icons bulk bar'))
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete…' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.waitFor()
    expectClean(await audit('/icons delete confirmation'))
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await confirm.waitFor({ state: 'detached' })
    await page.keyboard.press('Escape')
  })

  test('/info of a project and /info without one', async () => {
    await page.goto(`${app.baseUrl}/info?projectId=${projectId}`)
    await page.getByTestId('project-card').getByRole('heading', { name: 'Marketing Site' }).waitFor()
    await page.getByTestId('contributors').getByText(EMAIL).waitFor()
    expectClean(await audit('/info?projectId'))
    await page.goto(`${app.baseUrl}/info`)
    await page.getByText('Marketing Site').first().waitFor()
    expectClean(await audit('/info'))
  })

  test('/maker: each source tab, and the code editor holding an icon', async () => {
    const found = await auditPage(`/maker?projectId=${projectId}`, () =>
      page.getByTestId('maker-page').waitFor(),
    )
    for (const tab of ['Vault', 'Library', 'Trace', 'AI', 'Code']) {
      await page.getByRole('tab', { name: tab }).click()
      await page.getByRole('tabpanel').waitFor()
      await page.waitForLoadState('networkidle')
      found.push(...(await audit(`/maker ${tab} tab`)))
    }
    found.push(
      ...(await auditPage(
        `/maker?projectId=${projectId}&iconId=${iconIds[0]}`,
        () =>
          page.waitForFunction(() => document.querySelector('.cm-content')?.textContent?.includes('<svg')),
        '/maker code editor',
      )),
    )
    expectClean(found)
  })

  test('/upgrade and the checkout page', async () => {
    const found = [
      ...(await auditPage('/upgrade', () => page.getByRole('heading').first().waitFor())),
      ...(await auditPage('/billing/checkout?session=x', () => page.getByRole('heading').first().waitFor())),
    ]
    expectClean(found)
  })
})

describe('keyboard on /icons', () => {
  test('the theme switch flips the theme', async () => {
    await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    await expect.poll(() => tiles().count()).toBe(3)
    const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'))
    const before = await dark()
    await page.getByTestId('theme-toggle').click()
    expect(await dark()).toBe(!before)
    await page.getByTestId('theme-toggle').click()
    expect(await dark()).toBe(before)
  })

  test('a control reached by Tab before its code arrived keeps the focus when it does', async () => {
    // The toolbar's selects load Radix Select after the first paint (ADR 0406): hold that chunk
    // until the keyboard is on a placeholder, as a slow machine or network would.
    const chunk = /\/assets\/select-[\w-]+\.js$/
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(chunk, async (route) => {
      await held
      await route.continue()
    })
    try {
      await page.reload()
      await expect.poll(() => tiles().count()).toBe(3)
      const sort = page.getByTestId('sort-select')
      await page.getByTestId('status-filter').focus()
      await page.keyboard.press('Tab')
      expect(await sort.getAttribute('aria-disabled')).toBe('true') // still the placeholder
      expect(await sort.evaluate((el) => el === document.activeElement)).toBe(true)
      release()
      // The real trigger (no aria-disabled) has the focus, and Tab goes on from it.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const el = document.activeElement
            return el?.getAttribute('data-testid') === 'sort-select' && !el.hasAttribute('aria-disabled')
          }),
        )
        .toBe(true)
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('tile-size')
    } finally {
      release()
      await page.unroute(chunk)
    }
  })

  test('Tab reaches the header, the toolbar and the grid in order, with a visible focus style', async () => {
    await page.reload()
    await expect.poll(() => tiles().count()).toBe(3)
    const seen: { name: string; visible: boolean }[] = []
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        if (!el || el === document.body) return null
        const style = getComputedStyle(el)
        const visible =
          el.matches(':focus-visible') &&
          ((style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
            style.boxShadow !== 'none')
        const name =
          el.getAttribute('data-testid') ??
          el.getAttribute('aria-label') ??
          (el.textContent ?? '').trim().slice(0, 40)
        return { name, visible }
      })
      if (!focused) {
        seen.push({ name: '(page body)', visible: true }) // a dropped focus shows in the failure's order
        continue
      }
      seen.push(focused)
      if (focused.name === 'icon-tile') break
    }
    const names = seen.map((s) => s.name)
    const order = [
      'Iconvault home',
      'theme-toggle',
      'Search icons by name, tag or meaning',
      'status-filter',
      'sort-select',
      'Add SVG files',
      'icon-tile',
    ]
    const positions = order.map((name) => names.indexOf(name))
    expect(positions, `focus order: ${names.join(' → ')}`).not.toContain(-1)
    expect(positions, `focus order: ${names.join(' → ')}`).toEqual([...positions].sort((a, b) => a - b))
    const invisible = seen.filter((s) => !s.visible).map((s) => s.name)
    expect(invisible, 'focused without a visible focus style').toEqual([])
  })

  /** What has focus: a short name, or 'body' when nothing has it (or a removed element had it). */
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      if (!el || el === document.body || !el.isConnected) return 'body'
      return (
        el.getAttribute('data-testid') ??
        el.getAttribute('aria-label') ??
        (el.textContent ?? '').trim().slice(0, 40)
      )
    })
  const inBulkBar = () =>
    page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="bulk-bar"]')))

  test('selecting with Shift or Ctrl (click or arrows) never copies; a plain click does', async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl })
    await page.reload()
    await expect.poll(() => tiles().count()).toBe(3)
    // Every write to the clipboard, in order.
    await page.evaluate(() => {
      const w = window as unknown as { writes: string[] }
      w.writes = []
      const clip = navigator.clipboard
      const write = clip.write.bind(clip)
      const writeText = clip.writeText.bind(clip)
      clip.write = (items) => {
        w.writes.push('write')
        return write(items)
      }
      clip.writeText = (text) => {
        w.writes.push(text)
        return writeText(text)
      }
    })
    const writes = () => page.evaluate(() => (window as unknown as { writes: string[] }).writes.length)
    await tiles()
      .nth(0)
      .click({ modifiers: ['ControlOrMeta'] })
    await tiles()
      .nth(2)
      .click({ modifiers: ['Shift'] })
    await page.keyboard.press('Shift+ArrowLeft')
    await page.keyboard.press('ControlOrMeta+ArrowRight')
    await page.keyboard.press('Space')
    await page.getByTestId('bulk-bar').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('bulk-bar').waitFor({ state: 'detached' })
    // Then a plain click copies: the first and only write, its toast says whose.
    await tiles().filter({ hasText: 'bell' }).click()
    await page.getByText('Copied bell').first().waitFor()
    expect(await writes()).toBe(1)
  })

  test('the bulk bar follows the grid in tab order', async () => {
    await tiles()
      .nth(0)
      .click({ modifiers: ['ControlOrMeta'] })
    await tiles()
      .nth(1)
      .click({ modifiers: ['ControlOrMeta'] })
    await page.getByTestId('bulk-bar').waitFor()
    await tiles().nth(1).focus()
    await page.keyboard.press('Tab')
    await expect.poll(inBulkBar).toBe(true)
    await page.keyboard.press('Shift+Tab')
    expect(await focused()).toBe('icon-tile')
  })

  test('Tab never drops onto the page body: after a dialog, the detail panel, a menu, a deleted tile', async () => {
    const tabStaysOnPage = async (after: string) => {
      await expect.poll(focused, { message: `focus after ${after}` }).not.toBe('body')
      await page.keyboard.press('Tab')
      expect(await focused(), `Tab after ${after}`).not.toBe('body')
    }
    // The delete confirmation, cancelled: back on its button in the bar.
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete…' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
    await tabStaysOnPage('cancelling the delete confirmation')
    // The detail panel, closed with Escape.
    await page.keyboard.press('Escape')
    await tiles().nth(0).focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('icon-detail').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('icon-detail').waitFor({ state: 'detached' })
    await tabStaysOnPage('closing the detail panel')
    // The settings menu, closed with Escape.
    await page.getByTestId('settings-menu').focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menu').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('menu').waitFor({ state: 'detached' })
    await tabStaysOnPage('closing the settings menu')
    // The focused tile deleted with the Delete key (after its confirmation): focus stays in the grid.
    // Each key waits for what the one before it did (a busy machine may re-render in between).
    const bell = tiles().filter({ hasText: 'bell' })
    // Focused until it holds: a busy machine may still be settling the menu's own focus return.
    await expect
      .poll(async () => {
        await bell.focus()
        return bell.evaluate((el) => el === document.activeElement)
      })
      .toBe(true)
    if ((await bell.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('Space')
    await expect.poll(() => bell.getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('Delete')
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Delete/ })
      .click()
    await expect.poll(() => tiles().count()).toBe(2)
    await tabStaysOnPage('deleting the focused tile')
    // A selection deleted from the bar: the bar goes, focus does not.
    await tiles()
      .nth(0)
      .click({ modifiers: ['ControlOrMeta'] })
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete…' }).click()
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /^Delete/ })
      .click()
    await expect.poll(() => tiles().count()).toBe(1)
    await tabStaysOnPage('deleting the selection from the bulk bar')
  })
})
