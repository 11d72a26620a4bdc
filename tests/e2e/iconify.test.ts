// The Iconify ecosystem drawing a team's icon (ADR 0021): a page on another origin,
// served by this test, loads the `iconify-icon` web component from node_modules and points an API
// provider at the endpoint (`addAPIProvider('team', { resources: [<server>/api/iconify/<token>] })`);
// `@team:<prefix>:<name>` then draws the project's icon in Chromium (fetched cross-origin: CORS), and
// its former name (an alias) draws the same drawing. In Project Settings the project's admin changes
// its prefix: one not of Iconify's shape is refused before saving, one taken by another project is
// refused by the server with its message, a good one is what the endpoint answers under.
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { iconifyMessages, messages } from '../../common/messages.ts'
import { type ApiUser, proUserWithProject } from '../setup/api-user.ts'
import { type AppProcess, freePort, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'

const COMPONENT = readFileSync(
  createRequire(import.meta.url).resolve('iconify-icon/dist/iconify-icon.min.js'),
)
const HOUSE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M3 9l9-7 9 7v11H3z"/></svg>'

let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
let site: Server
let siteUrl: string
let user: ApiUser
/** What the page of the other origin is (set by the test once it has its token). */
let html = ''
let token = ''

/** A static page of another origin: the component, the provider, and the icons asked for. */
const pageHtml = (resource: string, icons: string[]) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Team icons</title></head><body>
<script src="/iconify-icon.js"></script>
<script>customElements.get('iconify-icon').addAPIProvider('team', { resources: [${JSON.stringify(resource)}] })</script>
${icons.map((icon) => `<iconify-icon icon="${icon}" width="48"></iconify-icon>`).join('\n')}
</body></html>`

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  user = await proUserWithProject(app.baseUrl, smtp, 'iris@example.com')
  site = createServer((req, res) => {
    if (req.url === '/iconify-icon.js')
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(COMPONENT)
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
  })
  const port = await freePort()
  await new Promise<void>((resolve) => site.listen(port, '127.0.0.1', resolve))
  siteUrl = `http://127.0.0.1:${port}`
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
  await new Promise((resolve) => site?.close(resolve))
})

test('iconify-icon on another origin draws @team:<prefix>:<name> and its alias from the endpoint', async () => {
  const json = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()) as { data: Record<string, unknown> }
  }
  const renamed = await json(
    await user.call('/api/projects/update', {
      id: user.projectId,
      name: 'Pool',
      description: '',
      iconify_prefix: 'team-set',
    }),
  )
  expect(renamed.data.iconify_prefix).toBe('team-set')
  const id = crypto.randomUUID()
  await json(
    await user.call('/api/icons/create', {
      id,
      name: 'home',
      svg: HOUSE,
      project_id: user.projectId,
      workspace_id: null,
    }),
  )
  await json(await user.call('/api/icons/update', { id, name: 'house' })) // "home" stays as an alias
  const { data } = await json(await user.call('/api/tokens/create', { name: 'Site', scope: 'read' }))
  token = data.token as string
  const resource = `${app.baseUrl}/api/iconify/${token}`
  html = pageHtml(resource, ['@team:team-set:house', '@team:team-set:home'])

  await page.goto(siteUrl)
  const drawn = (n: number) =>
    page
      .locator('iconify-icon')
      .nth(n)
      .evaluate((el) => el.shadowRoot?.querySelector('svg')?.outerHTML ?? '')
  for (const n of [0, 1]) {
    await expect.poll(() => drawn(n)).toContain('<path d="M3 9l9-7 9 7v11H3z"')
    const svg = await drawn(n)
    expect(svg).toContain('stroke="currentColor"')
    expect(svg).toContain('viewBox="0 0 24 24"')
    expect(svg).toContain('width="48"')
  }
})

test('Project Settings: the Iconify prefix is checked, a taken one refused with its message, a good one served', async () => {
  const other = crypto.randomUUID()
  const made = await user.call('/api/projects/create', { id: other, name: 'Other set', workspace_id: null })
  expect(made.status).toBe(200)
  const served = async (prefix: string) =>
    (await fetch(`${app.baseUrl}/api/iconify/${token}/${prefix}.json?icons=house`)).status
  await signIn(page, app, smtp, 'iris@example.com')
  await page.goto(`${app.baseUrl}/icons?projectId=${user.projectId}`)
  const openSettings = async () => {
    await page.getByTestId('project-picker').click()
    await page
      .getByRole('dialog', { name: 'Workspaces and projects' })
      .getByRole('button', { name: 'Settings of Pool' })
      .click()
    return page.getByRole('dialog', { name: messages.projectSettings })
  }
  let settings = await openSettings()
  const field = settings.getByLabel(iconifyMessages.prefixLabel)
  await expect.poll(() => field.inputValue()).toBe('team-set')
  const save = settings.getByRole('button', { name: messages.saveChanges })
  await field.fill('Bad Prefix')
  await settings.getByText(iconifyMessages.prefixInvalid).waitFor()
  expect(await save.isDisabled()).toBe(true)

  await field.fill('other-set') // the other project's, derived from its name
  await save.click()
  await page
    .getByTestId('toast')
    .filter({ hasText: iconifyMessages.prefixTaken('other-set') })
    .first()
    .waitFor()
  expect(await served('team-set')).toBe(200)

  settings = await openSettings()
  await expect.poll(() => settings.getByLabel(iconifyMessages.prefixLabel).inputValue()).toBe('team-set')
  await settings.getByLabel(iconifyMessages.prefixLabel).fill('brand-set')
  await settings.getByRole('button', { name: messages.saveChanges }).click()
  await expect.poll(() => served('brand-set')).toBe(200)
  expect(await served('team-set')).toBe(404)

  // The description is set here too, kept by the server and shown again.
  settings = await openSettings()
  await settings.getByLabel('Description').fill('Icons of the pool site')
  await settings.getByRole('button', { name: messages.saveChanges }).click()
  const described = async () => {
    const list = (await (await user.call('/api/projects')).json()) as {
      data: { id: string; description: string }[]
    }
    return list.data.find((p) => p.id === user.projectId)?.description
  }
  await expect.poll(described, { timeout: 15_000 }).toBe('Icons of the pool site')
  settings = await openSettings()
  await expect.poll(() => settings.getByLabel('Description').inputValue()).toBe('Icons of the pool site')
  await page.keyboard.press('Escape')
})
