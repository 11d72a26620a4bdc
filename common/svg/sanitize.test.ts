import { describe, expect, it } from 'vitest'
import { MAX_SVG_BYTES, MAX_SVG_DEPTH, MAX_SVG_ELEMENTS, processSvg, SvgError, sanitizeSvg } from './index.ts'

const SVG = (body: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24"${attrs}>${body}</svg>`

function refusal(input: string): SvgError {
  try {
    sanitizeSvg(input)
  } catch (error) {
    if (error instanceof SvgError) return error
    throw error
  }
  throw new Error('expected the SVG to be refused')
}

describe('sanitizeSvg refuses', () => {
  it.each([
    ['not_svg', '', 'This file is not an SVG image'],
    ['not_svg', '<html xmlns="http://www.w3.org/1999/xhtml"/>', 'This file is not an SVG image'],
    ['not_svg', '<svg xmlns="urn:other"/>', 'This file is not an SVG image'],
    ['malformed', '<svg><g></svg>', 'The SVG is not well-formed XML: '],
    ['doctype', '<!DOCTYPE svg><svg/>', 'SVG files with a DTD or entity declarations are not accepted'],
    ['encoding', '<?xml version="1.0" encoding="windows-1252"?><svg/>', 'The SVG must be UTF-8 text'],
    ['encoding', '<svg>\u0000</svg>', 'The SVG must be UTF-8 text'],
  ])('%s: %j', (code, input, message) => {
    const error = refusal(input)
    expect(error.code).toBe(code)
    expect(error.message.startsWith(message)).toBe(true)
    expect(error.name).toBe('SvgError')
  })

  it('files over 512 KB, counting UTF-8 bytes', () => {
    const pad = 'é'.repeat(MAX_SVG_BYTES / 2) // 2 bytes each
    expect(refusal(SVG(`<title>${pad}</title>`)).message).toBe('The SVG is larger than 512 KB')
    expect(() => sanitizeSvg(SVG(`<title>${'a'.repeat(MAX_SVG_BYTES - 200)}</title>`))).not.toThrow()
  })

  it(`nesting deeper than ${MAX_SVG_DEPTH} levels, and accepts exactly ${MAX_SVG_DEPTH}`, () => {
    // root (level 1), levels - 2 groups, then a path at the deepest level
    const nest = (levels: number) =>
      SVG(`${'<g>'.repeat(levels - 2)}<path d="M0 0h1"/>${'</g>'.repeat(levels - 2)}`)
    expect(refusal(nest(MAX_SVG_DEPTH + 1)).message).toBe(
      'The SVG is nested too deeply (more than 64 levels)',
    )
    expect(() => sanitizeSvg(nest(MAX_SVG_DEPTH))).not.toThrow()
    expect(refusal(SVG('<g>'.repeat(70_000) + '</g>'.repeat(70_000))).code).toBe('too_deep')
  })

  it(`more than ${MAX_SVG_ELEMENTS} elements, and accepts exactly ${MAX_SVG_ELEMENTS}`, () => {
    const many = (n: number) => SVG('<path d="M0 0h1"/>'.repeat(n - 1))
    expect(refusal(many(MAX_SVG_ELEMENTS + 1)).message).toBe('The SVG has more than 20,000 elements')
    expect(() => sanitizeSvg(many(MAX_SVG_ELEMENTS))).not.toThrow()
  })
})

describe('sanitizeSvg keeps what draws', () => {
  it('is exported as sanitize too and is idempotent', () => {
    const input = SVG(
      '<g fill="red" transform="rotate(45 12 12)"><path d="M0 0h24v24z" stroke-width="2"/></g>',
    )
    const once = sanitizeSvg(input)
    expect(once).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g fill="red" transform="rotate(45 12 12)"><path d="M0 0h24v24z" stroke-width="2"/></g></svg>',
    )
    expect(sanitizeSvg(once)).toBe(once)
  })

  it('adds the SVG namespace to a root without one and keeps xlink only when used', () => {
    expect(sanitizeSvg('<svg><rect width="1" height="1"/></svg>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
    )
    expect(sanitizeSvg(SVG('<use xlink:href="#a"/>'))).toContain('xmlns:xlink="http://www.w3.org/1999/xlink"')
  })

  it('keeps same-document references only, trimmed', () => {
    const out = sanitizeSvg(
      SVG('<use href=" #a "/><use xlink:href="#b"/><use href="x.svg#a"/><use href="#a b"/>'),
    )
    expect(out).toContain('<use href="#a"/><use xlink:href="#b"/><use/><use/>')
  })

  it('keeps url(#id) paint and drops every other url()', () => {
    const out = sanitizeSvg(
      SVG(
        '<path fill="url(#g) red" stroke="url(https://x.test/#g)" mask="url(\'#m\')" filter="url(data:x)"/>',
      ),
    )
    expect(out).toContain(`<path fill="url(#g) red" mask="url('#m')"/>`)
  })

  it('turns links into plain groups', () => {
    expect(sanitizeSvg(SVG('<a href="#x" target="_top"><circle r="2"/></a>'))).toContain(
      '<g><circle r="2"/></g>',
    )
  })

  it('drops elements of other namespaces and editor attributes', () => {
    const out = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:i="http://www.inkscape.org/namespaces/inkscape" i:version="1"><i:x/><path i:label="a" d="M0 0"/></svg>',
    )
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>')
  })

  it('keeps text, escapes it, and drops whitespace between shapes', () => {
    const out = sanitizeSvg(SVG('\n  <text x="1">a &lt; b &amp; <tspan>{c}</tspan></text>\n  <rect/>\n'))
    expect(out).toContain('<text x="1">a &lt; b &amp; <tspan>{c}</tspan></text><rect/></svg>')
  })
})

describe('sanitizeSvg CSS', () => {
  it('keeps allowlisted declarations in style=""', () => {
    const out = sanitizeSvg(
      SVG('<path style="fill: red; behavior: url(x.htc); stroke-width: 2 !important; foo: bar"/>'),
    )
    expect(out).toContain('<path style="fill:red;stroke-width:2!important"/>')
  })

  it('keeps plain rules of <style> and drops at-rules, unsafe values and complex selectors', () => {
    const css =
      '@import url(x.css); .a { fill: red } g > .b, #c { stroke: blue } a:hover { fill: red } [x] { fill: red } @media print { .a { fill: blue } } .d { fill: url(http://x.test/) }'
    const out = sanitizeSvg(SVG(`<style>${css}</style>`))
    expect(out).toContain('<style>.a{fill:red}g&gt;.b,#c{stroke:blue}</style>')
  })

  it('drops a <style> whose CSS has escapes or markup, and one that ends up empty', () => {
    expect(sanitizeSvg(SVG('<style>.a{fill:\\72 ed}</style>'))).not.toContain('<style')
    expect(
      sanitizeSvg(SVG('<style><![CDATA[.a{fill:red}</style><script>x</script>]]></style>')),
    ).not.toContain('<style')
    expect(sanitizeSvg(SVG('<style>@import "x.css";</style>'))).not.toContain('<style')
  })
})

describe('sanitizeSvg keeps nothing the app reads', () => {
  it('drops every data-* attribute and class on the root, keeps class below it', () => {
    const out = sanitizeSvg(
      SVG(
        '<g data-index="0" class="a" data-action="delete"><path d="M0 0h1" class="b c" data-x="1" aria-label="p"/></g>',
        ' class="tile selected" data-index="3" data-id="x"',
      ),
    )
    expect(out).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g class="a"><path d="M0 0h1" class="b c" aria-label="p"/></g></svg>',
    )
    expect(out).not.toMatch(/data-|<svg[^>]*class=/)
  })

  it('processSvg first inlines <style> rules that match the root class, then drops it', async () => {
    const svg = SVG(
      '<style>.x .b{fill:red} svg.x{stroke:blue}</style><path class="b" d="M0 0h4v4z"/>',
      ' class="x"',
    )
    const stored = await processSvg(svg, { idPrefix: 'p' })
    expect(stored).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" style="stroke:blue"><path class="b" d="M0 0h4v4z" style="fill:red"/></svg>',
    )
  })
})
