import { describe, expect, it } from 'vitest'
import { importSvg, processSvg, SVG_ERROR_MESSAGES, sanitizeSvg } from './index.ts'

// An upload with nothing left to draw once sanitized is refused, not stored as a blank icon.
const SVG = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${body}</svg>`
const NOTHING = { error: SVG_ERROR_MESSAGES.nothing_to_draw }

describe('nothing left to draw', () => {
  it('refuses empty drawings and those whose every shape was unsafe or unsupported', async () => {
    for (const body of [
      '',
      '<title>Empty</title><desc>x</desc>',
      '<script>alert(1)</script><foreignObject><div/></foreignObject>',
      '<image href="https://evil.example/x.png" width="24" height="24"/>',
      '<defs><path id="a" d="M0 0h24v24z"/></defs>',
      '<g><g><clipPath id="c"><rect width="4" height="4"/></clipPath></g></g>',
      '<text>   </text>',
    ]) {
      expect(importSvg(SVG(body)), body).toEqual(NOTHING)
      await expect(processSvg(SVG(body), { idPrefix: 'p' }), body).rejects.toThrow(NOTHING.error)
    }
    // The sanitizer alone still answers (the maker's empty canvas, served markup).
    expect(sanitizeSvg(SVG('<script>alert(1)</script>'))).toBe(SVG('').replace('></svg>', '/>'))
  })

  it('accepts anything that draws: shapes, <use>, text, inside groups or nested svg', () => {
    for (const body of [
      '<circle r="4"/>',
      '<defs><path id="a" d="M0 0h24v24z"/></defs><use href="#a"/>',
      '<g><text x="2" y="12">Hi</text></g>',
      '<text><tspan>a</tspan></text>',
      '<svg viewBox="0 0 2 2"><g><rect width="1" height="1"/></g></svg>',
    ])
      expect(importSvg(SVG(body)), body).toHaveProperty('svg')
  })
})
