// The review gate in Chromium (ADR 0112, 0413): with the Lucide preset on, a member's icon drawn
// with stroke-width="1.5" shows the failing rule and its element highlighted; the owner approves it
// from the keyboard at /review, overriding the rule the confirmation names; the member redraws it, it
// waits for review again and the owner sees what changed (side by side, overlay, pixels: screenshots
// in both themes, looked at); a rejection with a comment reaches the member live and stays on the
// icon. The queue is walked by keyboard alone at 1280 and 375 px; 1,000 waiting icons open in ≤ 1 s.
// A member reads the queue without deciding. The member's import report names the rules each stored file fails and opens its checklist.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { IconReviewRow } from '../../common/schemas/reviews.ts'
import type { IconRow } from '../../common/schemas/rows.ts'
import type { AppProcess } from '../setup/app-process.ts'
import { getAs, postAs, startTeamPages, type TeamPages } from '../setup/team-pages.ts'
import { dropFiles } from '../setup/vault-page.ts'

const OWNER = 'rhea@example.com'
const MATE = 'max@example.com'
let app: AppProcess
let team: TeamPages | undefined
let owner: Page
let mate: Page
const workspaceId = crypto.randomUUID()
const projectId = crypto.randomUUID()
const bulkProjectId = crypto.randomUUID()
const dropProjectId = crypto.randomUUID()
const shots = process.env.SCREENSHOTS ?? '/tmp'

const post = (page: Page, path: string, data: unknown) => postAs(page, app.baseUrl, path, data)
const get = <T>(page: Page, path: string) => getAs<T>(page, app.baseUrl, path)

const lucide = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`
const THIN = lucide('<path d="M5 12h14"/><path d="M12 5v14" stroke-width="1.5"/>')
const REDRAWN = lucide('<path d="M5 12h14"/><circle cx="12" cy="12" r="7"/>')

async function createIcon(name: string, svg: string, project = projectId): Promise<IconRow> {
  return post(mate, '/api/icons/create', {
    id: crypto.randomUUID(),
    name,
    svg,
    project_id: project,
    workspace_id: workspaceId,
  })
}

const queueIds = (page: Page) =>
  page.getByTestId('queue-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-icon-id')))
const chosenId = (page: Page) => page.getByTestId('review-pane').getAttribute('data-icon-id')
const stroke = (page: Page) => page.getByTestId('rule-check').and(page.locator('[data-rule="stroke_width"]'))

// Two browsers, the server and the sign-ins: over a minute on a machine at load 20 and more.
beforeAll(async () => {
  team = await startTeamPages({
    owner: OWNER,
    mate: MATE,
    mateRole: 'member',
    workspace: { id: workspaceId, name: 'Glyphs' },
    projects: [
      { id: projectId, name: 'Core' },
      { id: bulkProjectId, name: 'Bulk' },
      { id: dropProjectId, name: 'Drops' },
    ],
  })
  ;({ app, owner, mate } = team)
  await post(owner, '/api/workspaces/update', {
    id: workspaceId,
    name: 'Glyphs',
    description: '',
    review_icons: true,
  })
  await post(owner, '/api/workspaces/update-review-rules', { workspaceId, preset: 'lucide' })
  await owner.setViewportSize({ width: 1280, height: 860 })
  // Both hold the project (its icons live in their browsers, its changes reach them live).
  await Promise.all([owner, mate].map((p) => p.goto(`${app.baseUrl}/icons?projectId=${projectId}`)))
  await Promise.all([owner, mate].map((p) => p.getByTestId('vault').waitFor()))
}, 180_000)

afterAll(async () => {
  await team?.close()
})

describe('the review gate', () => {
  let plus: IconRow

  test("the member's icon shows the stroke-width rule failing, its path highlighted", async () => {
    plus = await createIcon('plus-thin', THIN)
    expect(plus.icon_status).toBe('needs-review')
    const tile = mate.getByTestId('icon-tile').filter({ hasText: 'plus-thin' })
    await tile.dblclick()
    const panel = mate.getByTestId('icon-detail')
    await panel.waitFor()
    const check = stroke(panel as unknown as Page)
    await expect.poll(() => check.getAttribute('data-ok')).toBe('false')
    expect(await check.textContent()).toContain('path 2: stroke-width 1.5, allowed 2')
    expect(await panel.getByTestId('rule-checklist').getAttribute('data-failing')).toBe('1')
    // the preview is an image of the highlighted drawing: the thin path in the highlight's red
    const src = decodeURIComponent((await panel.getByTestId('checklist-preview').getAttribute('src')) ?? '')
    expect(src).toMatch(/^data:image\/svg\+xml/)
    expect(src).toContain('class="review-highlight-offender"')
    expect(src).toMatch(/<path d="M12 5v14" stroke-width="1.5" stroke="#e11d48"/)
    // a member may not approve
    expect(await panel.getByTestId('detail-approve').count()).toBe(0)
  })

  test('the owner approves from the keyboard at /review, overriding the rule the confirmation names', async () => {
    await expect.poll(() => owner.getByTestId('review-count').getAttribute('data-count')).toBe('1')
    await owner.getByTestId('review-count').click()
    await owner.getByTestId('review-page').waitFor()
    await expect.poll(() => chosenId(owner)).toBe(plus.id)
    await expect.poll(() => stroke(owner).getAttribute('data-ok')).toBe('false')
    await owner.getByTestId('review-approve').waitFor()
    await owner.locator('body').focus()
    await owner.keyboard.press('a')
    const confirm = owner.getByRole('alertdialog')
    await confirm.waitFor()
    expect(await confirm.getByTestId('override-rules').textContent()).toBe('Stroke width')
    // focus starts on Cancel; Tab reaches "Approve anyway"
    await owner.keyboard.press('Tab')
    await owner.keyboard.press('Enter')
    await owner.getByTestId('toast').filter({ hasText: 'Approved plus-thin' }).waitFor()
    const [review] = await get<IconReviewRow[]>(owner, `/api/icons/reviews?id=${plus.id}`)
    expect(review).toMatchObject({ decision: 'approve', override: ['stroke_width'] })
    await owner.getByText('Nothing waits for review here.').waitFor()
  })

  test('a new drawing waits for review again; the owner sees what changed, in three views and both themes', async () => {
    await post(mate, '/api/icons/replace', { id: plus.id, svg: REDRAWN })
    await expect.poll(() => chosenId(owner), { timeout: 15_000 }).toBe(plus.id)
    const diff = owner.getByTestId('drawing-diff')
    await diff.getByTestId('diff-side').waitFor()
    expect(await diff.getByTestId('diff-then').getAttribute('alt')).toMatch(/^Approved \(v\d+\)$/)
    // D hides the changes and shows them again
    await owner.keyboard.press('d')
    await diff.waitFor({ state: 'detached' })
    await owner.keyboard.press('d')
    await diff.waitFor()
    for (const theme of ['light', 'dark'] as const) {
      await owner.evaluate((t) => {
        document.documentElement.classList.toggle('dark', t === 'dark')
      }, theme)
      await owner.getByRole('button', { name: 'Side by side' }).click()
      await owner.getByTestId('diff-side').screenshot({ path: `${shots}/review-diff-side-${theme}.png` })
      await owner.getByRole('button', { name: 'Overlay' }).click()
      await owner.getByTestId('diff-fade').fill('30')
      await owner
        .getByTestId('diff-overlay')
        .screenshot({ path: `${shots}/review-diff-overlay-${theme}.png` })
      await owner.getByRole('button', { name: 'Pixels' }).click()
      const canvas = owner.getByTestId('diff-pixels').locator('canvas')
      await expect.poll(async () => Number(await canvas.getAttribute('data-changed'))).toBeGreaterThan(100)
      await owner.getByTestId('diff-pixels').screenshot({ path: `${shots}/review-diff-pixels-${theme}.png` })
    }
    await owner.screenshot({ path: `${shots}/review-queue-1280.png` })
  })

  test('a rejection with a comment reaches the member live and stays on the icon', async () => {
    await owner.locator('body').focus()
    await owner.keyboard.press('r')
    const dialog = owner.getByTestId('reject-dialog')
    await dialog.waitFor()
    // a blank comment is refused in place
    await owner.keyboard.press('Control+Enter')
    await dialog.getByText('Say what should change').waitFor()
    await owner.keyboard.type('The circle should be a plus again')
    await owner.keyboard.press('Control+Enter')
    await dialog.waitFor({ state: 'detached' })
    await mate
      .getByTestId('toast')
      .filter({ hasText: '“plus-thin” was rejected: The circle should be a plus again' })
      .waitFor({ timeout: 15_000 })
    await expect
      .poll(() => mate.getByTestId('icon-detail').getByTestId('review-comment').textContent())
      .toContain('The circle should be a plus again')
    // its drawing changing takes the comment away
    await post(mate, '/api/icons/replace', { id: plus.id, svg: THIN })
    await mate
      .getByTestId('icon-detail')
      .getByTestId('review-comment')
      .waitFor({ state: 'detached', timeout: 15_000 })
  })

  test('a member reads the queue from the detail panel, without approving or rejecting', async () => {
    const panel = mate.getByTestId('icon-detail')
    await panel.getByTestId('detail-review-queue').click()
    await mate.getByTestId('review-page').waitFor()
    await expect.poll(() => chosenId(mate)).toBe(plus.id)
    expect(await mate.getByTestId('review-read-only').textContent()).toBe(
      'Only owners and admins approve or reject icons: you see the queue read-only.',
    )
    expect(await mate.getByTestId('review-approve').count()).toBe(0)
    expect(await mate.getByTestId('review-reject').count()).toBe(0)
    await expect.poll(() => stroke(mate).getAttribute('data-ok')).toBe('false')
    // A and R do nothing; D, pressed after them, shows they were read and passed over
    const changes = mate.getByRole('button', { name: 'Changes' })
    expect(await changes.getAttribute('aria-pressed')).toBe('true')
    await mate.locator('body').focus()
    for (const key of ['a', 'r', 'd']) await mate.keyboard.press(key)
    await expect.poll(() => changes.getAttribute('aria-pressed')).toBe('false')
    expect(await mate.getByRole('alertdialog').count()).toBe(0)
    expect(await mate.getByTestId('reject-dialog').count()).toBe(0)
    await mate.screenshot({ path: `${shots}/review-queue-member.png` })
  })
})

describe('the queue by keyboard alone', () => {
  const made: IconRow[] = []
  test('oldest first, the first chosen, J and K move, at 1280 and 375 px', async () => {
    for (const name of ['alpha', 'beta', 'gamma']) made.push(await createIcon(name, REDRAWN))
    await owner.goto(`${app.baseUrl}/review?project=${projectId}`)
    await expect.poll(() => queueIds(owner)).toEqual([expect.any(String), ...made.map((i) => i.id)])
    const [first] = await queueIds(owner)
    for (const width of [1280, 375]) {
      await owner.setViewportSize({ width, height: 800 })
      await owner.locator('body').focus()
      await expect.poll(() => chosenId(owner)).toBe(first)
      await owner.keyboard.press('j')
      await expect.poll(() => chosenId(owner)).toBe(made[0]?.id)
      await owner.keyboard.press('j')
      await expect.poll(() => chosenId(owner)).toBe(made[1]?.id)
      expect(await owner.locator(`#queue-${made[1]?.id}`).getAttribute('aria-selected')).toBe('true')
      await owner.keyboard.press('k')
      await owner.keyboard.press('k')
      await expect.poll(() => chosenId(owner)).toBe(first)
      // every action has its button on touch; nothing is wider than the screen
      for (const id of ['review-approve', 'review-reject'])
        expect(await owner.getByTestId(id).isVisible()).toBe(true)
      expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await owner.screenshot({ path: `${shots}/review-queue-keys-${width}.png` })
    }
    // approving without failing rules asks nothing; the next one is chosen
    await owner.keyboard.press('j')
    await expect.poll(() => chosenId(owner)).toBe(made[0]?.id)
    await owner.keyboard.press('a')
    await expect.poll(() => chosenId(owner)).toBe(made[1]?.id)
    await owner.setViewportSize({ width: 1280, height: 860 })
  })

  test('1,000 waiting icons open in at most a second', async () => {
    const icons = Array.from({ length: 1000 }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `bulk-${i}`,
      svg: lucide(`<path d="M5 ${5 + (i % 14)}h14"/>`),
      project_id: bulkProjectId,
      workspace_id: workspaceId,
    }))
    for (let i = 0; i < icons.length; i += 500)
      await post(mate, '/api/icons/create-many', { icons: icons.slice(i, i + 500) })
    await owner.goto(`${app.baseUrl}/icons?projectId=${projectId}`)
    await owner.getByTestId('vault').waitFor()
    await expect
      .poll(async () => Number(await owner.getByTestId('review-count').getAttribute('data-count')), {
        timeout: 20_000,
      })
      .toBe(1000)
    // The queue answers its 1,000 oldest (the server's bound, ADR 0112). Opening: the header's link to the queue shown, its first icon chosen, with its checks.
    const started = await owner.evaluate(() => performance.now())
    await owner.getByTestId('review-count').click()
    await owner.getByTestId('review-pane').waitFor()
    await owner.getByTestId('rule-checklist').waitFor()
    const opened = (await owner.evaluate(() => performance.now())) - started
    const waiting = Number(await owner.getByTestId('review-queue').getAttribute('data-count'))
    console.log(`review queue of ${waiting} icons opened in ${Math.round(opened)} ms`)
    // The time is a figure for bench/README.md ("Review queue"), not an assertion: a timed test fails
    // on a busy machine, not on slow code.
    expect(waiting).toBe(1000)
    // The list draws the rows on screen, not the thousand (it once grew to all of them at 1280 px);
    // End reaches the last, drawn and chosen.
    const drawn = () => owner.getByTestId('queue-item').count()
    expect(await drawn()).toBeLessThan(60)
    await owner.getByTestId('review-queue').focus()
    await owner.keyboard.press('End')
    await owner.getByTestId('review-pane').getByText('1000 / 1000').waitFor()
    expect(await owner.locator(`#queue-${await chosenId(owner)}`).getAttribute('aria-selected')).toBe('true')
    expect(await drawn()).toBeLessThan(60)
  })
})

describe('the import report', () => {
  test('names the rules each stored file fails; a file opens its checklist by keyboard, at 375 px', async () => {
    await mate.setViewportSize({ width: 375, height: 800 })
    await mate.goto(`${app.baseUrl}/icons?projectId=${dropProjectId}`)
    await mate.getByTestId('empty-vault').waitFor()
    await dropFiles(mate, [
      { name: 'plus-thin.svg', text: THIN },
      { name: 'plus.svg', text: lucide('<path d="M5 12h14"/><path d="M12 5v14"/>') },
    ])
    const report = mate.getByTestId('import-progress')
    await expect.poll(() => report.getAttribute('data-state')).toBe('done')
    const failures = report.getByTestId('import-rule-failure')
    const named = () =>
      failures.evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-file'), e.getAttribute('data-rules')]),
      )
    await expect.poll(named).toEqual([['plus-thin.svg', 'stroke_width']])
    expect(await failures.textContent()).toBe('plus-thin.svg: Stroke width')
    expect(await report.getByTestId('import-rule-failures').textContent()).toContain('waiting for review')
    // both files are stored; the failing one waits for review like the other
    await expect
      .poll(async () =>
        (await get<IconRow[]>(mate, `/api/icons?project_id=${dropProjectId}`))
          .map((icon) => `${icon.name} ${icon.icon_status}`)
          .sort(),
      )
      .toEqual(['plus needs-review', 'plus-thin needs-review'])
    await report.screenshot({ path: `${shots}/import-report-375.png` })
    // the file opens its checklist from the keyboard: the rule, what and where, the path highlighted
    await failures.getByRole('button').focus()
    await mate.keyboard.press('Enter')
    const dialog = mate.getByTestId('import-checklist')
    await dialog.waitFor()
    const check = dialog.getByTestId('rule-check').and(mate.locator('[data-rule="stroke_width"]'))
    expect(await check.getAttribute('data-ok')).toBe('false')
    expect(await check.textContent()).toContain('path 2: stroke-width 1.5, allowed 2')
    const src = decodeURIComponent((await dialog.getByTestId('checklist-preview').getAttribute('src')) ?? '')
    expect(src).toMatch(/<path d="M12 5v14" stroke-width="1.5" stroke="#e11d48"/)
    expect(await mate.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await mate.screenshot({ path: `${shots}/import-rule-checklist-375.png` })
    await mate.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    await expect
      .poll(() => failures.getByRole('button').evaluate((b) => b === document.activeElement))
      .toBe(true)
    // a report that lists failing files stays until dismissed
    await report.getByRole('button', { name: 'Dismiss import report' }).click()
    await report.waitFor({ state: 'detached' })
  })
})
