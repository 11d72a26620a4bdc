// The maker in Chromium for a pro user, each source end to end (paste, upload, vault icon, library,
// trace, AI against tests/setup/ai-stub.ts) → adjust → save → the icon is on the server and in /icons.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { type AiStub, startAiStub } from '../setup/ai-stub.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { fetchInPage, launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'

const STAR =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M12 2l3 7h7l-6 5 2 8-6-4-6 4 2-8-6-5h7z"/></svg>'
const PNG = readFileSync(new URL('../fixtures/maker/framed-square.png', import.meta.url))

let smtp: TestSmtp
let stub: AiStub
let app: AppProcess
let browser: TestBrowser
let page: Page
const projectId = randomUUID()

const call = (path: string, body?: unknown) => fetchInPage(page, path, body)
const source = () => page.getByTestId('svg-source').textContent()
const creditsUsed = async () => (await call('/api/credits')).data.used as number

/** Pastes code as a person would: the Code tab's button takes them to the one source editor. */
async function pasteCode(svg: string) {
  await page.getByRole('button', { name: 'Paste SVG code' }).click()
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
    .toBe('svg-source')
  await page.keyboard.insertText(svg)
  await page.getByTestId('preview-large').waitFor()
}

async function openMaker(search = '') {
  await page.goto(`${app.baseUrl}/maker?projectId=${projectId}${search}`)
  await page.getByTestId('maker-page').waitFor()
}

/** Saves under `name`, waits until the server has it, checks "Open in Icons" opens it in /icons, returns the server row. */
async function saveAndFind(name: string, button = 'Save to vault') {
  await page.getByLabel('Icon name').fill(name)
  await page.getByRole('button', { name: button }).click()
  await page.getByTestId('save-success').waitFor()
  await page
    .getByTestId('toast')
    .filter({ hasText: `Saved “${name}” to Maker project` })
    .waitFor()
  await expect
    .poll(async () =>
      (await call(`/api/icons?project_id=${projectId}`)).data.some((i: { name: string }) => i.name === name),
    )
    .toBe(true)
  const icon = (await call(`/api/icons?project_id=${projectId}`)).data.find(
    (i: { name: string }) => i.name === name,
  )
  await page.getByRole('link', { name: 'Open in Icons' }).click()
  await page.waitForURL((u) => u.pathname === '/icons' && u.searchParams.get('projectId') === projectId)
  await page.locator(`[data-testid="icon-tile"][aria-label="${name}"]`).waitFor()
  // The link names the saved icon (#icon=<id>): the vault opens it in the detail panel.
  expect(new URL(page.url()).hash).toBe(`#icon=${icon.id}`)
  await page.getByTestId('icon-detail').getByRole('heading', { name }).waitFor()
  return icon
}

beforeAll(async () => {
  smtp = await startTestSmtp()
  stub = await startAiStub()
  // The AI deadline is 3 s here (tests/setup/ai-deadline.ts), not the server's 30 s.
  const aiDeadline = new URL('../setup/ai-deadline.ts', import.meta.url).href
  app = await startApp({ env: { SMTP_URL: smtp.url, ...stub.env, NODE_OPTIONS: `--import ${aiDeadline}` } })
  browser = await launchBrowser()
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl })
  page = browser.page
  page.on('dialog', (dialog) => {
    throw new Error(`a script ran: ${dialog.message()}`)
  })
  await signIn(page, app, smtp, 'maker-pro@example.com')
  await page.goto(`${app.baseUrl}/upgrade`)
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click()
  await page.getByRole('button', { name: 'Pay' }).click()
  await page.waitForURL((u) => u.pathname === '/maker')
  const created = await call('/api/projects/create', {
    id: projectId,
    name: 'Maker project',
    description: '',
    workspace_id: null,
  })
  expect(created.data.id).toBe(projectId)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await stub?.close()
  await smtp?.close()
})

describe('the maker, each source to the vault (pro)', () => {
  test('paste code → rotate, undo and redo (buttons and keys) → copy → save → in /icons', async () => {
    await openMaker()
    // One source editor: no second code box to go stale.
    expect(await page.locator('textarea').count()).toBe(0)
    await pasteCode(STAR)
    expect(await source()).toContain('M12 2l3 7h7')
    // The turn is written into the path data (the top point 12,2 lands at 22,12), no matrix().
    await page.getByRole('button', { name: 'Rotate 90° clockwise' }).click()
    await expect.poll(source).toContain('<path d="M22 12')
    expect(await source()).not.toContain('transform')
    await page.getByRole('button', { name: 'Undo' }).click()
    await expect.poll(source).toContain('M12 2l3 7h7')
    await page.getByRole('button', { name: 'Redo' }).click()
    await expect.poll(source).toContain('<path d="M22 12')
    await page.locator('body').click({ position: { x: 5, y: 300 } })
    await page.keyboard.press('Control+z')
    await expect.poll(source).toContain('M12 2l3 7h7')
    await page.keyboard.press('Control+Shift+z')
    await expect.poll(source).toContain('<path d="M22 12')
    await page.getByLabel('Icon name').fill('Pasted star')
    await page.getByRole('button', { name: 'React TS' }).click()
    await page.getByTestId('toast').filter({ hasText: 'Copied as React TS' }).waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toContain('export function PastedStar({ title, decorative, ...props }: IconProps)')
    const icon = await saveAndFind('Pasted star')
    expect(icon).toMatchObject({ origin_icon_id: null, icon_status: 'approved' })
    expect(icon.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
  })

  test('the source editor and the preview stay in step; bad code shows the pipeline error inline', async () => {
    await openMaker()
    await pasteCode(STAR)
    const editor = page.getByTestId('svg-source')
    await editor.click()
    await page.keyboard.press('Control+a')
    await page.keyboard.insertText(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="8" cy="12" r="5"/></svg>',
    )
    await expect
      .poll(async () =>
        decodeURIComponent((await page.getByTestId('preview-large').getAttribute('src')) ?? ''),
      )
      .toContain('<circle cx="8" cy="12" r="5"/>')
    // Back into the editor (as a person would) before selecting its text again.
    await editor.click()
    await page.keyboard.press('Control+a')
    await page.keyboard.insertText('<svg xmlns="http://www.w3.org/2000/svg"><path></svg>')
    await page.getByTestId('source-error').filter({ hasText: 'The SVG is not well-formed XML' }).waitFor()
    expect(decodeURIComponent((await page.getByTestId('preview-large').getAttribute('src')) ?? '')).toContain(
      '<circle',
    )
    // An op replaces the bad draft with the document, flipped (the circle stays a circle).
    await page.getByRole('button', { name: 'Flip horizontally' }).click()
    await expect.poll(source).toContain('<circle cx="16" cy="12" r="5"/>')
    expect(await page.getByTestId('source-error').count()).toBe(0)

    // What sanitizing removes is named, and can be taken out of the source.
    await editor.click()
    await page.keyboard.press('Control+a')
    await page.keyboard.insertText(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert(1)"><script>alert(2)</script><circle cx="12" cy="12" r="7"/></svg>',
    )
    const removals = page.getByTestId('source-removals')
    await removals.filter({ hasText: 'Removed for safety: 1 <script> element, 1 event handler.' }).waitFor()
    await removals.getByRole('button', { name: 'Remove from the source' }).click()
    await expect.poll(source).not.toMatch(/script|onload/)
    await removals.waitFor({ state: 'detached' })

    // The colour panel names a gradient as such, never by its raw url(#…) reference.
    await editor.click()
    await page.keyboard.press('Control+a')
    await page.keyboard.insertText(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs><circle cx="12" cy="12" r="7" fill="url(#g)" stroke="#7c533e"/></svg>',
    )
    await page.getByTestId('current-paints').filter({ hasText: 'gradient or pattern' }).waitFor()
    expect(await page.getByTestId('current-paints').textContent()).toBe('Now: gradient or pattern, #7c533e')
  })

  test('upload a file → fit to a 32 grid with padding → stroke width → currentColor → save', async () => {
    await openMaker()
    const file = STAR.replace('viewBox="0 0 24 24"', 'width="48" height="48" viewBox="0 0 48 48"')
    await page
      .getByLabel('Upload SVG file')
      .setInputFiles({ name: 'big-star.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(file) })
    await expect.poll(() => page.getByLabel('Icon name').inputValue()).toBe('big-star')
    // The grid names the icon's own size and starts on it.
    await page.getByTestId('icon-grid-now').filter({ hasText: 'This icon: 48 × 48' }).waitFor()
    expect(await page.getByLabel('Grid size').textContent()).toContain('48 × 48')
    await page.getByLabel('Grid size').click()
    await page.getByRole('option', { name: '32 × 32' }).click()
    await page.getByLabel('Padding').fill('3')
    await page.getByRole('button', { name: 'Fit to grid' }).click()
    await expect.poll(source).toContain('viewBox="0 0 32 32"')
    await page.getByTestId('icon-grid-now').filter({ hasText: 'This icon: 32 × 32' }).waitFor()
    // The fit is written into the path data, and the stroke width asked for is the one written.
    expect(await source()).not.toContain('matrix(')
    await page.getByLabel('Stroke width').fill('1.5')
    await page.getByRole('button', { name: 'Set stroke width' }).click()
    await expect.poll(source).toContain('stroke-width="1.5"')
    expect(await source()).not.toMatch(/stroke-width="(?!1\.5")/)
    await page.getByRole('button', { name: 'Use #5b5bd6' }).click()
    await expect.poll(source).toContain('#5b5bd6')
    await page.getByRole('button', { name: 'Use currentColor' }).click()
    await expect.poll(source).not.toContain('#5b5bd6')
    await page.getByRole('button', { name: 'Optimise' }).click()
    await page
      .getByTestId('optimize-report')
      .filter({ hasText: /^(Optimised: [\d,]+ → [\d,]+ bytes|Already optimised)/ })
      .waitFor()
    const icon = await saveAndFind('big-star')
    expect(icon.svg).toContain('viewBox="0 0 32 32"')
  })

  test('a vault icon (iconId, and the Vault tab) → flip → saved copy keeps origin_icon_id', async () => {
    const originalId = randomUUID()
    await call('/api/icons/create', {
      id: originalId,
      name: 'Original star',
      svg: STAR,
      project_id: projectId,
      workspace_id: null,
    })
    await openMaker(`&iconId=${originalId}`)
    await expect.poll(() => page.getByLabel('Icon name').inputValue()).toBe('Original star')
    await page.getByRole('button', { name: 'Flip vertically' }).click()
    // Opened from the vault, the other choice to a new version is a new icon (ADR 0408).
    const copy = await saveAndFind('Flipped star', appMessages.makerSaveAsNew)
    expect(copy.origin_icon_id).toBe(originalId)

    await openMaker()
    await page.getByRole('tab', { name: 'Vault' }).click()
    await page.getByTestId('vault-icons').getByRole('button', { name: 'Original star' }).click()
    await expect.poll(() => page.getByLabel('Icon name').inputValue()).toBe('Original star')
    expect((await saveAndFind('Second copy', appMessages.makerSaveAsNew)).origin_icon_id).toBe(originalId)
  })

  test('the library: search Lucide by name, licence shown, other sets load → pick → save', async () => {
    await openMaker()
    await page.getByRole('tab', { name: 'Library' }).click()
    await page.getByTestId('library-licence').filter({ hasText: 'ISC licence' }).waitFor()
    // One count per set: the set's own, and a match count only while searching.
    await page.getByTestId('library-icons').waitFor()
    expect(await page.getByTestId('library-licence').textContent()).toContain('Lucide · 1,856 icons')
    expect(await page.getByTestId('library-matches').count()).toBe(0)
    await page.getByLabel('Search the icon library').fill('alarm clock')
    await page
      .getByTestId('library-matches')
      .filter({ hasText: /^\d+ match(es)?$/ })
      .waitFor()
    await page.getByTestId('library-icons').getByRole('button', { name: 'alarm-clock', exact: true }).click()
    await expect.poll(() => page.getByLabel('Icon name').inputValue()).toBe('alarm-clock')
    // The largest set (8.5 MB of JSON) loads on demand and searches by name and category.
    const started = Date.now()
    await page.getByRole('radio', { name: 'Material Symbols' }).click()
    await page.getByTestId('library-licence').filter({ hasText: 'Apache 2.0 licence' }).waitFor()
    await page.getByLabel('Search the icon library').fill('alarm')
    await page.getByTestId('library-icons').getByRole('button', { name: 'alarm', exact: true }).waitFor()
    expect(Date.now() - started).toBeLessThan(10_000) // about 1–2 s here
    await page.getByLabel('Search the icon library').fill('household')
    await page.getByTestId('library-icons').getByRole('button', { name: 'bed', exact: true }).waitFor()
    await page.getByRole('radio', { name: 'Lucide' }).click()
    await page.getByLabel('Search the icon library').fill('alarm clock')
    const icon = await saveAndFind('alarm-clock')
    expect(icon.svg).toContain('stroke="currentColor"')
  })

  test('tracing a PNG costs one credit, charged before tracing → save', async () => {
    await openMaker()
    const before = await creditsUsed()
    await page.getByRole('tab', { name: 'Trace' }).click()
    await page
      .getByLabel('Image to trace')
      .setInputFiles({ name: 'framed-square.png', mimeType: 'image/png', buffer: PNG })
    await page.getByRole('button', { name: 'Trace image · 1 credit' }).click()
    await expect.poll(() => page.getByLabel('Icon name').inputValue()).toBe('framed-square')
    expect(await source()).toContain('fill="currentColor"')
    expect(await creditsUsed()).toBe(before + 1)
    await page
      .getByTestId('credits-left')
      .filter({ hasText: `${200 - before - 1} of 200 credits left` })
      .waitFor()
    await saveAndFind('framed-square')
  })

  test('AI: variants from the stub, a malicious answer neutralised, errors shown, credits once per success', async () => {
    await openMaker()
    const before = await creditsUsed()
    await page.getByRole('tab', { name: 'AI' }).click()
    await page.getByLabel('Icon prompt').fill('a sun')
    await page.getByLabel('Variants').click()
    await page.getByRole('option', { name: '3 variants' }).click()
    await page.getByRole('button', { name: 'Generate · 3 credits' }).click()
    await expect.poll(() => page.getByTestId('ai-variants').getByRole('button').count()).toBe(3)
    expect(await creditsUsed()).toBe(before + 3)
    await page.getByRole('button', { name: 'Variant 2' }).click()
    await expect.poll(source).toContain('<circle')

    await page.getByLabel('Icon prompt').fill('something malicious')
    await page.getByLabel('Variants').click()
    await page.getByRole('option', { name: '1 variant', exact: true }).click()
    await page.getByRole('button', { name: 'Generate · 1 credit' }).click()
    await expect.poll(() => page.getByTestId('ai-variants').getByRole('button').count()).toBe(1)
    await page.getByRole('button', { name: 'Variant 1' }).click()
    await expect.poll(source).toContain('M4 4h16v16H4z')
    expect(await source()).not.toMatch(/script|onload|onclick|javascript|foreignObject/i)
    expect(await creditsUsed()).toBe(before + 4)

    await page.getByLabel('Icon prompt').fill('error please')
    await page.getByRole('button', { name: 'Generate · 1 credit' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: `${appMessages.aiUpstreamError} (HTTP 500)` })
      .waitFor()
    expect(await creditsUsed()).toBe(before + 4)
    await page.getByLabel('Icon name').fill('Safe square')
    await saveAndFind('Safe square')
  })

  test('AI: a slow endpoint times out with a clear message and costs nothing', async () => {
    await openMaker()
    const before = await creditsUsed()
    await page.getByRole('tab', { name: 'AI' }).click()
    await page.getByLabel('Icon prompt').fill('a slow one')
    await page.getByRole('button', { name: /^Generate/ }).click()
    await page.getByRole('alert').filter({ hasText: appMessages.aiTimeout }).waitFor({ timeout: 15_000 })
    expect(await creditsUsed()).toBe(before)
  })
})
