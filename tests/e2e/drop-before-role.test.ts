// A member on a new device drops files the moment the vault shows. The vault shows from the first
// screen's project row before the sync has brought the workspace (ADR 0425), so the page does not
// know the member's role yet: the drop waits for it, instead of being refused as "not authorized"
// (which is what a member saw when the sync was slow), and the icons reach the server.
import { readFileSync } from 'node:fs'
import type { Route } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { messages } from '../../common/messages.ts'
import { launchBrowser, type TestBrowser } from '../setup/browser.ts'
import { getAs, postAs, startTeamPages, type TeamPages } from '../setup/team-pages.ts'
import { dropFiles } from '../setup/vault-page.ts'

const fixture = (name: string) => ({
  name,
  text: readFileSync(new URL(`../fixtures/upload/${name}`, import.meta.url), 'utf8'),
})
const workspaceId = crypto.randomUUID()
const projectId = crypto.randomUUID()
let team: TeamPages
let device: TestBrowser

beforeAll(async () => {
  team = await startTeamPages({
    owner: 'drop-role-owner@example.com',
    mate: 'drop-role-member@example.com',
    mateRole: 'member',
    workspace: { id: workspaceId, name: 'Acme' },
    projects: [{ id: projectId, name: 'App' }],
  })
  await postAs(team.owner, team.app.baseUrl, '/api/icons/create', {
    id: crypto.randomUUID(),
    name: 'home',
    svg: fixture('home.svg').text,
    project_id: projectId,
    workspace_id: workspaceId,
  })
  // The member's new device: a browser holding nothing but the session.
  device = await launchBrowser({ viewport: { width: 1280, height: 800 } })
  await device.context.addCookies(await team.mate.context().cookies(team.app.baseUrl))
})

afterAll(async () => {
  await device?.close()
  await team?.close()
})

test("files dropped before the member's role is known wait for it and are added", async () => {
  const { page, context } = device
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  // The list of the member's workspaces (which brings their role) and the scopes' pulls are held back.
  const hold = async (route: Route) => {
    await held
    await route.continue()
  }
  await context.route('**/api/workspaces', hold)
  await context.route('**/api/sync?**', hold)
  await page.goto(`${team.app.baseUrl}/icons?projectId=${projectId}`)
  await page.getByTestId('icon-tile').first().waitFor()
  // The vault shows from the first screen; the role is not known, so nothing offers to add icons.
  expect(await page.getByRole('button', { name: 'Add SVG files' }).count()).toBe(0)

  await dropFiles(page, [fixture('arrow-right.svg'), fixture('heart.svg')])
  release()
  await expect.poll(() => page.getByTestId('icon-tile').count(), { timeout: 20_000 }).toBe(3)
  await expect
    .poll(
      async () =>
        (await getAs<{ name: string }[]>(team.owner, team.app.baseUrl, `/api/icons?project_id=${projectId}`))
          .map((icon) => icon.name)
          .sort(),
      { timeout: 20_000 },
    )
    .toEqual(['arrow-right', 'heart', 'home'])
  expect(await page.getByText(messages.notAuthorized).count()).toBe(0)
  await context.unroute('**/api/workspaces')
  await context.unroute('**/api/sync?**')
})
