// An icon's history in the detail panel, with two teammates live (ADR 0407): the owner
// renames an icon, replaces its drawing through "Replace SVG…" and renames it again; the history
// lists four versions; the compare view opens by keyboard (side by side, overlay) and restoring the
// first brings back exactly its markup on the teammate's screen without reload; searching by a
// former name finds the icon and says why; a file dropped on a tile replaces that drawing only (and
// Undo brings the old one back); an admin sets an alias's removal release, and an alias that clashes
// shows the server's message; offline the history says it needs a connection.
import { readFileSync } from 'node:fs'
import { strFromU8, unzipSync } from 'fflate'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import type { AppProcess } from '../setup/app-process.ts'
import { getAs, postAs, startTeamPages, type TeamPages } from '../setup/team-pages.ts'

const OWNER = 'hana@example.com'
const MATE = 'ivo@example.com'
const fixture = (name: string) => readFileSync(new URL(`../fixtures/upload/${name}`, import.meta.url), 'utf8')
let app: AppProcess
let team: TeamPages | undefined
let owner: Page
let mate: Page
const workspaceId = crypto.randomUUID()
const projectId = crypto.randomUUID()
const iconId = crypto.randomUUID()

type Version = { version: number; name: string; svg: string }
const post = (page: Page, path: string, data: unknown) => postAs(page, app.baseUrl, path, data)
const get = <T>(page: Page, path: string) => getAs<T>(page, app.baseUrl, path)
const history = () => get<Version[]>(owner, `/api/icons/history?id=${iconId}`)
const tiles = (page: Page) => page.getByTestId('icon-tile')
/** The icon's row in the browser's local database (what its vault shows). */
const localSvg = (page: Page, id: string) =>
  page.evaluate(
    (key) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('Iconvault')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const request = open.result.transaction('icons').objectStore('icons').get(key)
          request.onsuccess = () => {
            resolve((request.result as { svg?: string } | undefined)?.svg ?? null)
            open.result.close()
          }
        }
      }),
    id,
  )
const panel = () => owner.getByTestId('icon-detail')
const entries = () => panel().getByTestId('history-entry')

beforeAll(async () => {
  team = await startTeamPages({
    owner: OWNER,
    mate: MATE,
    mateRole: 'member',
    workspace: { id: workspaceId, name: 'Studio' },
    projects: [{ id: projectId, name: 'App' }],
  })
  ;({ app, owner, mate: mate } = team)
  await post(owner, '/api/icons/create', {
    id: iconId,
    name: 'home',
    svg: fixture('home.svg'),
    project_id: projectId,
    workspace_id: workspaceId,
  })
  await post(owner, '/api/icons/create', {
    id: crypto.randomUUID(),
    name: 'bell',
    svg: fixture('bell.svg'),
    project_id: projectId,
    workspace_id: workspaceId,
  })
  await Promise.all([owner, mate].map((p) => p.goto(`${app.baseUrl}/icons?projectId=${projectId}`)))
  await Promise.all([owner, mate].map((p) => tiles(p).nth(1).waitFor()))
})

afterAll(async () => {
  await team?.close()
})

describe('the history of an icon', () => {
  test('three edits from the panel (rename, Replace SVG…, rename) list four versions', async () => {
    await tiles(owner).filter({ hasText: 'home' }).dblclick()
    await expect.poll(() => entries().count(), { timeout: 15_000 }).toBe(1)
    const rename = async (name: string) => {
      await panel().getByTestId('rename-input').fill(name)
      await panel().getByRole('button', { name: 'Rename', exact: true }).click()
      await owner
        .getByTestId('toast')
        .filter({ hasText: `Renamed to ${name}` })
        .first()
        .waitFor()
    }
    await rename('house')
    await expect.poll(() => entries().count(), { timeout: 15_000 }).toBe(2)
    await panel()
      .getByTestId('replace-svg-input')
      .setInputFiles({
        name: 'heart.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from(fixture('heart.svg')),
      })
    await owner.getByTestId('toast').filter({ hasText: appMessages.drawingReplaced }).first().waitFor()
    await expect.poll(() => entries().count(), { timeout: 15_000 }).toBe(3)
    await rename('hut')
    await expect.poll(() => entries().count(), { timeout: 15_000 }).toBe(4)
    // Newest first, each saying what changed.
    expect(await entries().allTextContents()).toEqual([
      expect.stringContaining('v4Renamed house → hut'),
      expect.stringContaining('v3Replaced the drawing'),
      expect.stringContaining('v2Renamed home → house'),
      expect.stringContaining('v1Created'),
    ])
    // A refused file says why and changes nothing.
    await panel()
      .getByTestId('replace-svg-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
    await owner
      .getByTestId('toast')
      .filter({ hasText: appMessages.replaceNotSvg('notes.txt') })
      .waitFor()
    expect((await history()).length).toBe(4)
  })

  test("the compare view opens by keyboard; restoring v1 brings its markup back on the teammate's screen", async () => {
    const first = (await history()).find((v) => v.version === 1)!
    await entries().last().focus()
    await owner.keyboard.press('Enter')
    const dialog = owner.getByTestId('version-compare')
    await dialog.getByTestId('compare-side').waitFor()
    expect(await dialog.getByRole('img', { name: 'v1: home' }).count()).toBe(1)
    await dialog.getByRole('button', { name: 'Overlay' }).focus()
    await owner.keyboard.press('Enter')
    await dialog.getByTestId('compare-overlay').waitFor()
    await dialog.getByTestId('compare-fade').focus()
    await owner.keyboard.press('ArrowRight')
    expect(await dialog.getByTestId('compare-fade').inputValue()).toBe('55')
    await dialog.getByRole('button', { name: 'Restore this version' }).focus()
    await owner.keyboard.press('Enter')
    await owner
      .getByTestId('toast')
      .filter({ hasText: appMessages.iconVersionRestored(1) })
      .waitFor()
    await expect.poll(() => entries().count(), { timeout: 15_000 }).toBe(5)
    expect(await entries().first().textContent()).toContain('Restored from v1')
    await expect.poll(async () => (await history())[0]?.svg).toBe(first.svg)
    // The teammate's open vault follows live: the name, and exactly v1's markup, without reload.
    await expect.poll(() => tiles(mate).filter({ hasText: 'home' }).count(), { timeout: 15_000 }).toBe(1)
    await expect.poll(() => localSvg(mate, iconId), { timeout: 15_000 }).toBe(first.svg)
    await owner.keyboard.press('Escape')
  })

  test('search by a former name finds the icon and says why; a file dropped on a tile replaces its drawing', async () => {
    await mate.getByRole('searchbox').fill('hut')
    await expect.poll(() => tiles(mate).count()).toBe(1)
    expect(await tiles(mate).first().getAttribute('aria-label')).toBe('home, was hut')
    await mate.getByRole('searchbox').fill('')
    // Dropped on the bell's tile (a member may update icons): the bell's drawing, not a new icon.
    const bell = (
      await get<{ id: string; name: string; svg: string }[]>(mate, `/api/icons?project_id=${projectId}`)
    ).find((i) => i.name === 'bell')!
    await tiles(mate)
      .filter({ hasText: 'bell' })
      .evaluate((tile, text) => {
        const data = new DataTransfer()
        data.items.add(new File([text], 'star.svg', { type: 'image/svg+xml' }))
        for (const type of ['dragenter', 'dragover', 'drop']) {
          tile.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }))
        }
      }, fixture('heart.svg'))
    const replaced = mate.getByTestId('toast').filter({ hasText: appMessages.drawingReplaced }).first()
    await replaced.waitFor()
    const bellHistory = () => get<Version[]>(owner, `/api/icons/history?id=${bell.id}`)
    await expect.poll(async () => (await bellHistory()).length, { timeout: 15_000 }).toBe(2)
    expect(await tiles(mate).count()).toBe(2)
    // Undo brings the drawing it replaced back, as a new version.
    await replaced.getByRole('button', { name: appMessages.undo }).click()
    await expect.poll(async () => (await bellHistory()).length, { timeout: 15_000 }).toBe(3)
    expect((await bellHistory())[0]!.svg).toBe(bell.svg)
    await expect.poll(() => localSvg(mate, bell.id)).toBe(bell.svg)
    expect(await mate.getByTestId('drop-overlay').count()).toBe(0)
  })

  test("an admin sets an alias's removal release; an alias that is another icon's name shows the server's message", async () => {
    await tiles(owner).filter({ hasText: 'home' }).dblclick()
    const aliases = panel().getByTestId('icon-aliases')
    await aliases.getByRole('button', { name: 'Edit deprecation of hut', exact: true }).click()
    await aliases.getByTestId('alias-remove-in').fill('3.0')
    await aliases.getByRole('button', { name: 'Save hut', exact: true }).click()
    await aliases.getByText(appMessages.aliasVersionInvalid).waitFor()
    await aliases.getByTestId('alias-remove-in').fill('3.0.0')
    await aliases.getByRole('button', { name: 'Save hut', exact: true }).click()
    await expect
      .poll(() => aliases.getByTestId('alias-state').allTextContents(), { timeout: 15_000 })
      .toContain('Deprecated (renamed), removed in 3.0.0')
    await aliases.getByTestId('alias-add-input').fill('bell')
    await aliases.getByRole('button', { name: 'Add', exact: true }).click()
    await owner
      .getByTestId('toast')
      .filter({ hasText: appMessages.aliasIsAName('bell') })
      .waitFor()
    expect(await aliases.getByTestId('alias').count()).toBe(2)
  })

  test('Export ZIP of a selection carries the former names, as the project export does', async () => {
    await owner.keyboard.press('Escape')
    await panel().waitFor({ state: 'detached' })
    // The icon last opened may still be selected: a Ctrl-click would take it out.
    const home = tiles(owner).filter({ hasText: 'home' })
    if ((await home.getAttribute('aria-selected')) !== 'true')
      await home.click({ modifiers: ['ControlOrMeta'] })
    await owner.getByTestId('selection-count').getByText('1 icon selected').waitFor()
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByTestId('bulk-bar').getByRole('button', { name: 'Export ZIP' }).click(),
    ])
    const zip = unzipSync(readFileSync((await download.path())!))
    expect(Object.keys(zip).sort()).toEqual(['aliases.json', 'home.svg'])
    expect(JSON.parse(strFromU8(zip['aliases.json']!))).toMatchObject({ hut: 'home' })
    await owner.keyboard.press('Escape') // the selection
    await owner.getByTestId('bulk-bar').waitFor({ state: 'detached' })
  })

  test('offline the history says it needs a connection and the rest of the panel works; back online it loads', async () => {
    await owner.keyboard.press('Escape')
    await owner.context().setOffline(true)
    // Opened by keyboard: a double-click's first click copies, and its toast can land on the tile
    // before the second click when the pointer rests on the toasts (hovered, they stand expanded).
    await tiles(owner).filter({ hasText: 'bell' }).focus()
    await owner.keyboard.press('Enter')
    await panel().getByTestId('icon-history').getByText(appMessages.historyNeedsConnection).waitFor()
    await panel().getByRole('button', { name: 'Copy as SVG' }).waitFor()
    expect(await panel().getByTestId('replace-svg').isEnabled()).toBe(true)
    await owner.context().setOffline(false)
    await expect.poll(() => entries().count(), { timeout: 15_000 }).toBe(3)
  })

  test('by keyboard alone, Alt+T reaches the Undo of a drawing replaced in the open panel, which stays open', async () => {
    // The bell's panel is open (the test before); its drawing is settled on the server.
    const bell = (
      await get<{ id: string; name: string; svg: string }[]>(owner, `/api/icons?project_id=${projectId}`)
    ).find((i) => i.name === 'bell')!
    await expect.poll(() => localSvg(owner, bell.id)).toBe(bell.svg)
    await panel()
      .getByTestId('replace-svg-input')
      .setInputFiles({
        name: 'arrow.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from(fixture('arrow-right.svg')),
      })
    const replaced = owner.getByTestId('toast').filter({ hasText: appMessages.drawingReplaced }).first()
    await replaced.getByRole('button', { name: appMessages.undo }).waitFor()
    await expect.poll(() => localSvg(owner, bell.id)).not.toBe(bell.svg)
    await owner.keyboard.press('Alt+T')
    await expect
      .poll(() => owner.evaluate(() => document.activeElement?.closest('[data-testid="toast"]') !== null))
      .toBe(true)
    expect(await owner.evaluate(() => document.activeElement?.textContent)).toBe(appMessages.undo)
    await owner.keyboard.press('Enter')
    await expect.poll(() => localSvg(owner, bell.id), { timeout: 15_000 }).toBe(bell.svg)
    expect(await panel().isVisible()).toBe(true)
  })
})
