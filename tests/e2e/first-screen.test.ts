// A new device's first visit of a large project (ADR 0419, 0425), in Chromium: while the project's
// whole list and the sync are still coming (held here until the test lets them go), the vault already
// shows the project's first icons in the grid's name order (numbers by value), saying the rest is
// coming instead of a count; when the list comes the count gives them all. Once the project is held on the device,
// opening it again asks for no first screen.
import type { Request, Route } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { fetchInPage, launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'

const COUNT = 600
type Map = { sources: string[] }
const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h${(n % 9) + 1}v9z"/></svg>`
let smtp: TestSmtp
let app: AppProcess
let owner: TestBrowser
let device: TestBrowser
const projectId = crypto.randomUUID()

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
  owner = await launchBrowser()
  await signIn(owner.page, app, smtp, 'first-screen@example.com')
  expect(await subscribe(owner.page, app.baseUrl, 'pro')).toBe(true)
  const project = { id: projectId, name: 'Large', description: '', workspace_id: null }
  expect((await fetchInPage(owner.page, '/api/projects/create', project)).data?.id).toBe(projectId)
  // Created in reverse, so that the list's own order (oldest first) is not the name order.
  const icons = Array.from({ length: COUNT }, (_, i) => COUNT - i).map((n) => ({
    id: crypto.randomUUID(),
    name: `icon ${n}`,
    svg: svgOf(n),
    project_id: projectId,
  }))
  for (let i = 0; i < COUNT; i += 300) {
    const res = await fetchInPage(owner.page, '/api/icons/create-many', { icons: icons.slice(i, i + 300) })
    expect(res.data?.results?.length).toBe(300)
  }
  // A new device: a browser holding nothing but the session.
  const cookies = await owner.context.cookies(app.baseUrl)
  device = await launchBrowser({ viewport: { width: 1280, height: 800 } })
  await device.context.addCookies(cookies)
})

afterAll(async () => {
  await owner?.close()
  await device?.close()
  await app?.stop()
  await smtp?.close()
})

test('the first screen shows before the whole list and before the sync, in name order, the rest said to be coming', async () => {
  const { page, context } = device
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  // The whole list and the scopes' pulls (which bring the project's row) are held back: the vault
  // shows from the first screen and the project's row that came with it (ADR 0419, 0425).
  const hold = async (route: Route) => {
    await held
    await route.continue()
  }
  await context.route(`**/api/icons?project_id=${projectId}`, hold)
  await context.route('**/api/sync?**', hold)
  const asked: string[] = []
  const onRequest = (request: Request) => asked.push(new URL(request.url()).pathname)
  page.on('request', onRequest)
  await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
  const tiles = page.getByTestId('icon-tile')
  await expect.poll(() => tiles.count(), { timeout: 20_000 }).toBeGreaterThan(10)
  page.off('request', onRequest)
  const names = (await tiles.allInnerTexts()).map((text) => text.trim())
  expect(names.slice(0, 12)).toEqual(Array.from({ length: 12 }, (_, i) => `icon ${i + 1}`))
  expect(await page.getByTestId('icon-count').textContent()).toBe(appMessages.firstScreenShown)
  // The user and the first screen were asked for before the vault's code, not queued behind it.
  const appCode = asked.findIndex((path) => path.startsWith('/assets/_app-'))
  expect(appCode).toBeGreaterThan(-1)
  expect(asked.indexOf('/api/me')).toBeGreaterThan(-1)
  expect(asked.indexOf('/api/me')).toBeLessThan(appCode)
  expect(asked.indexOf('/api/icons/first')).toBeLessThan(appCode)
  // Asked by the page's first script (first-request.ts), not once the app's entry had loaded.
  expect(asked.indexOf('/api/icons/first')).toBeLessThan(asked.indexOf('/api/me'))
  // What the first tiles waited for carries no SVG parser, no zod and no auth client (ADR 0406): they
  // load with the first drop, checklist, form or sign-out. Read from the scripts' source maps.
  // (The bundler's runtime, a few lines of its own, has no source map.)
  const scripts = asked.filter(
    (path) =>
      path.startsWith('/assets/') && path.endsWith('.js') && !path.startsWith('/assets/rolldown-runtime-'),
  )
  const sources = await Promise.all(
    scripts.map(async (path) => ((await (await fetch(`${app.baseUrl}${path}.map`)).json()) as Map).sources),
  )
  expect(
    sources.flat().filter((source) => source.includes('node_modules/react-dom/')).length,
  ).toBeGreaterThan(0)
  expect(sources.flat().filter((source) => /node_modules\/(@xmldom|zod|better-auth)\//.test(source))).toEqual(
    [],
  )
  release()
  await expect.poll(() => page.getByTestId('icon-count').textContent(), { timeout: 20_000 }).toBe('600 icons')
  // The project's row is stored here (by the list before it lists, or by the sync): the picker names it.
  await expect
    .poll(() => page.getByTestId('project-picker').textContent(), { timeout: 20_000 })
    .toContain('Large')
  await context.unroute(`**/api/icons?project_id=${projectId}`)
  await context.unroute('**/api/sync?**')
})

/** Whether the device's local database marks the project held (its whole list stored). */
const heldHere = () =>
  device.page.evaluate(
    (id) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('Iconvault')
        open.onerror = () => resolve(false)
        open.onsuccess = () => {
          const db = open.result
          const get = db.transaction('held').objectStore('held').get(id)
          get.onsuccess = () => resolve(get.result !== undefined)
          get.onerror = () => resolve(false)
          get.transaction!.oncomplete = () => db.close()
        }
      }),
    projectId,
  )

test('a project held on the device asks for no first screen', async () => {
  const { page } = device
  await expect.poll(heldHere, { timeout: 20_000 }).toBe(true)
  const asked: string[] = []
  const onRequest = (request: Request) => asked.push(new URL(request.url()).pathname)
  page.on('request', onRequest)
  await page.reload()
  await expect.poll(() => page.getByTestId('icon-count').textContent(), { timeout: 20_000 }).toBe('600 icons')
  page.off('request', onRequest)
  expect(asked).toContain('/api/me')
  expect(asked).not.toContain('/api/icons/first')
})

test("on a phone, the whole list's count takes the place the first screen's note held: the grid does not move", async () => {
  const phone = await launchBrowser({ viewport: { width: 375, height: 740 }, touch: true })
  try {
    await phone.context.addCookies(await owner.context.cookies(app.baseUrl))
    const { page, context } = phone
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await context.route(`**/api/icons?project_id=${projectId}`, async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    await page.getByTestId('icon-tile').first().waitFor()
    expect(await page.getByTestId('icon-count').textContent()).toBe(appMessages.firstScreenShown)
    const gridTop = async () => (await page.getByTestId('icon-grid').boundingBox())?.y
    const before = await gridTop()
    release()
    await expect
      .poll(() => page.getByTestId('icon-count').textContent(), { timeout: 20_000 })
      .toBe('600 icons')
    expect(await gridTop()).toBe(before)
  } finally {
    await phone.close()
  }
})
