// Copying and exporting in Chromium, as a pro user with two icons: the detail panel copies React TS
// (read back from the clipboard) and downloads SVG (an attachment) and PNG at a chosen size; a click
// copies in the format chosen in the Copy Format panel, which is remembered; pasted SVG code becomes
// an icon, whose SVG copy sits in text at 1em in its own colour; /info shows the project's card,
// counts and contributors, and its exports download and unzip (fflate) to the expected files. The
// whole flow logs no error in the browser's console and throws none.
import { readFileSync } from 'node:fs'
import { unzipSync } from 'fflate'
import type { Download, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { messages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createProject, subscribe } from '../setup/subscribe.ts'

const EMAIL = 'cora@example.com'
const fixture = (name: string) => readFileSync(new URL(`../fixtures/upload/${name}`, import.meta.url), 'utf8')
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
const projectId = crypto.randomUUID()
/** What the page logged as an error or threw, checked after each test. */
const consoleErrors: string[] = []

const tiles = () => page.getByTestId('icon-tile')
const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).first()
const clipboard = () => page.evaluate(() => navigator.clipboard.readText())
const serverIcons = async () =>
  (
    (await (await page.request.get(`${app.baseUrl}/api/icons?project_id=${projectId}`)).json()) as {
      data: { id: string; name: string }[]
    }
  ).data
const unzip = async (download: Download) => unzipSync(new Uint8Array(readFileSync(await download.path())))

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`console.error: ${message.text()}`)
  })
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`))
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl })
  await signIn(page, app, smtp, EMAIL)
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  await createProject(page, app.baseUrl, {
    id: projectId,
    name: 'Marketing Site',
    description: 'Icons of the new site',
  })
  for (const [name, file] of [
    ['home', 'home.svg'],
    ['Star Burst', 'star-gradient.svg'],
  ]) {
    const res = await page.request.post(`${app.baseUrl}/api/icons/create`, {
      data: { id: crypto.randomUUID(), name, svg: fixture(file!), project_id: projectId, workspace_id: null },
      headers: { origin: app.baseUrl },
    })
    expect(res.ok()).toBe(true)
  }
})

afterEach(() => {
  expect(consoleErrors.splice(0), 'errors in the browser console').toEqual([])
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

describe('copying and exporting icons', () => {
  test('the detail panel copies React TS; downloads are attachments (SVG) and sized PNGs', async () => {
    await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    await tiles().filter({ hasText: 'Star Burst' }).dblclick()
    const panel = page.getByTestId('icon-detail')
    await panel.getByRole('button', { name: 'Copy as React TS' }).click()
    // Said in the panel, where no toast covers its controls.
    await panel.getByTestId('copy-status').filter({ hasText: 'Copied Star Burst as React TS' }).waitFor()
    const code = await clipboard()
    // Accessible by default (ADR 0106): a title or decorative; labelled by the name's words.
    expect(code).toContain('export function StarBurst({ title, decorative, ...props }: IconProps)')
    expect(code).toContain('{title ?? "Star burst"}')
    expect(code).toContain('viewBox="0 0 24 24"')

    const [svgDownload] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByTestId('download-svg').click(),
    ])
    expect(svgDownload.suggestedFilename()).toBe('star-burst.svg')
    const id = (await serverIcons()).find((i) => i.name === 'Star Burst')!.id
    const response = await page.request.get(`${app.baseUrl}/api/icons/download?id=${id}`)
    expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="star-burst.svg"/)
    expect(response.headers()['content-security-policy']).toContain('sandbox')

    await panel.getByLabel(/PNG size/).fill('64')
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByTestId('download-png').click(),
    ])
    expect(png.suggestedFilename()).toBe('star-burst-64.png')
    const bytes = readFileSync(await png.path())
    expect(bytes.readUInt32BE(16)).toBe(64) // IHDR width
    expect(bytes.readUInt32BE(20)).toBe(64)
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
  })

  test('clicking an icon copies it in the format chosen in the Copy Format panel', async () => {
    await page.getByTestId('copy-format-button').click()
    const formats = page.getByRole('dialog', { name: 'Copy Format' })
    await formats.getByRole('radio', { name: /^CSS/ }).click()
    await page.keyboard.press('Escape')
    await formats.waitFor({ state: 'detached' })
    await tiles().filter({ hasText: 'home' }).click()
    await toast('Copied home as CSS').waitFor()
    // A single-colour icon paints currentColor through a mask.
    const css = await clipboard()
    expect(css.startsWith('.marketing-site-home {')).toBe(true) // the project's class prefix (ADR 0105)
    expect(css).toContain('background-color: currentColor;')
    expect(css).toContain('mask-image: url("data:image/svg+xml,')
    await page.reload()
    await tiles().first().waitFor()
    expect(await page.evaluate(() => localStorage.getItem('iconvault-copy-format'))).toBe('css')
  })

  test('pasting SVG code adds an icon named by its <title>; copied as SVG it sits in text in its own colour', async () => {
    await page.evaluate(() => {
      const data = new DataTransfer()
      data.setData(
        'text/plain',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>Pasted Dot</title><circle cx="12" cy="12" r="4" fill="#7c533e"/></svg>',
      )
      document.body.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    })
    await tiles().filter({ hasText: 'Pasted Dot' }).waitFor()
    await expect.poll(async () => (await serverIcons()).length).toBe(3)

    // Pasted into a 600 px paragraph of 20 px text, the copy is 1em square, in its stored colour.
    await tiles().filter({ hasText: 'Pasted Dot' }).dblclick()
    const panel = page.getByTestId('icon-detail')
    await panel.getByRole('button', { name: 'Copy as SVG' }).click()
    await panel.getByTestId('copy-status').filter({ hasText: 'Copied Pasted Dot as SVG' }).waitFor()
    const pasted = await page.evaluate(
      (markup) => {
        const p = document.createElement('p')
        p.style.cssText = 'width: 600px; font-size: 20px; color: rgb(1, 2, 3)'
        p.innerHTML = `Text ${markup} text`
        document.body.append(p)
        const icon = p.querySelector('svg')
        const box = icon?.getBoundingClientRect()
        const circle = icon?.querySelector('circle')
        const fill = circle ? getComputedStyle(circle).fill : null
        p.remove()
        return { width: box?.width, height: box?.height, fill }
      },
      await clipboard(),
    )
    expect(pasted).toEqual({ width: 20, height: 20, fill: 'rgb(124, 83, 62)' })
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
  })

  test('/info: card, counts, contributors; the SVG ZIP and React TS package download and unzip', async () => {
    await page.goto(`${app.baseUrl}/info?projectId=${projectId}`)
    const card = page.getByTestId('project-card')
    await card.getByRole('heading', { name: 'Marketing Site' }).waitFor()
    await card.getByText(messages.personal).waitFor()
    await expect
      .poll(() => page.getByTestId('status-counts').textContent())
      .toMatch(/Icons\s*3\s*Approved\s*3/)
    await page.getByTestId('contributors').getByText(EMAIL).waitFor()
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-svg-zip').click(),
    ])
    expect(zip.suggestedFilename()).toBe('marketing-site-svg.zip')
    expect(Object.keys(await unzip(zip)).sort()).toEqual(['home.svg', 'pasted-dot.svg', 'star-burst.svg'])
    const [react] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-react-ts').click(),
    ])
    expect(react.suggestedFilename()).toBe('marketing-site-react-ts.zip')
    const files = await unzip(react)
    expect(Object.keys(files)).toHaveLength(3 + 3) // components + index.ts, package.json, README.md
    expect(new TextDecoder().decode(files['index.ts'])).toContain(
      "export { StarBurst } from './StarBurst.js'",
    )
  })
})
