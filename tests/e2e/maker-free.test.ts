// The maker in Chromium for a free user on a server without AI: editing and copying work; saving
// shows the plan's message and stores nothing; tracing is refused for lack of credits; the AI
// source says how to configure it; a missing name is said before anything is saved, and without a
// project the plan's message comes first.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appMessages, messages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { fetchInPage, launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'

const HEART =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 21l-8-8a5 5 0 0 1 8-6 5 5 0 0 1 8 6z"/></svg>'
const PNG = readFileSync(new URL('../fixtures/maker/framed-square.png', import.meta.url))

let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
const projectId = randomUUID()

const call = (path: string, body?: unknown) => fetchInPage(page, path, body)

async function startFrom(svg: string, search = `?projectId=${projectId}`) {
  await page.goto(`${app.baseUrl}/maker${search}`)
  await page.getByRole('button', { name: 'Paste SVG code' }).click()
  await page.getByTestId('svg-source').click()
  await page.keyboard.insertText(svg)
  await page.getByTestId('preview-large').waitFor()
}

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl })
  page = browser.page
  await signIn(page, app, smtp, 'maker-free@example.com')
  const created = await call('/api/projects/create', {
    id: projectId,
    name: 'Free project',
    description: '',
    workspace_id: null,
  })
  expect(created.data.id).toBe(projectId)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

describe('the maker on the free plan, without AI', () => {
  test('edit and copy work; saving shows the pro message and stores nothing', async () => {
    await startFrom(HEART)
    await page.getByRole('button', { name: 'Rotate 180°' }).click()
    await page.getByRole('button', { name: 'Use currentColor' }).click()
    await expect.poll(() => page.getByTestId('svg-source').textContent()).toContain('fill="currentColor"')
    await page.getByLabel('Icon name').fill('Free heart')
    for (const [format, expected] of [
      ['CSS', '.free-heart {'],
      ['React Native TS', 'export function FreeHeart({ size = 24, title, decorative, ...props }: IconProps'],
      ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"'],
    ] as const) {
      await page.getByRole('button', { name: format, exact: true }).click()
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(expected)
    }
    await page.getByRole('button', { name: 'Save to vault' }).click()
    await page.getByTestId('save-error').filter({ hasText: messages.needProToSave }).waitFor()
    await page.getByTestId('toast').filter({ hasText: messages.needProToSave }).waitFor()
    expect((await call(`/api/icons?project_id=${projectId}`)).data).toEqual([])
    // Editing still works after the refusal: the flip is written into the drawing itself.
    const before = await page.getByTestId('svg-source').textContent()
    await page.getByRole('button', { name: 'Flip horizontally' }).click()
    await expect.poll(() => page.getByTestId('svg-source').textContent()).not.toBe(before)
    expect(await page.getByTestId('svg-source').textContent()).not.toContain('matrix(')
  })

  test('a name is required before anything else; without a project the plan comes first', async () => {
    await startFrom(HEART)
    await page.getByLabel('Icon name').fill('   ')
    await page.getByRole('button', { name: 'Save to vault' }).click()
    await page.getByText(messages.iconNameRequired).waitFor()
    // Without a project, the free plan's message comes first (not 'No current project selected').
    await startFrom(HEART, '')
    await page.getByTestId('save-blocked').filter({ hasText: messages.needProToSave }).waitFor()
    await page.getByLabel('Icon name').fill('Heart')
    await page.getByRole('button', { name: 'Save to vault' }).click()
    await page.getByTestId('save-error').filter({ hasText: messages.needProToSave }).waitFor()
    expect(await page.getByText(messages.noCurrentProject).count()).toBe(0)
  })

  test('tracing is refused with the reason (no credits on the free plan)', async () => {
    await page.goto(`${app.baseUrl}/maker?projectId=${projectId}`)
    await page.getByRole('tab', { name: 'Trace' }).click()
    await page
      .getByLabel('Image to trace')
      .setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: PNG })
    await page.getByRole('button', { name: 'Trace image · 1 credit' }).click()
    await page.getByRole('alert').filter({ hasText: appMessages.noCreditsOnPlan }).waitFor()
    await page.getByTestId('credits-left').filter({ hasText: '0 of 0 credits left' }).waitFor()
    expect(await page.getByTestId('preview-large').count()).toBe(0)
  })

  test('the AI source says AI generation is not set up here, without the operator’s variables', async () => {
    await page.getByRole('tab', { name: 'AI' }).click()
    const panel = page.getByTestId('ai-unavailable')
    await panel.getByText(appMessages.aiNotConfigured).waitFor()
    expect(await panel.textContent()).not.toMatch(/AI_BASE_URL|AI_API_KEY|AI_MODEL/)
    expect(await page.getByLabel('Icon prompt').count()).toBe(0)
  })
})
