// Nothing deleted is lost, and no change vanishes silently (ADR 0408), with
// two teammates of one workspace: the bulk bar's delete comes back with Undo (same ids); the Delete
// key asks first, then "Recently deleted" restores the icon (the teammate sees it live); a delete and
// its Undo made offline reach the server on reconnect; a rename made offline over a teammate's is
// told to its author, whose Restore brings the teammate's name back; and to the teammate whose
// rename it replaced, live, whose Restore (by keyboard, at 375 px) brings their own name back.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import type { AppProcess } from '../setup/app-process.ts'
import { getAs, postAs, startTeamPages, type TeamPages } from '../setup/team-pages.ts'

const OWNER = 'una@example.com'
const MATE = 'ned@example.com'
const SVG = (d: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${d}" stroke="currentColor"/></svg>`
let app: AppProcess
let team: TeamPages | undefined
let owner: Page
let mate: Page
const workspaceId = crypto.randomUUID()
const projectId = crypto.randomUUID()
const ids: Record<string, string> = {}

const post = (page: Page, path: string, data: unknown) => postAs(page, app.baseUrl, path, data)
const get = <T>(page: Page, path: string) => getAs<T>(page, app.baseUrl, path)
type Row = { id: string; name: string }
const serverIcons = async () =>
  (await get<Row[]>(owner, `/api/icons?project_id=${projectId}`)).map((i) => `${i.name}:${i.id}`).sort()
const expected = (...names: string[]) => names.map((n) => `${n}:${ids[n]}`).sort()
const history = (id: string) =>
  get<{ change: { kind: string } }[]>(owner, `/api/icons/history?id=${id}`).then((h) =>
    h.map((v) => v.change.kind),
  )
const labels = (page: Page) =>
  page.getByTestId('icon-tile').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))
const tile = (page: Page, name: string) => page.locator(`[data-testid="icon-tile"][aria-label="${name}"]`)
const toast = (page: Page, text: string | RegExp) =>
  page.getByTestId('toast').filter({ hasText: text }).last()

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
/** Serious and critical WCAG A/AA violations inside these parts of the page. */
async function axeIn(page: Page, selectors: string[]) {
  // Colours are read as painted: a toast or dialog still fading in or out has its text at part
  // opacity. Wait until every finite animation of the page (fades, slides) has finished.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => {})),
    ),
  )
  await page.evaluate(AXE)
  return page.evaluate(async (include) => {
    type Axe = { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; impact: string }[] }> }
    const { axe } = window as unknown as { axe: Axe }
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
    const result = await axe.run({ include }, { runOnly: { type: 'tag', values: tags } })
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
  }, selectors)
}

beforeAll(async () => {
  team = await startTeamPages({
    owner: OWNER,
    mate: MATE,
    mateRole: 'member',
    workspace: { id: workspaceId, name: 'Acme' },
    projects: [{ id: projectId, name: 'App' }],
  })
  ;({ app, owner, mate: mate } = team)
  for (const [i, name] of ['alpha', 'beta', 'gamma', 'home'].entries()) {
    ids[name] = crypto.randomUUID()
    await post(owner, '/api/icons/create', {
      id: ids[name],
      name,
      svg: SVG(`M${i} 2h10v10`),
      project_id: projectId,
      workspace_id: workspaceId,
    })
  }
  await Promise.all([owner, mate].map((p) => p.goto(`${app.baseUrl}/icons?projectId=${projectId}`)))
  await Promise.all([owner, mate].map((p) => tile(p, 'home').waitFor()))
})

afterAll(async () => {
  await team?.close()
})

describe('undo delete, recently deleted, conflicts told', () => {
  test('the bulk bar deletes two icons; Undo brings back the same icons', async () => {
    await tile(owner, 'alpha').click({ modifiers: ['Control'] })
    await tile(owner, 'beta').click({ modifiers: ['Control'] })
    await owner.getByTestId('bulk-bar').getByRole('button', { name: 'Delete…' }).click()
    const confirm = owner.getByRole('alertdialog', { name: 'Delete 2 icons?' })
    await confirm.getByText(/They are removed from this project for everyone/).waitFor()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => labels(owner)).toEqual(['gamma', 'home'])
    // Reached by keyboard: Alt+T moves focus to the newest toast's action.
    await toast(owner, 'Deleted 2 icons').getByRole('button', { name: appMessages.undo }).waitFor()
    await owner.keyboard.press('Alt+t')
    await expect.poll(() => owner.evaluate(() => document.activeElement?.textContent)).toBe(appMessages.undo)
    await owner.keyboard.press('Enter')
    await expect.poll(() => labels(owner)).toEqual(['alpha', 'beta', 'gamma', 'home'])
    await expect.poll(serverIcons).toEqual(expected('alpha', 'beta', 'gamma', 'home'))
    await expect.poll(() => history(ids.alpha!)).toEqual(['undeleted', 'created'])
    await expect.poll(() => labels(mate), { timeout: 15_000 }).toEqual(['alpha', 'beta', 'gamma', 'home'])
  })

  test('the Delete key asks first; Recently deleted restores the icon, live for the teammate', async () => {
    await tile(owner, 'gamma').click({ modifiers: ['Control'] })
    await owner.keyboard.press('Delete')
    await owner
      .getByRole('alertdialog', { name: 'Delete 1 icon?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect.poll(() => labels(mate), { timeout: 15_000 }).toEqual(['alpha', 'beta', 'home'])
    // At 375 px the toolbar's trash button and the dialog fit the screen.
    await owner.setViewportSize({ width: 375, height: 740 })
    await owner.getByTestId('recently-deleted').click()
    const dialog = owner.getByTestId('trash-dialog')
    const row = dialog.getByTestId('deleted-icon').filter({ hasText: 'gamma' })
    await row.getByText(/Deleted .* by you/).waitFor()
    expect(await axeIn(owner, ['[data-testid="trash-dialog"]', '[data-toaster]'])).toEqual([])
    await row.getByRole('button', { name: appMessages.restoreNamed('gamma') }).click()
    await dialog.getByTestId('trash-empty').waitFor()
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await owner.keyboard.press('Escape')
    await owner.setViewportSize({ width: 1280, height: 800 })
    await expect.poll(serverIcons).toEqual(expected('alpha', 'beta', 'gamma', 'home'))
    await expect.poll(() => labels(mate), { timeout: 15_000 }).toEqual(['alpha', 'beta', 'gamma', 'home'])
  })

  test('a delete and its Undo made offline reach the server on reconnect, same id', async () => {
    await owner.context().setOffline(true)
    await tile(owner, 'beta').click({ modifiers: ['Control'] })
    await owner.keyboard.press('Delete')
    await owner
      .getByRole('alertdialog', { name: 'Delete 1 icon?' })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect.poll(() => labels(owner)).toEqual(['alpha', 'gamma', 'home'])
    await toast(owner, 'Deleted 1 icon').getByRole('button', { name: appMessages.undo }).click()
    await expect.poll(() => labels(owner)).toEqual(['alpha', 'beta', 'gamma', 'home'])
    await owner.context().setOffline(false)
    await expect
      .poll(() => history(ids.beta!), { timeout: 15_000 })
      .toEqual(['undeleted', 'undeleted', 'created'])
    expect(await serverIcons()).toEqual(expected('alpha', 'beta', 'gamma', 'home'))
    // The teammate hears the delete, then the undelete, live: it ends with all four.
    await expect.poll(() => labels(mate), { timeout: 15_000 }).toEqual(['alpha', 'beta', 'gamma', 'home'])
  })

  test('a rename made offline over a teammate’s is told to its author; Restore brings hers back', async () => {
    await tile(mate, 'home').focus()
    await mate.keyboard.press('Enter')
    const panel = mate.getByTestId('icon-detail')
    // The panel's code is loaded (its history listed) before the connection goes: tests run without
    // the service worker's precache, and a chunk that cannot load offline reloads the page on reconnect.
    await panel.getByTestId('history-entry').first().waitFor()
    await mate.context().setOffline(true)
    await panel.getByTestId('rename-input').fill('casa')
    await panel.getByRole('button', { name: 'Rename', exact: true }).click()
    await panel.getByRole('heading', { name: 'casa' }).waitFor()
    await post(owner, '/api/icons/update', { id: ids.home, name: 'house' })
    await expect.poll(() => labels(owner), { timeout: 15_000 }).toContain('house')
    await mate.context().setOffline(false)
    const notice = toast(mate, /Your rename of “home” replaced .+’s rename to “house”\./)
    await notice.waitFor({ timeout: 15_000 })
    await expect
      .poll(serverIcons)
      .toEqual(expected('alpha', 'beta', 'gamma').concat(`casa:${ids.home}`).sort())
    await notice.getByRole('button', { name: appMessages.restore }).click()
    await expect
      .poll(serverIcons)
      .toEqual(expected('alpha', 'beta', 'gamma').concat(`house:${ids.home}`).sort())
    // The author's vault shows her name again (the tile: the page may have reloaded on reconnect for
    // a chunk it could not fetch offline, since tests run without the service worker's precache).
    await expect.poll(() => labels(mate), { timeout: 15_000 }).toContain('house')
    expect((await history(ids.home!)).slice(0, 3)).toEqual(['restored', 'edited', 'edited'])
  })

  test('the teammate whose rename was replaced is told too, live; their Restore brings theirs back', async () => {
    await mate.keyboard.press('Escape')
    await tile(mate, 'gamma').focus()
    await mate.keyboard.press('Enter')
    const matePanel = mate.getByTestId('icon-detail')
    await matePanel.getByRole('heading', { name: 'gamma' }).waitFor()
    await matePanel.getByTestId('history-entry').first().waitFor()
    await mate.context().setOffline(true)
    await matePanel.getByTestId('rename-input').fill('gamma-ned')
    await matePanel.getByRole('button', { name: 'Rename', exact: true }).click()
    await matePanel.getByRole('heading', { name: 'gamma-ned' }).waitFor()
    // The owner renames it in her vault, online: the server has hers first.
    await tile(owner, 'gamma').focus()
    await owner.keyboard.press('Enter')
    const ownerPanel = owner.getByTestId('icon-detail')
    await ownerPanel.getByRole('heading', { name: 'gamma' }).waitFor()
    await ownerPanel.getByTestId('rename-input').fill('gamma-una')
    await ownerPanel.getByRole('button', { name: 'Rename', exact: true }).click()
    await ownerPanel.getByRole('heading', { name: 'gamma-una' }).waitFor()
    await expect.poll(serverIcons, { timeout: 15_000 }).toContain(`gamma-una:${ids.gamma}`)
    await owner.keyboard.press('Escape')
    await owner.setViewportSize({ width: 375, height: 740 })

    await mate.context().setOffline(false)
    const notice = toast(owner, /.+’s rename to “gamma-ned” replaced yours \(“gamma-una”\)\./)
    await notice.waitFor({ timeout: 15_000 })
    await expect.poll(serverIcons, { timeout: 15_000 }).toContain(`gamma-ned:${ids.gamma}`)
    await expect.poll(() => labels(owner), { timeout: 15_000 }).toContain('gamma-ned')
    expect(await axeIn(owner, ['[data-toaster]'])).toEqual([])
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    // By keyboard: Alt+T reaches the newest toast's action.
    await owner.keyboard.press('Alt+t')
    await expect
      .poll(() => owner.evaluate(() => document.activeElement?.textContent))
      .toBe(appMessages.restore)
    await owner.keyboard.press('Enter')
    await expect.poll(serverIcons, { timeout: 15_000 }).toContain(`gamma-una:${ids.gamma}`)
    await expect.poll(() => labels(mate), { timeout: 15_000 }).toContain('gamma-una')
    await owner.setViewportSize({ width: 1280, height: 800 })
  })
})
