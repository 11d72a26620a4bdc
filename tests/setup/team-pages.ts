// Two teammates in Chromium, for end-to-end tests of what a team sees: the real server and a test
// SMTP server, two browsers signed in through the e-mailed link, a gold owner's workspace with its
// projects, and the teammate invited with a role and accepted. `post` and `get` are calls made by
// one of the pages (its cookies, the app's Origin), answering the body's `data`.
import type { Page } from 'playwright-core'
import { type AppProcess, startApp } from './app-process.ts'
import { launchBrowser, signIn, type TestBrowser } from './browser.ts'
import { startTestSmtp, type TestSmtp } from './smtp.ts'
import { subscribe } from './subscribe.ts'

export type TeamPages = {
  app: AppProcess
  smtp: TestSmtp
  owner: Page
  mate: Page
  close(): Promise<void>
}

/** A POST by `page` to the app; throws with the answer when it is not 2xx. */
export async function postAs(page: Page, baseUrl: string, path: string, data: unknown) {
  const res = await page.request.post(`${baseUrl}${path}`, { data, headers: { origin: baseUrl } })
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`)
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are inspected field by field
  return ((await res.json()) as { data: any }).data
}

/** A GET by `page` of the app, answering the body's `data`. */
export async function getAs<T>(page: Page, baseUrl: string, path: string): Promise<T> {
  return ((await (await page.request.get(`${baseUrl}${path}`)).json()) as { data: T }).data
}

export async function startTeamPages(opts: {
  owner: string
  mate: string
  mateRole: 'admin' | 'member' | 'viewer'
  workspace: { id: string; name: string }
  projects: { id: string; name: string }[]
}): Promise<TeamPages> {
  const smtp = await startTestSmtp()
  const app = await startApp({ env: { SMTP_URL: smtp.url } })
  const browsers: TestBrowser[] = await Promise.all([launchBrowser(), launchBrowser()])
  const [owner, mate] = browsers.map((b) => b.page) as [Page, Page]
  const close = async () => {
    for (const b of browsers) await b.close()
    await app.stop()
    await smtp.close()
  }
  try {
    await signIn(owner, app, smtp, opts.owner)
    await signIn(mate, app, smtp, opts.mate)
    if (!(await subscribe(owner, app.baseUrl, 'gold')))
      throw new Error('The owner could not subscribe to gold')
    const post = (page: Page, path: string, data: unknown) => postAs(page, app.baseUrl, path, data)
    await post(owner, '/api/workspaces/create', { ...opts.workspace, description: '' })
    for (const project of opts.projects)
      await post(owner, '/api/projects/create', {
        ...project,
        description: '',
        workspace_id: opts.workspace.id,
      })
    await post(owner, '/api/workspaces/invite-user', {
      workspaceId: opts.workspace.id,
      email: opts.mate,
      role: opts.mateRole,
    })
    const [invitation] = await getAs<{ id: string }[]>(mate, app.baseUrl, '/api/workspaces/invitations')
    await post(mate, '/api/workspaces/accept-invitation', { invitationId: invitation!.id })
  } catch (error) {
    await close()
    throw error
  }
  return { app, smtp, owner, mate, close }
}
