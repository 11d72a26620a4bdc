// The class prefix and the icon font on /info (ADR 0105), in Chromium at 1280 px:
// the exports list the icon font by name with the others; the CSS class prefix starts at the
// project's default (brand- for "Brand icons") and a changed one is used by the font; the font ZIP's
// demo page, served as a site would serve it, draws each icon (a stroked one too) from the WOFF2 (1em
// wide, pixels drawn)
// with its class and code point; the CSS copy format takes the prefix too.
import { readFileSync } from 'node:fs'
import { strFromU8, unzipSync } from 'fflate'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { preferredCodePoint } from '../../common/exports/code-points.ts'
import { exportMessages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'

const EMAIL = 'fiona@example.com'
const projectId = crypto.randomUUID()
const ICONS = {
  square: '<rect x="4" y="4" width="16" height="16" rx="2"/>',
  ring: '<path fill-rule="evenodd" d="M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0zM6 12a6 6 0 1 0 12 0a6 6 0 1 0-12 0z"/>',
  star: '<path d="M12 2l3 7h7l-6 4 2 8-6-5-6 5 2-8-6-4h7z"/>',
  // Lucide's check-circle: strokes only, outlined in the font.
  check:
    '<g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10"/><path d="m9 12 2 2 4-4"/></g>',
}
const ids: Record<string, string> = {}

let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  await signIn(page, app, smtp, EMAIL)
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`${app.baseUrl}${path}`, { data, headers: { origin: app.baseUrl } })
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`)
  }
  await post('/api/projects/create', { id: projectId, name: 'Brand icons', workspace_id: null })
  for (const [name, body] of Object.entries(ICONS)) {
    ids[name] = crypto.randomUUID()
    await post('/api/icons/create', {
      id: ids[name],
      name,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${body}</svg>`,
      project_id: projectId,
      workspace_id: null,
    })
  }
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

describe('class prefix and icon font (1280 px)', () => {
  test('the font ZIP downloaded from /info has a demo page that draws every glyph', async () => {
    await page.goto(`${app.baseUrl}/info?projectId=${projectId}`)
    const exports = page.getByTestId('project-exports')
    await expect.poll(() => exports.textContent()).toContain('Icon font')
    const prefix = exports.getByLabel('CSS class prefix')
    await expect.poll(() => prefix.inputValue()).toBe('brand-')
    await prefix.fill('9x')
    await expect
      .poll(() => exports.getByTestId('class-prefix').textContent())
      .toContain(exportMessages.classPrefixInvalid)
    await prefix.fill('acme-')
    await expect.poll(() => exports.getByTestId('class-prefix').textContent()).toContain('.acme-house')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exports.getByRole('button', { name: 'Download Icon font' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('brand-icons-font.zip')
    const files = unzipSync(readFileSync((await download.path())!))
    expect(strFromU8(files['brand-icons.css']!)).toContain('.acme-square::before')

    // The demo page as a site serves it (the ZIP's files under one folder).
    const demo = await browser.context.newPage()
    await demo.route(`${app.baseUrl}/font-demo/**`, (route) => {
      const path = new URL(route.request().url()).pathname.replace('/font-demo/', '')
      const body = files[path]
      if (!body) return route.fulfill({ status: 404 })
      const type = path.endsWith('.html') ? 'text/html' : path.endsWith('.css') ? 'text/css' : 'font/woff2'
      return route.fulfill({ status: 200, body: Buffer.from(body), contentType: type })
    })
    await demo.goto(`${app.baseUrl}/font-demo/demo.html`)
    await demo.evaluate(() => document.fonts.ready)
    await expect.poll(() => demo.evaluate(() => document.fonts.check('32px "brand-icons"'))).toBe(true)
    const rows = await demo.evaluate(() =>
      [...document.querySelectorAll('li')].map((li) => {
        const icon = li.querySelector('i')!
        const codes = [...li.querySelectorAll('code')].map((c) => c.textContent)
        // The glyph drawn on a canvas in the page's font: how many pixels it covers.
        const content = getComputedStyle(icon, '::before').content.replace(/"/g, '')
        const canvas = document.createElement('canvas')
        canvas.width = canvas.height = 64
        const ctx = canvas.getContext('2d')!
        ctx.font = '48px "brand-icons"'
        ctx.fillText(content, 8, 52)
        const pixels = ctx.getImageData(0, 0, 64, 64).data
        let drawn = 0
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) drawn++
        return {
          name: li.querySelector('.name')!.textContent,
          width: icon.getBoundingClientRect().width,
          fontSize: Number.parseFloat(getComputedStyle(icon).fontSize),
          family: getComputedStyle(icon).fontFamily,
          codes,
          drawn,
        }
      }),
    )
    expect(rows.map((r) => r.name)).toEqual(['check', 'ring', 'square', 'star'])
    for (const row of rows) {
      const name = row.name as keyof typeof ICONS
      expect(row.family, name).toContain('brand-icons')
      // Each glyph is 1em wide, as the font says: not the fallback font's box for a missing character.
      expect(row.width, name).toBeCloseTo(row.fontSize, 0)
      expect(row.drawn, name).toBeGreaterThan(100)
      expect(row.codes).toEqual([
        `.acme-${name}`,
        `U+${preferredCodePoint(ids[name]!).toString(16).toUpperCase()}`,
      ])
    }
    await demo.close()
  })

  test('the CSS copy format takes the project’s prefix (the Copy Format panel edits it)', async () => {
    await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    await page.getByTestId('copy-format-button').click()
    const panel = page.getByTestId('copy-format-panel')
    await panel.getByRole('radio', { name: 'CSS' }).click()
    const field = page.getByRole('dialog').getByLabel('CSS class prefix')
    await expect.poll(() => field.inputValue()).toBe('acme-')
    await field.fill('ui-')
    await expect
      .poll(() => panel.locator('[data-format="css"] pre').textContent())
      .toMatch(/^\.ui-arrow-right \{/)
    // Its usage comment names the same class as its rule.
    expect(await panel.locator('[data-format="css"] pre').textContent()).toContain('class="ui-arrow-right"')
    await page.keyboard.press('Escape')
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl })
    await page.getByTestId('icon-tile').filter({ hasText: 'star' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\.ui-star \{/)
  })
})
