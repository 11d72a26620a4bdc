// The malicious SVG corpus (tests/fixtures/svg/malicious, payload data from public sources) in a real
// browser: every payload the server accepts is stored through the API as a pro user, shown in the
// vault's grid (scrolled top to bottom), opened in the detail panel one after another, and in the
// maker's preview. Throughout, no dialog opens, no popup, no navigation away, no request leaves the
// app's origin and no javascript:/data: document loads; the grid's DOM (icons are inline markup
// where inline-svg.ts allows, else images) holds no on* attribute, no <script>, <style>, link,
// animation or embedded document, and every icon image is a data:image/svg+xml URI.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { maliciousPayloads } from '../../common/svg/test-support/fixtures.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'

let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
const projectId = crypto.randomUUID()
const stored: { id: string; name: string }[] = []
const violations: string[] = []

/** Elements with an on* attribute or script, and images that are not SVG data URIs, under `selector`. */
const unsafeNodes = (selector: string) =>
  page.evaluate((sel) => {
    const found: string[] = []
    for (const root of document.querySelectorAll(sel)) {
      for (const el of [root, ...root.querySelectorAll('*')]) {
        const tag = el.tagName.toLowerCase()
        if (/^(?:script|iframe|object|embed)$/.test(tag)) found.push(`<${tag}>`)
        // Inside inline icons: no style sheet, link, animation, embedded image or foreign content.
        const inIcon = el.closest('svg') !== null
        if (inIcon && /^(?:style|foreignobject|a|image|feimage|animate\w*|set)$/.test(tag))
          found.push(`<${tag}>`)
        for (const attr of el.getAttributeNames()) if (/^on/i.test(attr)) found.push(`${tag}[${attr}]`)
        const src = el.getAttribute('src')
        if (tag === 'img' && src !== null && !src.startsWith('data:image/svg+xml')) found.push(`img ${src}`)
      }
    }
    return found
  }, selector)

function watch(p: Page) {
  p.on('dialog', (dialog) => {
    violations.push(`dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  p.on('framenavigated', (frame) => {
    if (!frame.url().startsWith(app.baseUrl)) violations.push(`navigation: ${frame.url()}`)
  })
  p.on('request', (request) => {
    const url = request.url()
    const document = request.resourceType() === 'document'
    if (url.startsWith('javascript:')) violations.push(`request: ${url}`)
    else if (url.startsWith('data:') && (document || !url.startsWith('data:image/')))
      violations.push(`data request: ${url.slice(0, 80)}`)
    else if (!url.startsWith(app.baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:'))
      violations.push(`request: ${url}`)
  })
}

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 } })
  page = browser.page
  await signIn(page, app, smtp, 'mallory@example.com')
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  await createProject(page, app.baseUrl, { id: projectId, name: 'Hostile' })
  for (const payload of maliciousPayloads()) {
    const body = {
      id: crypto.randomUUID(),
      name: `${payload.group}: ${payload.name}`,
      svg: payload.svg,
      project_id: projectId,
    }
    const res = await page.request.post(`${app.baseUrl}/api/icons/create`, {
      data: { ...body, workspace_id: null },
      headers: { origin: app.baseUrl },
    })
    if (res.ok()) stored.push({ id: body.id, name: body.name })
    else expect(res.status()).toBe(400) // refused by the pipeline, with its message
  }
  browser.context.on('page', (popup) => {
    if (popup !== page) violations.push(`popup: ${popup.url()}`)
  })
  watch(page)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

describe('the malicious corpus in the browser', () => {
  test('the server accepted (neutralised) most payloads and refused the rest', () => {
    expect(stored.length).toBeGreaterThan(100)
  })

  test('the grid shows every stored payload, scrolled top to bottom, with nothing executable', async () => {
    await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    await page.getByTestId('icon-count').getByText(`${stored.length} icons`).waitFor({ timeout: 30_000 })
    const scroller = page.getByTestId('icon-grid-scroll')
    const seen = new Set<string>()
    for (let top = 0; ; top += 400) {
      await scroller.evaluate((el, y) => el.scrollTo(0, y), top)
      // The virtualised grid has drawn the rows now in view (a positive signal, not a pause).
      await expect
        .poll(() =>
          scroller.evaluate((el) => {
            const view = el.getBoundingClientRect()
            return [...el.querySelectorAll('[data-icon-id]')].some((tile) => {
              const box = tile.getBoundingClientRect()
              return box.bottom > view.top && box.top < view.bottom
            })
          }),
        )
        .toBe(true)
      for (const id of await page
        .locator('[data-icon-id]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-icon-id')!))) {
        seen.add(id)
      }
      expect(await unsafeNodes('[data-testid="icon-grid"]')).toEqual([])
      if (await scroller.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 2)) break
    }
    expect(seen.size).toBe(stored.length)
    expect(violations).toEqual([])
  }, 120_000)

  test('each payload opens in the detail panel without running anything', async () => {
    await page.getByTestId('icon-grid-scroll').evaluate((el) => el.scrollTo(0, 0))
    await page.locator('[data-testid="icon-tile"][data-index="0"]').focus()
    await page.keyboard.press('Enter')
    const panel = page.getByTestId('icon-detail')
    for (let i = 0; i < stored.length; i++) {
      await panel.getByText(`${i + 1} of ${stored.length}`).waitFor()
      expect(await unsafeNodes('[data-testid="icon-detail"]')).toEqual([])
      if (i < stored.length - 1) await panel.getByRole('button', { name: 'Next icon' }).click()
    }
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    // Focus returns to the last icon's tile (the panel has no trigger to return to).
    await page.waitForFunction(
      (index) => document.activeElement?.getAttribute('data-index') === String(index),
      stored.length - 1,
    )
    expect(violations).toEqual([])
  }, 300_000)

  test('each payload shows in the maker preview without running anything', async () => {
    await page.goto(`${app.baseUrl}/maker?projectId=${projectId}&iconId=${stored[0]!.id}`)
    const preview = page.getByTestId('preview-large')
    await preview.waitFor({ timeout: 15_000 })
    const picks = page.getByTestId('vault-icons').getByRole('button')
    await expect.poll(() => picks.count(), { timeout: 15_000 }).toBe(stored.length)
    for (let i = 0; i < stored.length; i++) {
      await picks.nth(i).click()
      await preview.waitFor()
      expect(await unsafeNodes('[data-testid="maker-preview"]')).toEqual([])
    }
    expect(violations).toEqual([])
  }, 300_000)
})
