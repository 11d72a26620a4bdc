// The icon font export and the class prefix through GET /api/projects/export
// (ADR 0105): format=font is a ZIP of a valid WOFF2 (parsed back with fontkit) with one glyph per icon
// at the code point its id gives, the CSS with a class per icon under the project's prefix, a demo
// page listing each icon's class and code point; a stroked icon becomes the outline of its stroke;
// one with dashed strokes is left out and said so;
// adding and deleting other icons moves no icon's code point, nor does deleting, restoring or moving
// in an icon that shares one (points are kept once given); prefix= (also for css) is validated.
import { randomUUID } from 'node:crypto'
import { strFromU8, unzipSync } from 'fflate'
import * as fontkit from 'fontkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CODE_POINT_COUNT, CODE_POINT_FIRST, preferredCodePoint } from '../../common/exports/code-points.ts'
import { exportMessages } from '../../common/messages.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

const svg = (body: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"${attrs}>${body}</svg>`

const ICONS = {
  square: svg('<rect x="4" y="4" width="16" height="16" rx="2"/>'),
  ring: svg(
    '<path fill-rule="evenodd" d="M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0zM6 12a6 6 0 1 0 12 0a6 6 0 1 0-12 0z"/>',
  ),
  dot: svg(
    '<g transform="translate(2 2)"><circle cx="10" cy="10" r="4"/></g><path d="M0 0h24v24H0z" fill="none"/>',
  ),
  'arrow-right': svg(
    '<path d="M5 12h14M13 6l6 6-6 6"/>',
    ' fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"',
  ),
  dashed: svg('<path d="M4 12h16"/>', ' fill="none" stroke="currentColor" stroke-dasharray="2 2"'),
}

/** Two new icon ids whose preferred code points are the same (a collision, ~300 tries). */
function collidingIds(): [string, string] {
  const seen = new Map<number, string>()
  for (;;) {
    const id = randomUUID()
    const point = preferredCodePoint(id)
    const other = seen.get(point)
    if (other) return [other, id]
    seen.set(point, id)
  }
}

function fontFlow(kind: DbKind) {
  let t: TestApp
  let me: string
  const email = `font-${kind}@example.com`
  const projectId = randomUUID()
  const ids: Record<string, string> = {}

  const exported = async (query: string) => {
    const res = await t.request(`/api/projects/export?project_id=${projectId}&${query}`, { cookie: me })
    expect(res.status, query).toBe(200)
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
  }
  const create = async (name: string, markup: string) => {
    const id = randomUUID()
    const res = await t.post('/api/icons/create', me, { id, name, svg: markup, project_id: projectId })
    expect(res.status, name).toBe(200)
    ids[name] = id
  }
  const codePoints = async () => {
    const files = unzipSync((await exported('format=font')).bytes)
    return JSON.parse(strFromU8(files['codepoints.json']!)) as Record<string, string>
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    me = await t.signIn(email)
    await t.setPlan(email, 'pro')
    const made = await t.post('/api/projects/create', me, {
      id: projectId,
      name: 'Brand icons',
      workspace_id: null,
    })
    expect(made.status).toBe(200)
    for (const [name, markup] of Object.entries(ICONS)) await create(name, markup)
  })
  afterAll(() => t?.close())

  it('a ZIP with a valid WOFF2: one glyph per icon at its code point, the CSS, a demo page', async () => {
    const { res, bytes } = await exported('format=font')
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="brand-icons-font.zip"')
    expect(res.headers.get('x-skipped-icons')).toBe('1')
    const files = unzipSync(bytes)
    expect(Object.keys(files).sort()).toEqual([
      'brand-icons.css',
      'codepoints.json',
      'demo.html',
      'fonts/brand-icons.woff2',
    ])
    const woff2 = files['fonts/brand-icons.woff2']!
    expect(strFromU8(woff2.slice(0, 4))).toBe('wOF2')
    const font = fontkit.create(Buffer.from(woff2)) as fontkit.Font
    expect(font.type).toBe('WOFF2')
    const drawn = ['arrow-right', 'dot', 'ring', 'square']
    expect([...font.characterSet].sort()).toEqual(drawn.map((n) => preferredCodePoint(ids[n]!)).sort())
    for (const name of drawn) {
      const glyph = font.glyphForCodePoint(preferredCodePoint(ids[name]!))
      expect(glyph.id, name).toBeGreaterThan(0)
      expect(glyph.advanceWidth, name).toBe(1000)
      expect(glyph.path.commands.length, name).toBeGreaterThan(3)
    }
    // The ring keeps its hole: the inner contour turns against the outer one.
    const ring = font.glyphForCodePoint(preferredCodePoint(ids.ring!))
    expect(ring.path.toSVG().match(/M/g)).toHaveLength(2)
    const bbox = font.glyphForCodePoint(preferredCodePoint(ids.dot!)).bbox
    // The dot: a circle of radius 4 (in 24) centred, moved by its group's transform.
    expect(Math.abs(bbox.maxX - bbox.minX - 333)).toBeLessThanOrEqual(2)
    // The arrow's stroke as an outline, 2 wide: its shaft's round cap reaches x 4 (of 24), the head's
    // miter join (90°, within the limit of 4) reaches 19 + √2 = 20.41.
    const arrow = font.glyphForCodePoint(preferredCodePoint(ids['arrow-right']!)).bbox
    expect(Math.abs(arrow.minX - 167)).toBeLessThanOrEqual(2)
    expect(Math.abs(arrow.maxX - 851)).toBeLessThanOrEqual(2)

    const css = strFromU8(files['brand-icons.css']!)
    expect(css).toContain('src: url("fonts/brand-icons.woff2") format("woff2");')
    expect(css).toContain('[class^="brand-"],\n[class*=" brand-"] {')
    for (const name of drawn)
      expect(css).toContain(
        `.brand-${name}::before {\n  content: "\\${preferredCodePoint(ids[name]!).toString(16)}";\n}`,
      )
    expect(css).not.toContain('dashed')

    const demo = strFromU8(files['demo.html']!)
    for (const name of drawn) {
      const point = preferredCodePoint(ids[name]!).toString(16).toUpperCase()
      expect(demo).toContain(`<i class="brand-${name}" aria-hidden="true"></i>`)
      expect(demo).toContain(`<code>.brand-${name}</code><code>U+${point}</code>`)
    }
    expect(demo).toContain(exportMessages.fontSkipped('dashed', 'it has dashed strokes'))

    // The same icons give the same bytes.
    expect(Buffer.from((await exported('format=font')).bytes).equals(Buffer.from(bytes))).toBe(true)
  })

  it('adding and deleting other icons moves no icon’s code point', async () => {
    const before = await codePoints()
    await create('plus', svg('<path d="M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z"/>'))
    expect((await t.post('/api/icons/delete', me, { id: ids.ring })).status).toBe(200)
    const after = await codePoints()
    expect(Object.keys(after).sort()).toEqual(['arrow-right', 'dot', 'plus', 'square'])
    expect(after.dot).toBe(before.dot)
    expect(after.square).toBe(before.square)
  })

  it('a point once given is kept: a bumped icon stays when the icon it gave way to is deleted or comes back, and an older icon moved in bumps no one', async () => {
    const hex = (point: number) => point.toString(16)
    const next = (point: number) =>
      point === CODE_POINT_FIRST + CODE_POINT_COUNT - 1 ? CODE_POINT_FIRST : point + 1
    const createAs = async (id: string, name: string, project = projectId) => {
      const res = await t.post('/api/icons/create', me, { id, name, svg: ICONS.square, project_id: project })
      expect(res.status, name).toBe(200)
    }
    // Two pairs of ids, each pair on one preferred point: the older keeps it, the newer takes the next.
    const [a, b] = collidingIds()
    const [c, d] = collidingIds()
    const p = preferredCodePoint(a)
    const q = preferredCodePoint(c)
    const elsewhere = randomUUID()
    const other = await t.post('/api/projects/create', me, {
      id: elsewhere,
      name: 'Elsewhere',
      workspace_id: null,
    })
    expect(other.status).toBe(200)
    await createAs(a, 'first')
    await createAs(b, 'second')
    await createAs(c, 'older', elsewhere) // older than the resident, in another project for now
    await createAs(d, 'resident')
    expect(await codePoints()).toMatchObject({ first: hex(p), second: hex(next(p)), resident: hex(q) })
    // The icon the second gave way to deleted; the older one moved in: nobody moves.
    expect((await t.post('/api/icons/delete', me, { id: a })).status).toBe(200)
    expect((await t.post('/api/icons/move', me, { ids: [c], project_id: projectId })).status).toBe(200)
    expect(await codePoints()).toMatchObject({ second: hex(next(p)), resident: hex(q), older: hex(next(q)) })
    // Back from the trash, the first has its point again.
    expect((await t.post('/api/icons/undelete', me, { id: a })).status).toBe(200)
    expect(await codePoints()).toMatchObject({ first: hex(p), second: hex(next(p)), resident: hex(q) })
  })

  it('prefix= sets the class prefix of the font and the CSS; empty means none; a bad one is a 400', async () => {
    const font = unzipSync((await exported('format=font&prefix=acme_')).bytes)
    expect(strFromU8(font['brand-icons.css']!)).toContain('.acme_square::before')
    const css = strFromU8((await exported('format=css&prefix=ui-')).bytes)
    expect(css).toContain('\n.ui-square {')
    expect(strFromU8((await exported('format=css')).bytes)).toContain('\n.brand-square {')
    expect(strFromU8((await exported('format=css&prefix=')).bytes)).toContain('\n.square {')
    for (const bad of ['1x', 'a%20b', '-x', 'x'.repeat(33), 'a%22%7D']) {
      const res = await t.request(`/api/projects/export?project_id=${projectId}&format=css&prefix=${bad}`, {
        cookie: me,
      })
      expect(res.status, bad).toBe(400)
      expect(await res.json()).toEqual({ error: exportMessages.classPrefixInvalid, code: 'invalid' })
    }
  })
}

describe('icon font export on pglite', () => fontFlow('pglite'))
postgresOnly('icon font export on postgres', () => fontFlow('postgres'))
