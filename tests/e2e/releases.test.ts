// Releases on /info (ADR 0017): a workspace admin opens "Release…", a version lower
// than the suggestion is refused with a clear message, the first release lists every icon; after a
// rename the dialog suggests a minor version and lists the rename, also at 375 px; the releases
// list shows each changelog and the exports offer the release. The dialog passes axe's serious rules.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { exportMessages } from '../../common/messages.ts'
import type { AppProcess } from '../setup/app-process.ts'
import { postAs, startTeamPages, type TeamPages } from '../setup/team-pages.ts'

const OWNER = 'rita@example.com'
const ADMIN = 'ravi@example.com'
const drawing = (d: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${d}"/></svg>`
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
/** axe's serious and critical WCAG A/AA violations on the page as it is (as accessibility.test.ts). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE)
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  )
  return page.evaluate(async () => {
    type Found = { id: string; impact: string | null; nodes: { target: unknown[] }[] }
    const { axe } = window as unknown as {
      axe: { run(d: Document, o: unknown): Promise<{ violations: Found[] }> }
    }
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags } })
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`)
  })
}

let app: AppProcess
let team: TeamPages | undefined
let owner: Page
let admin: Page
const workspaceId = crypto.randomUUID()
const projectId = crypto.randomUUID()
const homeId = crypto.randomUUID()

const post = (page: Page, path: string, data: unknown) => postAs(page, app.baseUrl, path, data)

beforeAll(async () => {
  team = await startTeamPages({
    owner: OWNER,
    mate: ADMIN,
    mateRole: 'admin',
    workspace: { id: workspaceId, name: 'Acme' },
    projects: [{ id: projectId, name: 'App' }],
  })
  ;({ app, owner, mate: admin } = team)
  for (const [id, name, d] of [
    [homeId, 'home', 'M3 9l9-7 9 7'],
    [crypto.randomUUID(), 'star', 'M12 2l3 7h7l-6 4 2 8-6-5-6 5 2-8-6-4h7z'],
  ] as const)
    await post(owner, '/api/icons/create', {
      id,
      name,
      svg: drawing(d),
      project_id: projectId,
      workspace_id: workspaceId,
    })
})

afterAll(async () => {
  await team?.close()
})

describe('releases on /info', () => {
  test('an admin releases 1.0.0 from the dialog; a lower version is refused (1280 px)', async () => {
    await admin.goto(`${app.baseUrl}/info?projectId=${projectId}`)
    const section = admin.getByTestId('project-releases')
    await expect.poll(() => section.getByTestId('latest-release').textContent()).toContain('Not released yet')
    await section.getByRole('button', { name: 'Release…' }).click()
    const dialog = admin.getByTestId('release-dialog')
    const version = dialog.getByLabel('Version')
    await expect.poll(() => version.inputValue()).toBe('1.0.0')
    await version.fill('0.9.0')
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe(exportMessages.releaseVersionTooLow('1.0.0'))
    expect(await dialog.getByTestId('release-submit').isDisabled()).toBe(true)
    await version.fill('1.0.0')
    await dialog.getByLabel('Notes (optional)').fill('The first set')
    await expect.poll(() => dialog.getByTestId('release-changes').textContent()).toContain('Added (2)')
    await dialog.getByTestId('release-submit').press('Enter')
    await expect.poll(() => dialog.isVisible()).toBe(false)
    await expect.poll(() => section.getByTestId('latest-release').textContent()).toContain('Latest: 1.0.0')
    const entry = section.getByTestId('release-entry').first()
    expect(await entry.textContent()).toContain('The first set')
    expect(await entry.textContent()).toContain('home')
    // The exports offer the release: its download is the server's bytes of the stored set.
    await admin.getByTestId('export-target').click()
    await admin.getByRole('option', { name: 'Release 1.0.0' }).click()
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Download React TS package of release 1.0.0' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('app-react-ts-1.0.0.zip')
    const served = await admin.request.get(
      `${app.baseUrl}/api/projects/export?project_id=${projectId}&format=react-ts&release=1.0.0`,
    )
    expect(Buffer.compare(readFileSync((await download.path())!), await served.body())).toBe(0)
  })

  test('after a rename the dialog suggests a minor version and fits a 375 px screen', async () => {
    await post(owner, '/api/icons/update', { id: homeId, name: 'house' })
    await admin.setViewportSize({ width: 375, height: 812 })
    await admin.reload()
    const section = admin.getByTestId('project-releases')
    await section.getByRole('button', { name: 'Release…' }).click()
    const dialog = admin.getByTestId('release-dialog')
    await expect.poll(() => dialog.getByLabel('Version').inputValue()).toBe('1.1.0')
    const changes = dialog.getByTestId('release-changes')
    await expect.poll(() => changes.textContent()).toContain('Renamed (1)')
    expect(await changes.textContent()).toContain('Deprecated (1)')
    const box = await dialog.boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(375)
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expect(await seriousViolations(admin)).toEqual([])
    await dialog.getByTestId('release-submit').click()
    await expect.poll(() => section.getByTestId('latest-release').textContent()).toContain('Latest: 1.1.0')
    await admin.setViewportSize({ width: 1280, height: 800 })
    const newest = section.getByTestId('release-entry').first()
    expect(await newest.textContent()).toMatch(/1\.1\.0.*home.*house/s)
    expect(await section.getByTestId('release-entry').count()).toBe(2)
  })
})
