// A new member joins through the owner's project link (docs/product.md §Invitations), at
// 1280 and 375 px: they open it signed out, sign in by the e-mailed link, land on that project with
// the workspace's invitation on top, accept, and stay on the page they asked for, its 39 icons on
// screen within a second of the dialog closing, never "0 icons" or the empty drop zone meanwhile,
// without a reload.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { messages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from '../setup/browser.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { subscribe } from '../setup/subscribe.ts'
import { postAs } from '../setup/team-pages.ts'

const ICONS = 39
const svg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} ${Math.floor(n / 20) + 2}h3v${3 + (n % 7)}h-3z"/></svg>`
let smtp: TestSmtp
let app: AppProcess
const browsers: TestBrowser[] = []

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await startApp({ env: { SMTP_URL: smtp.url } })
})

afterAll(async () => {
  for (const b of browsers) await b.close()
  await app?.stop()
  await smtp?.close()
})

test.each([1280, 375])(
  'a new member opens the project link signed out, accepts and sees its icons at once, at %i px',
  async (width) => {
    const owner = await launchBrowser()
    const guest = await launchBrowser({ viewport: { width, height: 812 } })
    browsers.push(owner, guest)
    const ownerEmail = `owner-${width}@example.com`
    const guestEmail = `new-${width}@example.com`
    await signIn(owner.page, app, smtp, ownerEmail)
    expect(await subscribe(owner.page, app.baseUrl, 'gold')).toBe(true)
    const post = (path: string, data: unknown) => postAs(owner.page, app.baseUrl, path, data)
    const workspaceId = randomUUID()
    const projectId = randomUUID()
    await post('/api/workspaces/create', { id: workspaceId, name: 'Studio', description: '' })
    await post('/api/projects/create', {
      id: projectId,
      name: 'Glyphs',
      description: '',
      workspace_id: workspaceId,
    })
    await post('/api/icons/create-many', {
      icons: Array.from({ length: ICONS }, (_, n) => ({
        id: randomUUID(),
        name: `glyph-${n}`,
        svg: svg(n),
        project_id: projectId,
        workspace_id: workspaceId,
      })),
    })
    await post('/api/workspaces/invite-user', { workspaceId, email: guestEmail, role: 'member' })

    // The owner's link, opened signed out: sign-in, then the e-mailed link back to that page.
    const { page } = guest
    const asked = `/icons?projectId=${projectId}`
    await page.goto(`${app.baseUrl}${asked}`)
    await page.waitForURL((url) => url.pathname === '/sign-in')
    await page.getByLabel('E-mail address').fill(guestEmail)
    const after = Date.now()
    await page.getByRole('button', { name: 'Send magic link' }).click()
    const mail = await smtp.waitForMail(guestEmail, { after })
    await page.goto(mail.link!)
    await page.waitForURL(
      (url) => url.pathname === '/icons' && url.searchParams.get('projectId') === projectId,
    )
    const dialog = page.getByTestId('invitation-dialog')
    await dialog.getByText('Studio').waitFor()
    await page.screenshot({ path: `/tmp/join-invited-${width}.png` })

    // From here on, the vault must never claim the project is empty.
    await page.evaluate(() => {
      const w = window as unknown as { sawEmpty: string[] }
      w.sawEmpty = []
      const look = () => {
        if (document.querySelector('[data-testid="empty-vault"]')) w.sawEmpty.push('drop zone')
        if (/(^|\D)0 icons/.test(document.querySelector('[data-testid="vault"]')?.textContent ?? ''))
          w.sawEmpty.push('0 icons')
      }
      new MutationObserver(look).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      })
    })
    await dialog.getByRole('button', { name: messages.accept }).click()
    await dialog.waitFor({ state: 'detached' })
    const landed = Date.now()
    const count = page.getByTestId('vault').getByText(`${ICONS} icons`, { exact: true })
    await count.waitFor({ timeout: 10_000 })
    const shownAfter = Date.now() - landed
    await page.getByTestId('icon-tile').first().waitFor()
    await page.screenshot({ path: `/tmp/join-landed-${width}.png` })

    // The page asked for, not "Select a project"; the project is in the picker as the workspace's.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(asked)
    await page.getByTestId('project-picker').getByText('Studio / Glyphs').waitFor()
    expect(await page.evaluate(() => (window as unknown as { sawEmpty: string[] }).sawEmpty)).toEqual([])
    expect(shownAfter).toBeLessThan(1000)
  },
)
