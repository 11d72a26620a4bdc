import { describe, expect, it } from 'vitest'
import { extractSvg } from './extract-svg.ts'

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M1 1h2"/></svg>'

describe('extractSvg', () => {
  it('takes the SVG out of a fenced block, with or without a language', () => {
    expect(extractSvg(`Sure!\n\`\`\`svg\n${svg}\n\`\`\`\nDone.`)).toBe(svg)
    expect(extractSvg(`\`\`\`\n${svg}\n\`\`\``)).toBe(svg)
    expect(extractSvg(`\`\`\`xml ${svg}\`\`\``)).toBe(svg)
  })

  it('finds it in prose, counts nested <svg> and stops at the first complete one', () => {
    const nested = '<svg viewBox="0 0 9 9"><svg x="1"><rect width="1" height="1"/></svg><circle r="1"/></svg>'
    expect(extractSvg(`Here: ${nested} and <svg>second</svg>`)).toBe(nested)
    expect(extractSvg('<SVG viewBox="0 0 1 1"/> rest')).toBe('<SVG viewBox="0 0 1 1"/>')
  })

  it('answers null without a complete SVG', () => {
    expect(extractSvg('I cannot draw that.')).toBeNull()
    expect(extractSvg('<svg viewBox="0 0 1 1"><path d=""/>')).toBeNull()
    expect(extractSvg('```js\nconsole.log(1)\n```')).toBeNull()
  })
})
