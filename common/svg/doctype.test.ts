import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importSvg, processSvg, SVG_ERROR_MESSAGES, SvgError, sanitizeSvg } from './index.ts'
import { parseSvgRoot } from './parse.ts'
import { FIXTURES } from './test-support/fixtures.ts'
import { expectSameDrawing } from './test-support/render.ts'

// Editors write a public DOCTYPE (SVG 1.1's) above the drawing: accepted, dropped before any
// parser sees it (so its DTD is never fetched), while DTDs that declare anything stay refused.
const EDITOR_EXPORTS = ['illustrator-doctype', 'inkscape-doctype', 'sketch-doctype']
const read = (name: string) => readFileSync(join(FIXTURES, 'legit', `${name}.svg`), 'utf8')
const PUBLIC_11 =
  '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">'

describe('public DOCTYPE', () => {
  for (const name of EDITOR_EXPORTS) {
    it(`${name}: imported with the DOCTYPE dropped, drawn as exported`, async () => {
      const svg = read(name)
      expect(svg).toMatch(/<!DOCTYPE svg PUBLIC "-\/\/W3C\/\/DTD SVG 1\.1\/\/EN"\s+"http:\/\/www\.w3\.org/)
      const imported = importSvg(svg)
      if (!('svg' in imported)) throw new Error(imported.error)
      expect(imported.svg).not.toMatch(/DOCTYPE|DTD|svg11\.dtd/)
      expectSameDrawing(svg, imported.svg, name)
      expect(await processSvg(svg, { idPrefix: 'e' })).not.toContain('DOCTYPE')
      // The same file with an internal subset, or declaring an entity, stays refused.
      const subset = svg.replace(/(<!DOCTYPE[^>]*?)>/, '$1 [<!ENTITY ns_svg "http://www.w3.org/2000/svg">]>')
      expect(subset).toContain('<!ENTITY ns_svg')
      expect(importSvg(subset)).toEqual({ error: SVG_ERROR_MESSAGES.doctype })
    })
  }

  it('is gone before xmldom parses (a DOCTYPE there would be refused), on every line layout', () => {
    const body =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><![CDATA[ ]]><rect width="1" height="1"/></svg>'
    for (const prolog of [
      PUBLIC_11,
      `<?xml version="1.0" standalone="no"?>\n<!-- Generator: x -->\n${PUBLIC_11}\n`,
      "<!DOCTYPE svg PUBLIC '-//W3C//DTD SVG 1.0//EN'\r\n  'http://www.w3.org/TR/2001/REC-SVG-20010904/DTD/svg10.dtd' >",
    ]) {
      expect(parseSvgRoot(prolog + body).localName, prolog).toBe('svg')
      expect(sanitizeSvg(prolog + body)).toBe(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><rect width="1" height="1"/></svg>',
      )
    }
  })

  it('refuses internal subsets, entities, SYSTEM-only and misplaced DOCTYPEs', () => {
    const body = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'
    for (const input of [
      `${PUBLIC_11.slice(0, -1)} []>${body}`,
      `${PUBLIC_11}<!ENTITY a "b">${body}`,
      `${PUBLIC_11}${PUBLIC_11}${body}`,
      `<!DOCTYPE svg SYSTEM "http://evil.example/x.dtd">${body}`,
      `<!DOCTYPE svg>${body}`,
      `<svg xmlns="http://www.w3.org/2000/svg">${PUBLIC_11}<rect/></svg>`,
      `${PUBLIC_11.replace('PUBLIC', 'public')}${body}`,
    ]) {
      let refused: unknown = null
      try {
        sanitizeSvg(input)
      } catch (error) {
        refused = error
      }
      expect(refused, input).toBeInstanceOf(SvgError)
      expect((refused as SvgError).code, input).toBe('doctype')
    }
  })
})
