// The vault's grid in Chromium, as a pro user: markup that reaches the grid with attributes the
// grid's own UI used to read (data-index, data-action, data-icon-id, class on the root; served here
// by rewriting the server's list answer, as markup stored past the pipeline would be) cannot steer
// a click to another icon or open a panel; full names are readable (two lines and a tooltip) and
// the tile size is a remembered setting; an import reports its progress as it goes (processed,
// saved, synced). On a phone (375×812, touch) a tap opens the details (or, while selecting, toggles
// the selection), copying is the panel's button, and toasts never cover the bulk bar (nor at 1280 px).
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { fetchInPage, launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'
import { dropFiles } from '../setup/vault-page.ts'

const EMAIL = 'gina@example.com'
const SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>'
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
const projectId = crypto.randomUUID()
const ids = { alpha: crypto.randomUUID(), bravo: crypto.randomUUID(), zulu: crypto.randomUUID() }
const LONG_NAME = 'fluent-emoji-flat-red-heart'

const tiles = () => page.getByTestId('icon-tile')
const tile = (name: string) => tiles().filter({ has: page.getByText(name, { exact: true }) })
const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first()

/** Does any visible toast overlap the bulk bar? */
const toastsOverBar = (p: Page) =>
  p.evaluate(() => {
    const bar = document.querySelector('[data-testid="bulk-bar"]')?.getBoundingClientRect()
    if (!bar) return null
    return [...document.querySelectorAll('[data-testid="toast"][data-state="visible"]')].some((t) => {
      const r = t.getBoundingClientRect()
      return r.left < bar.right && r.right > bar.left && r.top < bar.bottom && r.bottom > bar.top
    })
  })

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl })
  await signIn(page, app, smtp, EMAIL)
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  const project = { id: projectId, name: 'Grid', description: '', workspace_id: null }
  expect((await fetchInPage(page, '/api/projects/create', project)).data?.id).toBe(projectId)
  for (const [id, name] of [
    [ids.alpha, 'alpha'],
    [ids.bravo, 'bravo'],
    [crypto.randomUUID(), LONG_NAME],
  ]) {
    const res = await fetchInPage(page, '/api/icons/create', {
      id,
      name,
      svg: SQUARE,
      project_id: projectId,
      workspace_id: null,
    })
    expect(res.data?.id).toBe(id)
  }
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

describe('the vault grid', () => {
  test("an icon's markup cannot steer which icon a click selects, copies or opens", async () => {
    // The list the browser receives holds a third icon whose root carries the grid's attributes.
    const hostile = SQUARE.replace(
      '<svg ',
      `<svg data-index="0" data-icon-id="${ids.alpha}" data-action="details" data-testid="icon-tile" role="gridcell" class="absolute inset-0 size-full" `,
    )
    await browser.context.route(`**/api/icons?project_id=${projectId}*`, async (route) => {
      const response = await route.fetch()
      const json = (await response.json()) as { data: Record<string, unknown>[] }
      const alpha = json.data.find((row) => row.id === ids.alpha)!
      json.data.push({ ...alpha, id: ids.zulu, name: 'zulu', svg: hostile })
      await route.fulfill({ response, json })
    })
    await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    const zulu = tile('zulu')
    await zulu.locator('svg').first().waitFor()
    await zulu.locator('svg').first().click()
    await toast('Copied zulu as').waitFor()
    await expect.poll(() => zulu.getAttribute('aria-selected')).toBe('true')
    expect(await tile('alpha').getAttribute('aria-selected')).toBe('false')
    expect(await page.getByTestId('icon-detail').count()).toBe(0)
    // Double-clicking the drawing opens zulu's details, not alpha's.
    await zulu.locator('svg').first().dblclick()
    await page.getByTestId('icon-detail').getByRole('heading', { name: 'zulu' }).waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('icon-detail').waitFor({ state: 'detached' })
    // Focus returns to zulu's own tile.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('zulu')
    await browser.context.unroute(`**/api/icons?project_id=${projectId}*`)
  })

  test('full names in two lines with a tooltip; the tile size is a setting kept across reloads; toasts stand above the bulk bar', async () => {
    await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    const long = tile(LONG_NAME)
    await long.waitFor()
    expect(await long.getAttribute('title')).toBe(LONG_NAME)
    const name = long.getByTestId('icon-name')
    const box = await name.evaluate((el) => ({
      lines: Math.round(
        el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight),
      ),
      cut: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1,
    }))
    expect(box).toEqual({ lines: 2, cut: false })
    const drawing = async () => (await tile('alpha').locator('svg').first().boundingBox())!.width
    expect(await drawing()).toBe(36)
    await page.getByTestId('tile-size').click()
    await page.getByRole('option', { name: 'Large' }).click()
    await expect.poll(drawing).toBe(64)
    await page.reload()
    await tile('alpha').locator('svg').first().waitFor()
    expect(await drawing()).toBe(64)
    // A click selects and copies: the toast shows above the bulk bar, not over it.
    await tile('bravo').click()
    await toast('Copied bravo as').waitFor()
    await page.getByTestId('bulk-bar').waitFor()
    await expect.poll(() => toastsOverBar(page)).toBe(false)
    await page.keyboard.press('Escape')
    await page.getByTestId('bulk-bar').waitFor({ state: 'detached' })
  })

  test('an import reports files processed, saved and synced as it goes', async () => {
    await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    await tile('alpha').waitFor()
    // Look-alikes within one drop (dot-50 draws dot-6's circle: the unstroked line draws nothing)
    // are all stored, however fast the first parts reach the server (ADR 0109: exact repeats only).
    const total = 224
    const files = Array.from({ length: total }, (_, n) => ({
      name: `dot-${n}.svg`,
      text: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="${1 + (n % 11)}"/><path d="M${n % 24} 0v24"/></svg>`,
    }))
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { importTexts: string[] }).importTexts = seen
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="import-progress"] p')?.textContent
        if (text && seen.at(-1) !== text) seen.push(text)
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    await dropFiles(page, files)
    const report = page.getByTestId('import-progress')
    await report.getByText(`Added ${total} of ${total} files · all synced`).waitFor({ timeout: 60_000 })
    const texts = await page.evaluate(() => (window as unknown as { importTexts: string[] }).importTexts)
    const stages = texts.flatMap((text) => {
      const m = /Adding icons… (\d+) of 224 processed · (\d+) saved · (\d+) synced/.exec(text)
      return m ? [m.slice(1).map(Number) as [number, number, number]] : []
    })
    // Processed moves file by file (not only when a batch of 50 is stored); saved and synced follow.
    expect(stages.some(([processed]) => processed > 0 && processed < total && processed % 50 !== 0)).toBe(
      true,
    )
    for (const [processed, saved, synced] of stages) expect(processed >= saved && saved >= synced).toBe(true)
    await expect
      .poll(async () => (await fetchInPage(page, `/api/icons?project_id=${projectId}`)).data.length)
      .toBe(total + 3)
  })

  test('on a phone: a tap opens the details, copying is the panel’s button, toasts clear the bulk bar', async () => {
    const phone = await launchBrowser({ viewport: { width: 375, height: 812 }, touch: true })
    try {
      const p = phone.page
      await phone.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl })
      await signIn(p, app, smtp, EMAIL)
      await p.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
      const alpha = p.getByTestId('icon-tile').filter({ has: p.getByText('alpha', { exact: true }) })
      await alpha.tap()
      const panel = p.getByTestId('icon-detail')
      await panel.getByRole('heading', { name: 'alpha' }).waitFor()
      expect(await p.getByTestId('toast').filter({ hasText: 'Copied' }).count()).toBe(0)
      await panel.getByRole('button', { name: 'Copy as SVG' }).tap()
      // Said in the panel (a toast would cover the full-screen panel's controls), not in a toast.
      await panel.getByTestId('copy-status').filter({ hasText: 'Copied alpha as SVG' }).waitFor()
      expect(await p.getByTestId('toast').filter({ hasText: 'Copied' }).count()).toBe(0)
      expect(await p.evaluate(() => navigator.clipboard.readText())).toContain('<svg')
      // "Copy as" comes first on the sheet, above what describes the icon, in reach without scrolling.
      const top = async (name: string) => (await panel.getByRole('heading', { name }).boundingBox())!.y
      expect(await top('Copy as')).toBeLessThan(await top('Accessibility'))
      expect(await top('Copy as')).toBeLessThan(812)
      // The button marked is the format whose code shows: after copying as CSS, CSS, not SVG.
      await panel.getByRole('button', { name: 'Copy as CSS' }).tap()
      await panel.getByTestId('code-preview').and(p.locator('[data-format="css"]')).waitFor()
      const marked = () =>
        panel
          .locator('button[aria-current="true"]')
          .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')))
      expect(await marked()).toEqual(['Copy as CSS'])
      await p.keyboard.press('Escape')
      await panel.waitFor({ state: 'detached' })
      // The selection box shows without hover; the bulk bar's actions stay clear of toasts.
      await alpha.locator('[data-action="toggle"]').tap()
      await p.getByTestId('bulk-bar').waitFor()
      // While selecting, a tap toggles a tile's selection rather than opening it.
      await p
        .getByTestId('icon-tile')
        .filter({ has: p.getByText('bravo', { exact: true }) })
        .tap()
      await p.getByTestId('selection-count').getByText('2 icons selected').waitFor()
      expect(await p.getByTestId('icon-detail').count()).toBe(0)
      const [download] = await Promise.all([
        p.waitForEvent('download'),
        p.getByTestId('bulk-bar').getByRole('button', { name: 'Export ZIP' }).tap(),
      ])
      expect(download.suggestedFilename()).toMatch(/\.zip$/)
      await p.getByTestId('toast').filter({ hasText: 'Downloaded' }).waitFor()
      await expect.poll(() => toastsOverBar(p)).toBe(false)
    } finally {
      await phone.close()
    }
  })
})
