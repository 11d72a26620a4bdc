import { describe, expect, it } from 'vitest'
import {
  importSvg,
  MAX_PATH_DATA_LENGTH,
  MAX_PATH_SEGMENTS,
  MAX_SVG_ATTRIBUTES,
  MAX_SVG_NAME_LENGTH,
  MAX_SVG_PATH_SEGMENTS,
  optimizeSvg,
  processSvg,
  SVG_ERROR_MESSAGES,
  type SvgErrorCode,
  sanitizeSvg,
} from './index.ts'
import { countPathSegments } from './path-cost.ts'

// The limits on what each step may cost (errors.ts), each with its own message, at the limit
// and one past it. Inputs go through both readers: plain XML (the fast reader) and the same
// with a CDATA section, which only xmldom reads (after parse.ts's scan).
const SVG = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`
const bothReaders = (svg: string) => [svg, svg.replace('</svg>', '<![CDATA[ ]]></svg>')]

function outcome(svg: string): string {
  const result = importSvg(svg)
  return 'svg' in result ? 'accepted' : result.error
}
const refusedWith = (code: SvgErrorCode) => SVG_ERROR_MESSAGES[code]

describe('limits on what parsing may cost', () => {
  const attrs = (n: number) => Array.from({ length: n }, (_, i) => ` a${i}="1"`).join('')

  it(`attributes per element: ${MAX_SVG_ATTRIBUTES} accepted, one more refused`, () => {
    for (const svg of bothReaders(SVG(`<path d="M0 0h1"${attrs(MAX_SVG_ATTRIBUTES - 1)}/>`)))
      expect(outcome(svg)).toBe('accepted')
    for (const svg of bothReaders(SVG(`<path d="M0 0h1"${attrs(MAX_SVG_ATTRIBUTES)}/>`)))
      expect(outcome(svg)).toBe(refusedWith('too_many_attributes'))
    // The reported reproduction: stored as an empty drawing before.
    expect(outcome(SVG(`<path d="M0 0h1"${attrs(30_000)}/>`))).toBe(refusedWith('too_many_attributes'))
    expect(outcome(SVG(`<path d="M0 0h1" ${' x="1"'.repeat(3)}/>`))).toMatch(/not well-formed/)
  })

  it(`element and attribute names: ${MAX_SVG_NAME_LENGTH} characters accepted, one more refused`, () => {
    const name = (n: number) => `g${'x'.repeat(n - 1)}`
    for (const ok of [
      SVG(`<path d="M0 0h1"/><${name(MAX_SVG_NAME_LENGTH)}/>`),
      SVG(`<path d="M0 0h1" ${name(MAX_SVG_NAME_LENGTH)}="1"/>`),
    ])
      for (const svg of bothReaders(ok)) expect(outcome(svg)).toBe('accepted')
    for (const long of [
      SVG(`<path d="M0 0h1"/><${name(MAX_SVG_NAME_LENGTH + 1)}/>`),
      SVG(`<path d="M0 0h1" ${name(MAX_SVG_NAME_LENGTH + 1)}="1"/>`),
      SVG(`<path d="M0 0h1" xlink:${name(MAX_SVG_NAME_LENGTH + 1)}="1"/>`),
      // prefix and local name each within the limit, the qualified name beyond it
      SVG(`<path d="M0 0h1" xlink:${name(MAX_SVG_NAME_LENGTH - 5)}="1"/>`).replace(
        '<svg ',
        '<svg xmlns:xlink="http://www.w3.org/1999/xlink" ',
      ),
      SVG(`<${'p'.repeat(200_000)}/>`), // the reported reproduction
    ])
      for (const svg of bothReaders(long)) expect(outcome(svg)).toBe(refusedWith('name_too_long'))
  })
})

describe('limits on what the optimiser may cost', () => {
  const path = (segments: number, unit = ' l1.123 2.456') => `<path d="M0 0${unit.repeat(segments - 1)}"/>`

  it('counts segments with implicit repeats, closes and arcs', () => {
    expect(countPathSegments('M0 0 1 1 2 2L3 3h1v1z')).toBe(7)
    expect(countPathSegments('m0,0c1,1,2,2,3,3,4,4,5,5,6,6Z m1 1')).toBe(5)
    expect(countPathSegments('M0 0a1 1 0 0 1 2 2 1 1 0 0 1 3 3')).toBe(3)
    expect(countPathSegments('M-1.5.5e2-.5 1e-3zzz')).toBe(5)
    expect(countPathSegments('')).toBe(0)
  })

  it(`one path: ${MAX_PATH_SEGMENTS} segments accepted, one more refused`, async () => {
    expect(outcome(SVG(path(MAX_PATH_SEGMENTS)))).toBe('accepted')
    expect(outcome(SVG(path(MAX_PATH_SEGMENTS + 1)))).toBe(refusedWith('path_too_complex'))
    // The reported reproduction: 10,000 segments, 31 s of svgo before.
    await expect(processSvg(SVG(path(10_001)), { idPrefix: 'p' })).rejects.toThrow(
      refusedWith('path_too_complex'),
    )
    // Polygon points too (svgo turns them into a path), and the maker's Optimise step.
    const points = (n: number) => Array.from({ length: n }, (_, i) => `${i % 7},${i % 5}`).join(' ')
    expect(outcome(SVG(`<polygon points="${points(MAX_PATH_SEGMENTS)}"/>`))).toBe('accepted')
    expect(outcome(SVG(`<polygon points="${points(MAX_PATH_SEGMENTS + 1)}"/>`))).toBe(
      refusedWith('path_too_complex'),
    )
    await expect(optimizeSvg(SVG(path(MAX_PATH_SEGMENTS + 1)))).rejects.toThrow(
      refusedWith('path_too_complex'),
    )
  })

  it(`all paths: ${MAX_SVG_PATH_SEGMENTS} segments accepted, one more refused`, () => {
    const full = path(MAX_PATH_SEGMENTS).repeat(MAX_SVG_PATH_SEGMENTS / MAX_PATH_SEGMENTS)
    expect(outcome(SVG(full))).toBe('accepted')
    expect(outcome(SVG(`${full}<path d="M0 0"/>`))).toBe(refusedWith('too_many_path_segments'))
  })

  it(`one path's data: ${MAX_PATH_DATA_LENGTH} characters accepted, one more refused`, () => {
    const data = (n: number) => `M0 0h1${' '.repeat(n - 6)}`
    expect(outcome(SVG(`<path d="${data(MAX_PATH_DATA_LENGTH)}"/>`))).toBe('accepted')
    expect(outcome(SVG(`<path d="${data(MAX_PATH_DATA_LENGTH + 1)}"/>`))).toBe(refusedWith('path_too_long'))
    // The sanitizer alone (display, serving stored markup) does not run the optimiser.
    expect(sanitizeSvg(SVG(path(MAX_PATH_SEGMENTS + 1)))).toContain('<path d="M0 0 l1.123')
  })
})
