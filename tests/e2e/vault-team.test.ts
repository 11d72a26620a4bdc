// The vault shared by a team: a gold owner's workspace reviews members' icons. The member drops SVG
// files; the owner sees them appear live as "needs review", approves them from the Needs review
// filter (the member sees it live) and moves one to another project (offline; the same icon, synced);
// as a viewer the member sees no upload, rename or delete.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { messages } from '../../common/messages.ts'
import type { AppProcess } from '../setup/app-process.ts'
import { getAs, postAs, startTeamPages, type TeamPages } from '../setup/team-pages.ts'
import { dropFiles } from '../setup/vault-page.ts'

const OWNER = 'olga@example.com'
const MATE = 'milo@example.com'
const fixture = (name: string) => ({
  name,
  text: readFileSync(new URL(`../fixtures/upload/${name}`, import.meta.url), 'utf8'),
})
let app: AppProcess
let team: TeamPages | undefined
let owner: Page
let mate: Page
const workspaceId = crypto.randomUUID()
const projectId = crypto.randomUUID()
const otherProjectId = crypto.randomUUID()

const post = (page: Page, path: string, data: unknown) => postAs(page, app.baseUrl, path, data)
const get = <T>(page: Page, path: string) => getAs<T>(page, app.baseUrl, path)
const tiles = (page: Page) => page.getByTestId('icon-tile')
const labels = (page: Page) => tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))

beforeAll(async () => {
  team = await startTeamPages({
    owner: OWNER,
    mate: MATE,
    mateRole: 'member',
    workspace: { id: workspaceId, name: 'Acme' },
    projects: [
      { id: projectId, name: 'App' },
      { id: otherProjectId, name: 'Web' },
    ],
  })
  ;({ app, owner, mate } = team)
  await post(owner, '/api/workspaces/update', {
    id: workspaceId,
    name: 'Acme',
    description: '',
    review_icons: true,
  })
  await Promise.all([owner, mate].map((p) => p.goto(`${app.baseUrl}/icons?projectId=${projectId}`)))
  await Promise.all([owner, mate].map((p) => p.getByTestId('vault').waitFor()))
})

afterAll(async () => {
  await team?.close()
})

describe('a vault shared in a reviewing workspace', () => {
  test("a member's dropped icons appear live in the owner's grid as needing review", async () => {
    await dropFiles(mate, [fixture('arrow-right.svg'), fixture('heart.svg')])
    await expect.poll(() => tiles(mate).count()).toBe(2)
    await expect
      .poll(() => labels(owner), { timeout: 15_000 })
      .toEqual(['arrow-right, needs review', 'heart, needs review'])
    await mate.getByTestId('status-filter').click()
    expect(await mate.getByRole('option').allTextContents()).toEqual(['All', 'Approved', 'Duplicates'])
    await mate.keyboard.press('Escape')
  })

  test('the owner approves them from the Needs review filter; the member sees it live', async () => {
    await owner.getByTestId('status-filter').click()
    await owner.getByRole('option', { name: 'Needs review (2)' }).click()
    await tiles(owner).first().click()
    await owner.keyboard.press('Control+a')
    await owner.getByTestId('bulk-bar').getByRole('button', { name: 'Approve' }).click()
    await owner.getByTestId('toast').filter({ hasText: 'Approved 2 icons' }).waitFor()
    await owner.getByText('No icons match.').waitFor()
    await expect.poll(() => labels(mate), { timeout: 15_000 }).toEqual(['arrow-right', 'heart'])
  })

  test('the owner moves an icon to another project of the workspace, offline: the same icon, synced', async () => {
    type Row = { id: string; name: string; user_id: string; created_at: string }
    const [heart] = (await get<Row[]>(owner, `/api/icons?project_id=${projectId}`)).filter(
      (i) => i.name === 'heart',
    )
    await owner.getByTestId('status-filter').click()
    await owner.getByRole('option', { name: 'All' }).click()
    await tiles(owner)
      .filter({ hasText: 'heart' })
      .click({ modifiers: ['Control'] })
    await owner.context().setOffline(true)
    await owner.getByTestId('bulk-bar').getByRole('button', { name: 'Move…' }).click()
    const dialog = owner.getByRole('dialog', { name: 'Move icons' })
    await dialog.getByRole('radio', { name: 'Web' }).click()
    await dialog.getByRole('button', { name: 'Move' }).click()
    await expect.poll(() => labels(owner)).toEqual(['arrow-right'])
    await owner.context().setOffline(false)
    const names = async (id: string) =>
      (await get<{ name: string }[]>(owner, `/api/icons?project_id=${id}`)).map((i) => i.name)
    await expect.poll(() => names(otherProjectId), { timeout: 15_000 }).toEqual(['heart'])
    // A move, not a copy: the member's icon keeps its id, author and date.
    const [moved] = await get<Row[]>(owner, `/api/icons?project_id=${otherProjectId}`)
    expect(moved).toMatchObject({ id: heart!.id, user_id: heart!.user_id, created_at: heart!.created_at })
    await expect.poll(() => names(projectId)).toEqual(['arrow-right'])
    await expect.poll(() => labels(mate), { timeout: 15_000 }).toEqual(['arrow-right'])
  })

  test('as a viewer the member sees no upload, rename or delete, and a drop is refused', async () => {
    const people = await get<{ id: string; email: string }[]>(
      owner,
      `/api/workspaces/access-users?workspaceId=${workspaceId}`,
    )
    const person = people.find((p) => p.email === MATE)!
    await post(owner, '/api/workspaces/update-access-user', {
      workspaceId,
      personId: person.id,
      role: 'viewer',
    })
    await expect
      .poll(() => mate.getByRole('button', { name: 'Add SVG files' }).count(), { timeout: 15_000 })
      .toBe(0)
    await tiles(mate).first().dblclick()
    const panel = mate.getByTestId('icon-detail')
    await panel.getByRole('button', { name: 'Copy as SVG' }).waitFor()
    expect(await panel.getByRole('button', { name: 'Rename', exact: true }).count()).toBe(0)
    expect(await panel.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    await mate.keyboard.press('Escape')
    await dropFiles(mate, [fixture('bell.svg')])
    await mate.getByTestId('toast').filter({ hasText: messages.notAuthorized }).first().waitFor()
    expect(await tiles(mate).count()).toBe(1)
  })
})
