// "Use in code" on /info, in Chromium: the project's snippets carry the real values (this server's
// endpoint, the project's Iconify prefix and id, an icon's Iconify name); each Copy button is reached
// and pressed by keyboard and puts exactly its snippet on the clipboard; axe finds nothing at 1280
// and 375 px in both themes, and at 375 px nothing widens the page (the code scrolls in its block).
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { iconifyMessages, messages } from '../../common/messages.ts'
import { type ApiUser, proUserWithProject } from '../setup/api-user.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { auditBothThemes } from '../setup/axe.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'

const HOUSE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M3 9l9-7 9 7v11H3z"/></svg>'

let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
let user: ApiUser
let prefix = ''

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl })
  user = await proUserWithProject(app.baseUrl, smtp, 'coder@example.com')
  const icon = {
    id: crypto.randomUUID(),
    name: 'ArrowLeft',
    svg: HOUSE,
    project_id: user.projectId,
    workspace_id: null,
  }
  expect((await user.call('/api/icons/create', icon)).status).toBe(200)
  const projects = (await (await user.call('/api/projects')).json()) as {
    data: { id: string; iconify_prefix: string }[]
  }
  prefix = projects.data.find((p) => p.id === user.projectId)!.iconify_prefix
  expect(prefix).toBeTruthy()
  await signIn(page, app, smtp, 'coder@example.com')
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

test('each snippet, with the real values, is copied by keyboard; accessible at 1280 and 375 px', async () => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${app.baseUrl}/info?projectId=${user.projectId}`)
  const section = page.getByTestId('use-in-code')
  await section.waitFor()
  const endpoint = `${app.baseUrl}/api/iconify/YOUR_READ_TOKEN`
  await expect
    .poll(() => section.getByTestId('snippet-iconify-icon').textContent())
    .toContain(`@iconvault:${prefix}:arrow-left`)
  const wanted: Record<string, string> = {
    'Iconify endpoint': endpoint,
    'iconvault CLI': `iconvault pull --project ${user.projectId} --format react-ts --out src/icons`,
    'Iconify web component (addAPIProvider)': `addAPIProvider('iconvault', { resources: ['${endpoint}'] })`,
    'Tailwind CSS 4 (exported package)': `icon-[${prefix}--arrow-left]`,
    'unplugin-icons (exported package)': `from '~icons/${prefix}/arrow-left'`,
  }
  for (const [title, text] of Object.entries(wanted)) {
    const button = section.getByRole('button', { name: `Copy ${title}` })
    await button.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(text)
    const block = await button.locator('xpath=ancestor::li[1]').locator('pre').textContent()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(block)
  }
  expect(await auditBothThemes(page, 'use in code at 1280 px')).toEqual([])

  await page.setViewportSize({ width: 375, height: 800 })
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
    .toBe(true)
  expect(await auditBothThemes(page, 'use in code at 375 px')).toEqual([])
}, 120_000)

test('Project Settings leads to the snippets: its link opens Info with "Use in code" in view', async () => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${app.baseUrl}/icons?projectId=${user.projectId}`)
  await page.getByTestId('project-picker').click()
  await page
    .getByRole('dialog', { name: 'Workspaces and projects' })
    .getByRole('button', { name: /^Settings of/ })
    .first()
    .click()
  const settings = page.getByRole('dialog', { name: messages.projectSettings })
  await settings.getByRole('link', { name: iconifyMessages.useInCodeLink }).click()
  await settings.waitFor({ state: 'detached' })
  await page.waitForURL(/\/info\?.*#use-in-code$/)
  const section = page.getByTestId('use-in-code')
  await section.waitFor()
  // In view: the section's top is inside the window once the page has scrolled to it.
  await expect
    .poll(() => section.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight))
    .toBe(true)
})
