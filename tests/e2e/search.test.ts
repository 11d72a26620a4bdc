// Search by meaning in the vault, in Chromium: typing "cog" finds the icon named "settings"
// and its tile says it matched a synonym (in its text and its accessible name); a former name, a tag, a
// label and a typo find theirs, best match first; the index lives in a Web Worker (the page runs one),
// and the synonym list is not part of the page's first JavaScript. A dropped file's name suggests its
// tags, which reach the server.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { fetchInPage, launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'
import { dropFiles } from '../setup/vault-page.ts'

const EMAIL = 'sam-search@example.com'
const SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>'
let smtp: TestSmtp
let app: AppProcess
let browser: TestBrowser
let page: Page
const projectId = crypto.randomUUID()

const tiles = () => page.getByTestId('icon-tile')
const tileLabels = () => tiles().evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
const search = (query: string) => page.getByRole('searchbox').fill(query)

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  browser = await launchBrowser()
  page = browser.page
  await signIn(page, app, smtp, EMAIL)
  expect(await subscribe(page, app.baseUrl, 'pro')).toBe(true)
  const project = { id: projectId, name: 'Search', description: '', workspace_id: null }
  expect((await fetchInPage(page, '/api/projects/create', project)).data?.id).toBe(projectId)
  const icons: [string, Record<string, unknown>][] = [
    ['settings', {}],
    ['trash', {}],
    ['home', {}],
    ['star', { tags: ['favourite'] }],
    ['ic_alert', { label: 'Warning sign' }],
    ['arrow-right', {}],
  ]
  const ids: Record<string, string> = {}
  for (const [name, meaning] of icons) {
    const id = crypto.randomUUID()
    ids[name] = id
    const body = { id, name, svg: SQUARE, project_id: projectId, workspace_id: null, ...meaning }
    expect((await fetchInPage(page, '/api/icons/create', body)).data?.id).toBe(id)
  }
  // Renamed, "home" stays the icon's former name.
  expect((await fetchInPage(page, '/api/icons/update', { id: ids.home, name: 'house' })).data?.name).toBe(
    'house',
  )
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await smtp?.close()
})

describe('search by meaning in the vault', () => {
  test('"cog" finds the icon named "settings" and the tile says it matched a synonym', async () => {
    // Scripts the page fetches before anything is typed (its first JavaScript and what follows).
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    await expect.poll(() => tiles().count(), { timeout: 15_000 }).toBe(6)
    // The tiles may be the project's first screen (ADR 0419) while its whole list still comes: the
    // count says so ("Loading…") until then. Searched once the whole list is here.
    await expect.poll(() => page.getByTestId('icon-count').textContent(), { timeout: 15_000 }).toBe('6 icons')
    const scriptsBeforeTyping = [...scripts]
    await search('cog')
    await expect.poll(tileLabels, { timeout: 15_000 }).toEqual(['settings, synonym of cog'])
    expect(await tiles().first().getByTestId('icon-match').textContent()).toBe('synonym of cog')
    expect(await page.getByTestId('icon-count').textContent()).toBe('1 of 6 icons')
    // The index was built, and is searched, in a worker: the page runs the search worker.
    expect(page.workers().some((w) => w.url().includes('search-worker'))).toBe(true)
    // Neither the worker nor the synonym list was among the scripts before anyone typed.
    expect(scriptsBeforeTyping.length).toBeGreaterThan(0)
    expect(scriptsBeforeTyping.filter((url) => /search-worker|synonyms/.test(url))).toEqual([])
  })

  test('a former name, a tag, a label and a typo find theirs and say why', async () => {
    await search('home')
    await expect.poll(tileLabels).toEqual(['house, was home'])
    await search('favourite')
    await expect.poll(tileLabels).toEqual(['star, tag favourite'])
    await search('warning')
    await expect.poll(tileLabels).toEqual(['ic_alert, label'])
    await search('setings')
    await expect.poll(tileLabels).toEqual(['settings, close to setings'])
    await search('garbage')
    await expect.poll(tileLabels).toEqual(['trash, synonym of garbage'])
  })

  test('results are ranked: the exact name first; Escape clears the search and all icons return', async () => {
    const id = crypto.randomUUID()
    const body = { id, name: 'arrow', svg: SQUARE, project_id: projectId, workspace_id: null }
    expect((await fetchInPage(page, '/api/icons/create', body)).data?.id).toBe(id)
    await search('arrow')
    await expect.poll(tileLabels, { timeout: 15_000 }).toEqual(['arrow', 'arrow-right'])
    await page.getByRole('searchbox').press('Escape')
    await expect.poll(() => tiles().count()).toBe(7)
    expect(await page.getByTestId('icon-match').count()).toBe(0)
  })

  test("a dropped file's name gives the new icon its tags, stored on the server", async () => {
    // A drawing of its own (the same drawing as another icon would be held back as a duplicate).
    const CART =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 4h2l3 11h10l2-8H7"/><circle cx="9" cy="19" r="1.5"/><circle cx="17" cy="19" r="1.5"/></svg>'
    await dropFiles(page, [{ name: 'ic_shopping-cart_24px.svg', text: CART }])
    const stored = async () =>
      (
        (await fetchInPage(page, `/api/icons?project_id=${projectId}`)).data as {
          name: string
          tags: string[]
        }[]
      ).find((icon) => icon.name === 'ic_shopping-cart_24px')?.tags
    await expect.poll(stored, { timeout: 20_000 }).toEqual(['shopping', 'cart'])
  })
})
