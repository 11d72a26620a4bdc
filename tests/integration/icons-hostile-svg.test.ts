// Hostile SVGs of earlier attacks through the real icon routes: each gets a 400 with its own message at
// once (the pipeline's limits, not the pool's deadline), nothing is stored; an editor's public
// DOCTYPE is accepted and dropped; stored and served markup carry no data-* or root class; a drawing
// the duplicate check's renderer could take minutes over (a noise filter, fine dashes) is stored at once.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SVG_ERROR_MESSAGES } from '../../common/svg/index.ts'
import { FINE_DASHES, NOISE_FILTER } from '../setup/hostile-svgs.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const SVG = (body: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"${attrs}>${body}</svg>`
function doubling(steps: number): string {
  let defs = '<path id="l0" d="M0 0h1"/>'
  for (let i = 1; i <= steps; i++)
    defs += `<g id="l${i}"><use href="#l${i - 1}"/><use href="#l${i - 1}"/></g>`
  return SVG(`<defs>${defs}</defs><use href="#l${steps}"/>`)
}

const HOSTILE: [string, string][] = [
  [SVG(`<path d="M0 0${' l1.123 2.456'.repeat(10_000)}"/>`), SVG_ERROR_MESSAGES.path_too_complex],
  [
    SVG('<path d="M0 0h4v4z"/><title>&#0;&#x1;&#xFFFE;</title>'),
    `${SVG_ERROR_MESSAGES.forbidden_character}: U+0000`,
  ],
  [doubling(30), SVG_ERROR_MESSAGES.too_many_uses],
  [
    SVG(`<path d="M0 0h1"${Array.from({ length: 30_000 }, (_, i) => ` a${i}="1"`).join('')}/>`),
    SVG_ERROR_MESSAGES.too_many_attributes,
  ],
  [SVG(`<${'p'.repeat(200_000)}/>`), SVG_ERROR_MESSAGES.name_too_long],
  [SVG('<script>alert(1)</script><foreignObject><div/></foreignObject>'), SVG_ERROR_MESSAGES.nothing_to_draw],
]

describe.each(dbKinds)('hostile SVG through /api/icons on %s', (kind) => {
  let t: TestApp
  let cookie: string
  const project = randomUUID()
  const icon = (svg: string) => ({
    id: randomUUID(),
    name: 'Hostile',
    svg,
    project_id: project,
    origin_icon_id: null,
    workspace_id: null,
    icon_status: 'approved',
  })
  const listed = async (): Promise<Json[]> =>
    (await t.get(`/api/icons?project_id=${project}`, cookie)).body.data

  beforeAll(async () => {
    t = await createTestApp(kind)
    cookie = await t.signIn('hostile@example.com')
    await t.setPlan('hostile@example.com', 'pro')
    await t.post('/api/projects/create', cookie, { id: project, name: 'Hostile', workspace_id: null })
  })
  afterAll(async () => {
    await t?.close()
  })

  it("refuses earlier attacks' reproductions with their own 400, alone and in a drop", async () => {
    for (const [svg, error] of HOSTILE) {
      expect(await t.post('/api/icons/create', cookie, icon(svg))).toEqual({
        status: 400,
        body: { error, code: 'invalid' },
      })
    }
    const drop = HOSTILE.map(([svg]) => icon(svg))
    const res = await t.post('/api/icons/create-many', cookie, { icons: drop })
    expect(res.status).toBe(200)
    expect(res.body.data.results).toEqual(
      drop.map((d, i) => ({ id: d.id, status: 400, error: HOSTILE[i]![1], code: 'invalid' })),
    )
    expect(await listed()).toEqual([])
  })

  it('stores drawings that resvg would take minutes to draw at once, as they are, and goes on', async () => {
    for (const svg of [NOISE_FILTER, FINE_DASHES]) {
      const created = await t.post('/api/icons/create', cookie, icon(svg))
      expect(created.status).toBe(200)
      // Stored with what the fingerprint leaves out: only the duplicate check draws without it.
      expect(created.body.data.svg).toMatch(/feTurbulence|stroke-dasharray/)
    }
    const next = await t.post('/api/icons/create', cookie, icon(SVG('<path d="M4 4h16v16H4z"/>')))
    expect(next.status).toBe(200)
  })

  it('stores an Illustrator-style file with its public DOCTYPE dropped, and no data-* or root class', async () => {
    const svg = `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 16.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
${SVG('<g data-index="0" data-action="delete"><path class="st0" d="M4 4h16v16H4z"/></g>', ' class="tile" data-index="7"')}`
    const made = icon(svg)
    const created = await t.post('/api/icons/create', cookie, made)
    expect(created.status).toBe(200)
    const stored: string = created.body.data.svg
    expect(stored).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24">/)
    expect(stored).toContain('class="st0"')
    expect(stored).not.toMatch(/DOCTYPE|data-|<svg[^>]*class=/)
    const served = (await listed()).find((i) => i.id === made.id)
    expect(served?.svg).toBe(stored)
  })
})
