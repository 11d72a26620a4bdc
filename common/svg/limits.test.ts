import { describe, expect, it } from 'vitest'
import { MAX_SVG_BYTES, normalizeSvg, optimizeSvg, processSvg, SvgError, sanitizeSvg } from './index.ts'
import { MAX_OPTIMIZE_WEIGHT } from './optimize.ts'
import { scanStructure } from './parse.ts'

// Hostile inputs within the size limits must stay cheap: none of these may backtrack or
// walk the tree quadratically (each would run for minutes if it did).
const SVG = (body: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${body}</svg>`
const big = (unit: string) => unit.repeat(Math.floor((MAX_SVG_BYTES - 200) / unit.length))

describe('work stays bounded', () => {
  it('weighs structure by the sum of element depths', () => {
    expect(scanStructure(SVG('<g><path/></g><path/><!-- <g> --><![CDATA[<g>]]>'))).toEqual({
      elements: 4,
      depthSum: 8,
    })
  })

  it('skips svgo for heavy icons and keeps them sanitized and normalized', async () => {
    const depth = 60
    const chain = `${'<g fill="red">'.repeat(depth)}<path d="M0 0h1"/>${'</g>'.repeat(depth)}`
    const heavy = normalizeSvg(SVG(chain.repeat(8), ' viewBox="0 0 9 9"'), { idPrefix: 'h' })
    expect(scanStructure(heavy).depthSum).toBeGreaterThan(MAX_OPTIMIZE_WEIGHT)
    expect(await optimizeSvg(heavy)).toBe(heavy)
    expect(await processSvg(SVG(chain.repeat(8), ' viewBox="0 0 9 9"'), { idPrefix: 'h' })).toBe(heavy)
  })

  it('refuses CSS whose matching would cost too much', () => {
    const rules = 'g g g g{fill:red}'.repeat(2000)
    const body = `${'<g>'.repeat(60)}<path/>${'</g>'.repeat(60)}`.repeat(60)
    expect(() => normalizeSvg(SVG(`<style>${rules}</style>${body}`), { idPrefix: 'p' })).toThrow(
      new SvgError('too_complex'),
    )
  })

  it('scans huge attribute and CSS values in linear time', () => {
    expect(normalizeSvg(SVG('', ` width="${'1'.repeat(400_000)}x" height="1"`), { idPrefix: 'p' })).toContain(
      'width=',
    )
    expect(sanitizeSvg(SVG(`<path fill="${big('a')}"/>`))).toContain('<path fill=')
    expect(sanitizeSvg(SVG(`<path style="fill:${big('a')}"/>`))).toContain('<path style="fill:a')
    expect(sanitizeSvg(SVG(`<style>${big('a{}')}</style>`))).not.toContain('<style')
    expect(sanitizeSvg(SVG(`<style>${big('.a{fill:red}')}</style>`))).toContain('<style>.a{fill:red}')
    expect(sanitizeSvg(SVG(`<path fill="${big('url(#')}"/>`))).toBe(SVG('<path/>'))
    expect(sanitizeSvg(SVG(`<path style="${big('! ')}"/>`))).toBe(SVG('<path/>'))
  })
})
