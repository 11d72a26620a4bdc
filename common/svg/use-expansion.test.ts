import { describe, expect, it } from 'vitest'
import { importSvg, MAX_SVG_EXPANDED_ELEMENTS, readSvg, SVG_ERROR_MESSAGES, sanitizeSvg } from './index.ts'
import { expandedElementCount } from './use-expansion.ts'

const SVG = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`
const count = (body: string, limit?: number) => expandedElementCount(readSvg(SVG(body)), limit)

/** A <use> chain that doubles at each step ("billion laughs" without a DTD). */
function doubling(steps: number): string {
  let defs = '<path id="l0" d="M0 0h1"/>'
  for (let i = 1; i <= steps; i++)
    defs += `<g id="l${i}"><use href="#l${i - 1}"/><use href="#l${i - 1}"/></g>`
  return `<defs>${defs}</defs><use href="#l${steps}"/>`
}

describe('<use> expansion', () => {
  it('counts each element once plus what its references repeat', () => {
    expect(count('<path d="M0 0h1"/>')).toBe(2)
    // svg, defs, path (1), use → path (2), use → path (2)
    expect(
      count(
        '<defs><path id="a" d="M0 0h1"/></defs><use href="#a"/><use xlink:href="#a"/>'.replace('xlink:', ''),
      ),
    ).toBe(7)
    // url(#id) repeats a paint server or a clip path for each element that uses it
    expect(
      count(
        '<linearGradient id="g"><stop/><stop/></linearGradient><rect fill="url(#g)"/><rect style="stroke:url(#g)"/>',
      ),
    ).toBe(1 + 3 + 4 + 4)
    // A missing target counts nothing; the first element with an id wins, as in browsers.
    expect(count('<use href="#none"/><g id="a"/><g id="a"><path/><path/></g><use href="#a"/>')).toBe(
      1 + 1 + 1 + 3 + 2,
    )
  })

  it('stops at cycles (browsers draw nothing there) and terminates on long chains', () => {
    expect(count('<g id="a"><use href="#a"/></g>')).toBe(3)
    expect(count('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>')).toBeGreaterThan(0)
    expect(count('<pattern id="p"><rect fill="url(#p)"/></pattern><rect fill="url(#p)"/>')).toBeGreaterThan(0)
    // 10,000 links, each one more than the last: refused, not a stack overflow (no recursion).
    let chain = '<path id="c0" d="M0 0h1"/>'
    for (let i = 1; i < 10_000; i++) chain += `<use id="c${i}" href="#c${i - 1}"/>`
    expect(() => count(chain)).toThrow(SVG_ERROR_MESSAGES.too_many_uses)
    expect(count(chain.slice(0, chain.indexOf('<use id="c300"')))).toBe(1 + (300 * 301) / 2)
  })

  it(`accepts a drawing that expands to ${MAX_SVG_EXPANDED_ELEMENTS} elements, refuses one more`, () => {
    expect(count(doubling(12))).toBeLessThanOrEqual(MAX_SVG_EXPANDED_ELEMENTS)
    expect('svg' in importSvg(SVG(doubling(12)))).toBe(true)
    expect(count(doubling(12), count(doubling(12)))).toBe(count(doubling(12)))
    expect(() => count(doubling(12), count(doubling(12)) - 1)).toThrow(SVG_ERROR_MESSAGES.too_many_uses)
  })

  it('refuses exponential chains in every entry point, through <use>, patterns and <style>', () => {
    expect(importSvg(SVG(doubling(30)))).toEqual({ error: SVG_ERROR_MESSAGES.too_many_uses })
    expect(() => sanitizeSvg(SVG(doubling(30)))).toThrow(SVG_ERROR_MESSAGES.too_many_uses)
    let patterns = '<pattern id="p0"><rect width="1" height="1"/></pattern>'
    for (let i = 1; i <= 30; i++)
      patterns += `<pattern id="p${i}"><rect fill="url(#p${i - 1})"/><rect fill="url(#p${i - 1})"/></pattern>`
    expect(importSvg(SVG(`${patterns}<rect fill="url(#p30)"/>`))).toEqual({
      error: SVG_ERROR_MESSAGES.too_many_uses,
    })
    // Through classes: only once <style> is inlined do the references show.
    let styled = '<pattern id="s0"><rect width="1" height="1"/></pattern>'
    let css = ''
    for (let i = 1; i <= 30; i++) {
      styled += `<pattern id="s${i}"><rect class="c${i}"/><rect class="c${i}"/></pattern>`
      css += `.c${i}{fill:url(#s${i - 1})}`
    }
    expect(importSvg(SVG(`<style>${css}</style>${styled}<rect fill="url(#s30)"/>`))).toEqual({
      error: SVG_ERROR_MESSAGES.too_many_uses,
    })
  })
})
