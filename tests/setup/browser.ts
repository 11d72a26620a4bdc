// Chromium for end-to-end tests (Debian's /usr/bin/chromium through playwright-core), and a signIn()
// fixture that goes through the real magic-link flow with the mail read from the test SMTP server.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'

export type TestBrowser = {
  context: BrowserContext
  /** The context's first tab. */
  page: Page
  close(): Promise<void>
}

/**
 * `serviceWorkers: 'allow'` lets the app's service worker run (offline tests); other tests block it,
 * so that page.route() sees every request and no test pays for the precache download.
 */
export async function launchBrowser(
  options: {
    viewport?: { width: number; height: number }
    serviceWorkers?: 'allow' | 'block'
    /** A phone's touch screen (hasTouch, isMobile: coarse pointer, taps). */
    touch?: boolean
  } = {},
) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'iconvault-chromium-'))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
    serviceWorkers: options.serviceWorkers ?? 'block',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const page = context.pages()[0] ?? (await context.newPage())
  const browser: TestBrowser = {
    context,
    page,
    close: async () => {
      await context.close()
      rmSync(userDataDir, { recursive: true, force: true })
    },
  }
  return browser
}

type AppLike = { baseUrl: string }
type SmtpLike = {
  waitForMail(to: string, opts?: { after?: number }): Promise<{ link: string | null }>
}

/** Signs in through /sign-in and the e-mailed magic link; resolves on /icons. */
export async function signIn(page: Page, app: AppLike, smtp: SmtpLike, email: string) {
  await page.goto(`${app.baseUrl}/sign-in`)
  await page.getByLabel('E-mail address').fill(email)
  const after = Date.now()
  await page.getByRole('button', { name: 'Send magic link' }).click()
  await page.getByTestId('check-inbox').waitFor()
  const mail = await smtp.waitForMail(email, { after })
  if (!mail.link) throw new Error(`The mail to ${email} carries no sign-in link`)
  await page.goto(mail.link)
  await page.waitForURL((url) => url.pathname === '/icons')
}

/**
 * A JSON call made by the page itself (its fetch, its cookies and origin): GET without a body,
 * POST with one. Answers are inspected field by field, hence `any`.
 */
// biome-ignore lint/suspicious/noExplicitAny: JSON answers are inspected field by field
export const fetchInPage = (page: Page, path: string, body?: unknown): Promise<any> =>
  page.evaluate(
    async ([p, b]) => {
      const init =
        b === undefined
          ? {}
          : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) }
      return (await fetch(p as string, init)).json()
    },
    [path, body] as const,
  )
