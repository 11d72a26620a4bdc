// A phone's touch screen (375×812, coarse pointer), one signed-in page throughout:
// as a free user the upgrade button covers no control at rest and steps aside for a dialog and a
// toast; as a gold owner of a long-named workspace the picker shows the project's whole name (the
// workspace truncates first), the tiles' info buttons cover no name, there is no "/" search hint,
// the mobile menu marks the current tab, and a long e-mail in Manage Workspace is readable whole.
// axe finds no violation on the phone's screens either (both themes).
// SCREENSHOTS=<dir> saves what it looked at.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { messages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { auditBothThemes } from '../setup/axe.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'

const WIDTH = 375
const EMAIL = 'phoebe.longname-designer@acme-design-team.example.com'
const fixture = (name: string) => readFileSync(new URL(`../fixtures/upload/${name}`, import.meta.url), 'utf8')
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser({ touch: true, viewport: { width: WIDTH, height: 812 } })
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl })
  page = browser.page
  await signIn(page, app, smtp, EMAIL)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

const shoot = async (name: string) => {
  const dir = process.env.SCREENSHOTS
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`) })
}

const fab = () => page.getByTestId('upgrade-fab')
/** axe's findings on the phone, both themes (tests/setup/axe.ts), checked at the end of each test. */
const found: string[] = []
const audit = async (screen: string) => found.push(...(await auditBothThemes(page, `${screen} at 375 px`)))
const expectClean = () => {
  const list = found.splice(0)
  expect(list, `axe found violations:\n${list.join('\n')}`).toEqual([])
}

/** Controls and errors on screen under the upgrade button (none when it is not shown). */
const underFab = () =>
  page.evaluate(() => {
    const button = document.querySelector('[data-testid="upgrade-fab"]')
    if (!button) return []
    const f = button.getBoundingClientRect()
    const selector = 'button, a, input, select, textarea, [role="alert"], [role="gridcell"], [tabindex="0"]'
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => el !== button && !button.contains(el) && el.checkVisibility())
      .filter((el) => {
        const r = el.getBoundingClientRect()
        return r.width > 0 && r.left < f.right && r.right > f.left && r.top < f.bottom && r.bottom > f.top
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName)
  })

/** Scrolls the content to its end: whatever rests there is above the upgrade button. */
const scrollToEnd = () =>
  page.evaluate(() => {
    const main = document.querySelector('main')
    main?.scrollTo({ top: main.scrollHeight, behavior: 'instant' })
  })

test('free: the upgrade button covers no control, and gives way to a dialog and a toast', async () => {
  await page.goto(`${app.baseUrl}/maker`)
  await page.getByTestId('maker-page').waitFor()
  await page.getByRole('button', { name: 'Paste SVG code' }).click()
  await page.getByTestId('svg-source').click()
  await page.keyboard.insertText(fixture('heart.svg'))
  await page.getByTestId('preview-large').waitFor()
  await fab().waitFor()
  expect(await underFab()).toEqual([])
  await scrollToEnd()
  await shoot('maker-end')
  expect(await underFab()).toEqual([])
  await audit('/maker')
  await page.getByRole('button', { name: 'SVG', exact: true }).click()
  await page.getByTestId('toast').first().waitFor()
  await shoot('maker-toast')
  await fab().waitFor({ state: 'detached' })
  await page.getByTestId('toast').getByRole('button', { name: 'Dismiss notification' }).first().click()
  await fab().waitFor()
  await page.getByTestId('settings-menu').click()
  await page.getByRole('menuitem', { name: 'Account' }).click()
  await page.getByRole('dialog').waitFor()
  await fab().waitFor({ state: 'detached' })
  await page.keyboard.press('Escape')
  await fab().waitFor()
  for (const path of ['/info', '/icons']) {
    await page.goto(`${app.baseUrl}${path}`)
    await page.getByTestId('app-header').waitFor()
    await fab().waitFor()
    await scrollToEnd()
    expect(await underFab(), path).toEqual([])
  }
  expectClean()
})

test('gold owner: the picker, the tiles, no "/" hint, the menu marks the tab, a long e-mail reads whole', async () => {
  expect(await subscribe(page, app.baseUrl, 'gold')).toBe(true)
  const workspaceId = randomUUID()
  const res = await page.request.post(`${app.baseUrl}/api/workspaces/create`, {
    data: { id: workspaceId, name: 'Acme Design Team Workspace' },
    headers: { origin: app.baseUrl },
  })
  expect(res.ok()).toBe(true)
  const projectId = randomUUID()
  await createProject(page, app.baseUrl, {
    id: projectId,
    name: 'Marketing icons',
    workspace_id: workspaceId,
  })
  const names = [
    'arrow-right-circle-outline-bold',
    'notification-bell-with-badge',
    'home',
    'heart-filled-large',
  ]
  const files = ['arrow-right.svg', 'bell.svg', 'home.svg', 'heart.svg']
  for (const [i, name] of names.entries()) {
    const created = await page.request.post(`${app.baseUrl}/api/icons/create`, {
      data: {
        id: randomUUID(),
        name,
        svg: fixture(files[i]!),
        project_id: projectId,
        workspace_id: workspaceId,
      },
      headers: { origin: app.baseUrl },
    })
    expect(created.ok()).toBe(true)
  }
  await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
  await expect.poll(() => page.getByTestId('icon-tile').count()).toBe(4)
  await page.waitForFunction(() => !document.getElementById('splash'))
  // The header's menus load after the content painted (ADR 0406): look at them, not their placeholders.
  await page
    .getByTestId('app-header')
    .locator('[aria-disabled="true"]')
    .first()
    .waitFor({ state: 'detached' })
  await page.getByTestId('project-picker').getByText('Acme Design Team Workspace / Marketing icons').waitFor()
  expect(await fab().count()).toBe(0)

  // The project's name whole; the workspace is what truncates.
  // Clipped: its text is wider than its box (measured exactly: scrollWidth rounds a 0.3 px cut away,
  // yet the ellipsis shows).
  const clipped = (testId: string) =>
    page.getByTestId(testId).evaluate((el) => {
      const context = document.createElement('canvas').getContext('2d')!
      context.font = getComputedStyle(el).font
      return context.measureText(el.textContent ?? '').width > el.getBoundingClientRect().width + 0.05
    })
  expect(await clipped('picker-project')).toBe(false)
  expect(await clipped('picker-workspace')).toBe(true)

  // No "/" shortcut hint on a touch screen.
  expect(await page.locator('kbd').filter({ hasText: '/' }).isVisible()).toBe(false)

  // Each tile's info button (always shown on touch) covers no part of its name.
  const overlaps = await page.getByTestId('icon-tile').evaluateAll((tiles) =>
    tiles.flatMap((tile) => {
      const info = tile.querySelector('[data-action="details"]')?.getBoundingClientRect()
      const name = tile.querySelector('[data-testid="icon-name"]')?.getBoundingClientRect()
      if (!info || !name || !info.width) return [`${tile.getAttribute('aria-label')}: no info button`]
      const covers =
        info.left < name.right && info.right > name.left && info.top < name.bottom && info.bottom > name.top
      return covers ? [tile.getAttribute('aria-label') ?? ''] : []
    }),
  )
  expect(overlaps).toEqual([])
  // "Recently deleted" says so in words on the phone too (a bare bin beside "Add SVG files" read as
  // "delete"), and fits the screen.
  const trash = page.getByTestId('recently-deleted')
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (a hidden label has textContent too)
  expect(await trash.innerText()).toBe('Recently deleted')
  const trashBox = (await trash.boundingBox())!
  expect(trashBox.x).toBeGreaterThanOrEqual(0)
  expect(trashBox.x + trashBox.width).toBeLessThanOrEqual(WIDTH)
  // The count has a line of its own on a phone: "N of M icons" is wider than "M icons", and beside the
  // selects it took a new line while a search was typed, moving the grid down.
  const toolbar = page.getByTestId('vault-toolbar')
  const count = page.getByTestId('icon-count')
  const sortBox = (await page.getByTestId('sort-select').boundingBox())!
  expect((await count.boundingBox())!.y).toBeGreaterThanOrEqual(sortBox.y + sortBox.height)
  const toolbarHeight = (await toolbar.boundingBox())!.height
  const firstTileTop = (await page.getByTestId('icon-tile').first().boundingBox())!.y
  await page.getByRole('searchbox').fill('heart')
  await count.filter({ hasText: / of 4 icons$/ }).waitFor()
  expect((await toolbar.boundingBox())!.height).toBe(toolbarHeight)
  expect((await page.getByTestId('icon-tile').first().boundingBox())!.y).toBe(firstTileTop)
  await page.getByRole('searchbox').fill('')
  await count.filter({ hasText: /^4 icons$/ }).waitFor()
  await shoot('icons')
  await audit('/icons')
  if (process.env.SCREENSHOTS)
    await page.getByTestId('project-picker').screenshot({ path: join(process.env.SCREENSHOTS, 'picker.png') })

  // The mobile menu marks the current tab, for screen readers and to the eye.
  await page.getByTestId('mobile-menu').click()
  const current = page.getByRole('menuitem', { name: 'Icons' })
  await current.waitFor()
  expect(await current.getAttribute('aria-current')).toBe('page')
  expect(await page.getByRole('menuitem', { name: 'Maker' }).getAttribute('aria-current')).toBeNull()
  await page.waitForFunction(() => document.getAnimations().length === 0)
  await shoot('mobile-menu')
  await audit('/icons mobile menu')

  // Manage Workspace: the owner's long address fits, wrapped, inside the dialog.
  await page.getByRole('menuitem', { name: messages.manageWorkspace }).click()
  const email = page.getByTestId('person-email').filter({ hasText: EMAIL })
  await email.waitFor()
  await page.waitForFunction(() => document.getAnimations().length === 0)
  await shoot('manage-workspace')
  await audit('Manage Workspace')
  expect(await email.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true)
  const box = await email.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= WIDTH).toBe(true)
  expectClean()
})
