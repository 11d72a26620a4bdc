// Accessible by default (ADR 0106), in Chromium with a teammate who may only view:
// the owner labels an icon in the detail panel (label, description, tags by keyboard) and marks
// another decorative in bulk; both survive a reload and reach the viewer live, read-only. Then a page
// renders two copies of every web kind of the labelled icon, with its stored meaning (React TS
// through the compiled module, the SVG copy, the sprite with <use>, the CSS class with role=img) and
// one decorative copy of each: axe finds nothing, the SVG copies are named by aria-label beside an
// id-less <title> and <desc> (the shape svgo's defaults keep), React's title ids are distinct, no
// gradient id is shared, every labelled copy is an image named and described as stored, and the
// decorative copies are absent from the accessibility tree.
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildExport } from '../../common/exports/build-export.ts'
import { exportIcon } from '../../common/exports/export-kinds.ts'
import { meaningMessages as m } from '../../common/messages.ts'
import type { IconRow } from '../../common/schemas/rows.ts'
import { convertSvg } from '../../common/svg/index.ts'
import { renderReactModule } from '../../common/svg/test-support/evaluate.ts'
import type { AppProcess } from '../setup/app-process.ts'
import { auditBothThemes } from '../setup/axe.ts'
import { getAs, postAs, startTeamPages, type TeamPages } from '../setup/team-pages.ts'

const fixture = (name: string) => readFileSync(new URL(`../fixtures/upload/${name}`, import.meta.url), 'utf8')
let app: AppProcess
let team: TeamPages | undefined
let owner: Page
let viewer: Page
const workspaceId = crypto.randomUUID()
const projectId = crypto.randomUUID()
const starId = crypto.randomUUID()
const bellId = crypto.randomUUID()

const icons = () => getAs<IconRow[]>(owner, app.baseUrl, `/api/icons?project_id=${projectId}`)
const icon = async (id: string) => (await icons()).find((i) => i.id === id)!
const tiles = (page: Page) => page.getByTestId('icon-tile')
const panel = (page: Page) => page.getByTestId('icon-detail')
const openPanel = async (page: Page, name: string) => {
  await tiles(page).filter({ hasText: name }).dblclick()
  await panel(page).getByTestId('meaning-section').waitFor()
}

beforeAll(async () => {
  team = await startTeamPages({
    owner: 'asa@example.com',
    mate: 'vic@example.com',
    mateRole: 'viewer',
    workspace: { id: workspaceId, name: 'Meanings' },
    projects: [{ id: projectId, name: 'Web' }],
  })
  ;({ app, owner, mate: viewer } = team)
  for (const [id, name, file] of [
    [starId, 'star', 'star-gradient.svg'],
    [bellId, 'bell', 'bell.svg'],
  ] as const)
    await postAs(owner, app.baseUrl, '/api/icons/create', {
      id,
      name,
      svg: fixture(file),
      project_id: projectId,
      workspace_id: workspaceId,
    })
  await Promise.all([owner, viewer].map((p) => p.goto(`${app.baseUrl}/icons?projectId=${projectId}`)))
  await Promise.all([owner, viewer].map((p) => tiles(p).nth(1).waitFor()))
}, 120_000)

afterAll(async () => {
  await team?.close()
})

describe('what an icon means, edited', () => {
  test('the detail panel saves a label, a description and tags by keyboard; the viewer sees them live, read-only', async () => {
    await openPanel(owner, 'star')
    const section = panel(owner).getByTestId('meaning-section')
    await section.getByLabel(m.label).fill('Favourite')
    await section.getByLabel(m.description).fill('Marks an item to find again')
    await section.getByRole('button', { name: m.saveAccessibility }).click()
    await owner.getByTestId('toast').filter({ hasText: m.accessibilitySaved }).first().waitFor()
    const input = panel(owner).getByTestId('tag-input')
    await input.fill('Rating')
    await input.press('Enter')
    await input.pressSequentially('bookmark,extra,')
    await expect
      .poll(async () => panel(owner).getByTestId('tag-list').getByRole('listitem').allTextContents())
      .toEqual(['rating', 'bookmark', 'extra'])
    await input.press('Backspace') // the empty field: removes the last
    await panel(owner)
      .getByRole('button', { name: m.removeTag('bookmark') })
      .click()
    await expect.poll(async () => (await icon(starId)).tags, { timeout: 15_000 }).toEqual(['rating'])
    expect(await icon(starId)).toMatchObject({
      label: 'Favourite',
      description: 'Marks an item to find again',
      revision: 1,
    })
    // The audit covers the history list too, in view (axe checks a label against visible text only):
    // each entry is named by what it shows (WCAG 2.5.3).
    await panel(owner).getByTestId('history-entry').first().scrollIntoViewIfNeeded()
    expect(await auditBothThemes(owner, 'detail panel: accessibility and tags')).toEqual([])

    // Live to the viewer, who reads it only.
    await openPanel(viewer, 'star')
    const seen = panel(viewer).getByTestId('meaning-section')
    await expect.poll(() => seen.textContent(), { timeout: 15_000 }).toContain('Favourite')
    expect(await seen.getByRole('textbox').count()).toBe(0)
    expect(await panel(viewer).getByTestId('tag-input').count()).toBe(0)
    await expect.poll(() => panel(viewer).getByTestId('tag-list').textContent()).toBe('rating')
    await viewer.keyboard.press('Escape')

    // After a reload, the panel shows what the server keeps.
    await owner.keyboard.press('Escape')
    await owner.reload()
    await openPanel(owner, 'star')
    expect(await panel(owner).getByTestId('meaning-label').inputValue()).toBe('Favourite')
    await owner.keyboard.press('Escape')
  })

  test('bulk: both selected get a tag, and one is marked decorative; at 375 px the dialog passes axe', async () => {
    await panel(owner).waitFor({ state: 'detached' })
    await owner.setViewportSize({ width: 375, height: 800 })
    const bulk = async (names: string[]) => {
      for (const name of names) {
        // The icon last opened may still be selected: a Ctrl-click would take it out.
        const tile = tiles(owner).filter({ hasText: name })
        if ((await tile.getAttribute('aria-selected')) !== 'true')
          await tile.click({ modifiers: ['ControlOrMeta'] })
      }
      await expect
        .poll(() => owner.getByTestId('selection-count').textContent())
        .toBe(`${names.length} icon${names.length > 1 ? 's' : ''} selected`)
      await owner.getByTestId('bulk-bar').getByRole('button', { name: m.bulkMeaning }).click()
      return owner.getByTestId('bulk-meaning')
    }
    let dialog = await bulk(['star', 'bell'])
    await dialog.getByLabel(m.bulkTags).fill('Brand, web')
    expect(await auditBothThemes(owner, 'bulk tags and accessibility at 375 px')).toEqual([])
    await dialog.getByRole('button', { name: m.addTags }).click()
    await expect
      .poll(async () => (await icons()).map((i) => [i.name, i.tags]).sort(), { timeout: 15_000 })
      .toEqual([
        ['bell', ['brand', 'web']],
        ['star', ['rating', 'brand', 'web']],
      ])
    await owner.keyboard.press('Escape') // the selection
    dialog = await bulk(['bell'])
    await dialog.getByRole('button', { name: m.markDecorative }).click()
    await expect.poll(async () => (await icon(bellId)).decorative, { timeout: 15_000 }).toBe(true)
    expect((await icon(starId)).decorative).toBe(false)
    await owner.keyboard.press('Escape')
    await owner.setViewportSize({ width: 1280, height: 800 })
  })
})

describe('every output twice on one page', () => {
  let page: Page

  beforeAll(async () => {
    page = await owner.context().newPage()
    const [star, bell] = [await icon(starId), await icon(bellId)]
    const meaning = (i: IconRow) => ({ label: i.label, description: i.description, decorative: i.decorative })
    // The star as the app copies it: each copy converted on its own (its own ids).
    const svgCopies = [
      convertSvg(star.svg, 'svg', star.name, meaning(star)),
      convertSvg(star.svg, 'svg', star.name, meaning(star)),
    ]
    const react = renderReactModule(convertSvg(star.svg, 'react-ts', star.name, meaning(star)), {}, 2)
    const reactHidden = renderReactModule(convertSvg(bell.svg, 'react-ts', bell.name, meaning(bell)))
    const sprite = new TextDecoder().decode(
      (
        await buildExport(
          { kind: 'sprite', projectName: 'Web', icons: [star, bell].map(exportIcon) },
          () => {},
        )
      ).bytes,
    )
    const css = convertSvg(star.svg, 'css', star.name, { ...meaning(star), classPrefix: 'web-' })
    const html = `<!doctype html><html lang="en"><head><title>Outputs</title><style>${css}</style></head><body><main>
      <h1>Two copies of every kind</h1>
      <section id="svg"><h2>SVG</h2>${svgCopies.join('')}${convertSvg(bell.svg, 'svg', bell.name, meaning(bell))}</section>
      <section id="react"><h2>React TS</h2>${react}${reactHidden}</section>
      <section id="sprite"><h2>Sprite</h2>${sprite}
        <svg role="img" aria-label="${star.label}" width="24" height="24"><use href="#star"/></svg>
        <svg role="img" aria-label="${star.label}" width="24" height="24"><use href="#star"/></svg>
        <svg aria-hidden="true" width="24" height="24"><use href="#bell"/></svg></section>
      <section id="css"><h2>CSS</h2>
        <span class="web-star" role="img" aria-label="${star.label}"></span>
        <span class="web-star" role="img" aria-label="${star.label}"></span></section>
    </main></body></html>`
    await page.setContent(html)
  })

  test('axe finds nothing, in both themes', async () => {
    expect(await auditBothThemes(page, 'two copies of every output')).toEqual([])
  })

  test('SVG copies named by aria-label with an id-less title and desc; React title ids distinct; no gradient id shared', async () => {
    const found = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id)
      const svgCopies = [...document.querySelectorAll('#svg svg[role="img"]')].map((svg) => ({
        label: svg.getAttribute('aria-label'),
        title: svg.querySelector(':scope > title')?.textContent,
        titleId: svg.querySelector(':scope > title')?.id,
        desc: svg.querySelector(':scope > desc')?.textContent,
        references: svg.hasAttribute('aria-labelledby') || svg.hasAttribute('aria-describedby'),
      }))
      const titled = [...document.querySelectorAll('#react svg[aria-labelledby]')].map((svg) => {
        const id = svg.getAttribute('aria-labelledby')!
        return {
          id,
          text: document.getElementById(id)?.textContent,
          inside: svg.contains(document.getElementById(id)),
        }
      })
      const gradients = [...document.querySelectorAll('#svg linearGradient, #react linearGradient')].map(
        (g) => g.id,
      )
      return { ids, svgCopies, titled, gradients }
    })
    const described = 'Marks an item to find again'
    expect(found.svgCopies).toEqual(
      Array(2).fill({
        label: 'Favourite',
        title: 'Favourite',
        titleId: '',
        desc: described,
        references: false,
      }),
    )
    expect(found.titled).toHaveLength(2)
    expect(new Set(found.titled.map((t) => t.id)).size).toBe(2)
    for (const t of found.titled) expect(t).toMatchObject({ text: 'Favourite', inside: true })
    expect(found.gradients).toHaveLength(4)
    expect(new Set(found.gradients).size).toBe(4)
    // No id twice on the page at all (the sprite's symbols included).
    expect(found.ids.length).toBe(new Set(found.ids).size)
  })

  test('the labelled copies are images named “Favourite”; the decorative ones are not in the accessibility tree', async () => {
    const cdp = await page.context().newCDPSession(page)
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: {
        ignored: boolean
        role?: { value: string }
        name?: { value: string }
        description?: { value: string }
      }[]
    }
    const shown = nodes.filter((n) => !n.ignored)
    const images = shown.filter((n) => n.role?.value === 'image')
    // 2 SVG + 2 React + 2 sprite + 2 CSS.
    expect(images.map((n) => n.name?.value)).toEqual(Array(8).fill('Favourite'))
    // What a screen reader says after the name: the SVG and React copies carry the description.
    expect(images.slice(0, 4).map((n) => n.description?.value)).toEqual(
      Array(4).fill('Marks an item to find again'),
    )
    const bellLabel = (await icon(bellId)).label || 'Bell'
    expect(shown.filter((n) => n.name?.value === bellLabel)).toEqual([])
    await cdp.detach()
  })
})
