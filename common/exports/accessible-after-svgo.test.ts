// An exported SVG keeps what it means after its user runs svgo with its defaults (ADR 0106): the
// accessible name and description a screen reader computes (SVG-AAM: aria-labelledby's targets, else
// aria-label, else the <title> child; aria-describedby's targets, else the <desc> child) are the
// stored label and description before and after `svgo.optimize`. An id-based reference broke here:
// svgo's cleanupIds drops the <title>'s id and leaves aria-labelledby pointing at nothing.
import { strFromU8, unzipSync } from 'fflate'
import { optimize } from 'svgo'
import { describe, expect, test } from 'vitest'
import { buildExport } from './build-export.ts'

const HOUSE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs><path fill="url(#g)" d="M3 9l9-7 9 7v11H3z"/></svg>'

const textOf = (markup: string, id: string) =>
  new RegExp(`<[a-z]+ [^>]*\\bid="${id}"[^>]*>([^<]*)<`).exec(markup)?.[1]
const rootAttr = (markup: string, name: string) =>
  new RegExp(`^<svg [^>]*\\b${name}="([^"]*)"`).exec(markup)?.[1]
const childText = (markup: string, tag: string) =>
  new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`).exec(markup)?.[1]

/**
 * The accessible name and description of an SVG document's root, as SVG-AAM computes them; an
 * aria-labelledby or aria-describedby whose ids are gone names nothing (axe reports it as
 * aria-valid-attr-value, and which fallback a browser takes then differs), so it counts as ''.
 */
function accessibility(markup: string) {
  const byIds = (attr: string | undefined) =>
    attr === undefined
      ? undefined
      : attr
          .split(/\s+/)
          .map((id) => textOf(markup, id) ?? '')
          .join(' ')
          .trim()
  const labelledBy = byIds(rootAttr(markup, 'aria-labelledby'))
  const describedBy = byIds(rootAttr(markup, 'aria-describedby'))
  return {
    role: rootAttr(markup, 'role'),
    name: labelledBy ?? rootAttr(markup, 'aria-label') ?? childText(markup, 'title') ?? '',
    description: describedBy ?? childText(markup, 'desc') ?? '',
  }
}

describe('an exported SVG after svgo', () => {
  test('keeps its accessible name and description through svgo’s defaults', async () => {
    const icon = { name: 'house', svg: HOUSE, label: 'Go home', description: 'Back to the start page' }
    const result = await buildExport({ kind: 'svg-zip', projectName: 'Site', icons: [icon] }, () => {})
    const exported = strFromU8(unzipSync(result.bytes)['house.svg']!)
    const expected = { role: 'img', name: 'Go home', description: 'Back to the start page' }
    expect(accessibility(exported)).toEqual(expected)
    const optimised = optimize(exported).data
    // svgo's removeUnknownsAndDefaults drops role (keepRoleAttr is false by default): a named <svg> root
    // is still exposed as a graphic (SVG-AAM), and its name and description are what must survive.
    expect(accessibility(optimised), optimised).toEqual({ ...expected, role: undefined })
    // The drawing's own references still resolve after svgo's renaming.
    const fill = /fill="url\(#([^)]+)\)"/.exec(optimised)?.[1]
    expect(fill && optimised.includes(`id="${fill}"`), optimised).toBe(true)
  })
})
