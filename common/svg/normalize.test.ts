import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { normalizeSvg, optimizeSvg, processSvg, SvgError } from './index.ts'

const SVG = (body: string, attrs = ' viewBox="0 0 24 24"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attrs}>${body}</svg>`
const norm = (svg: string) => normalizeSvg(svg, { idPrefix: 'p' })

describe('normalizeSvg viewport', () => {
  it('keeps the viewBox and drops fixed size and root position', () => {
    expect(norm(SVG('', ' width="48" height="48" x="3" y="4" viewBox="0 0 24 24"'))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"/>',
    )
  })

  it.each([
    [' width="32" height="16"', '0 0 32 16'],
    [' width="32px" height="16px"', '0 0 32 16'],
    [' width="18pt" height="9pt"', '0 0 24 12'],
    [' width="1in" height="0.5in"', '0 0 96 48'],
    [' width="24" height="24" viewBox="0 0 0 0"', '0 0 24 24'],
  ])('derives the viewBox from%s', (attrs, viewBox) => {
    expect(norm(SVG('', attrs))).toBe(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"/>`)
  })

  it('keeps width and height it cannot turn into a viewBox', () => {
    expect(norm(SVG('', ' width="100%" height="2em"'))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="2em"/>',
    )
  })
})

describe('normalizeSvg ids', () => {
  it('prefixes ids and rewrites href, xlink:href, url() in attributes and CSS, aria references', () => {
    const out = norm(
      SVG(
        '<linearGradient id="g"/><path id="a" fill="url(#g)" style="stroke:url(&quot;#g&quot;)"/>' +
          '<use href="#a"/><use xlink:href="#a"/><g aria-labelledby="t d"><title id="t">x</title></g>',
      ),
    )
    expect(out).toContain(
      '<linearGradient id="p-g"/><path id="p-a" fill="url(#p-g)" style="stroke:url(#p-g)"/>',
    )
    expect(out).toContain(
      '<use href="#p-a"/><use xlink:href="#p-a"/><g aria-labelledby="p-t p-d"><title id="p-t">',
    )
  })

  it('rewrites references to missing ids too, so they cannot reach another icon', () => {
    expect(norm(SVG('<path fill="url(#nowhere)"/>'))).toContain('fill="url(#p-nowhere)"')
  })

  it('keeps the first of duplicate ids, which is the one references resolve to', () => {
    const out = norm(SVG('<linearGradient id="a"/><rect id="a" fill="url(#a)"/>'))
    expect(out).toContain('<linearGradient id="p-a"/><rect fill="url(#p-a)"/>')
  })

  it('is idempotent for the same prefix', () => {
    const once = norm(SVG('<path id="a"/><use href="#a"/>'))
    expect(norm(once)).toBe(once)
  })

  it('refuses an id prefix that is not a plain name', () => {
    for (const idPrefix of ['', '1a', 'a b', 'a"', 'é']) {
      expect(() => normalizeSvg(SVG(''), { idPrefix })).toThrow(SvgError)
    }
  })
})

describe('normalizeSvg inlines <style>', () => {
  it('applies the cascade: !important, inline style, specificity, source order', () => {
    const css =
      '.a{fill:red;stroke:red} #x{fill:blue} g .a{stroke:green} .b{opacity:.5!important} rect{opacity:.1} g>rect{stroke-width:3}'
    const out = norm(
      SVG(
        `<style>${css}</style><g><rect id="x" class="a b" style="opacity:1;stroke-width:2" fill="black"/></g>`,
      ),
    )
    expect(out).toContain(
      '<rect id="p-x" class="a b" style="stroke:green;fill:blue;stroke-width:2;opacity:.5" fill="black"/>',
    )
    expect(out).not.toContain('<style')
  })

  it('gives later shorthands and longhands their cascade order', () => {
    const out = norm(SVG('<style>.a{font-size:20px} .a.b{font:10px serif}</style><text class="a b">x</text>'))
    expect(out).toContain('style="font-size:20px;font:10px serif"')
  })
})

describe('optimizeSvg and processSvg', () => {
  it('loads svgo lazily: no module of the pipeline imports svgo statically', () => {
    const dir = new URL('./', import.meta.url)
    const staticSvgo = /^import (?!type)[^\n]*['"]svgo(\/[^'"]*)?['"]/m
    expect("import { optimize } from 'svgo/browser'").toMatch(staticSvgo)
    expect("import 'svgo'").toMatch(staticSvgo)
    expect("import { svgoPlugins } from './optimize.ts'").not.toMatch(staticSvgo)
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(new URL(file, dir), 'utf8')
      expect(source, file).not.toMatch(staticSvgo)
    }
    expect(readFileSync(new URL('./optimize.ts', import.meta.url), 'utf8')).toContain(
      "import('svgo/browser')",
    )
  })

  it('keeps viewBox, titles and prefixed ids that are referenced', async () => {
    const svg = SVG(
      '<title>T</title><clipPath id="p-c"><rect width="9" height="9"/></clipPath><g clip-path="url(#p-c)"><path d="M0 0L10 10"/></g>',
    )
    const out = await optimizeSvg(svg)
    expect(out).toContain('viewBox="0 0 24 24"')
    expect(out).toContain('<title>T</title>')
    expect(out).toContain('id="p-c"')
  })

  it('runs the whole pipeline', async () => {
    const out = await processSvg(
      SVG('<script>x</script><rect id="r" width="24" height="24" onclick="x"/>', ' width="24" height="24"'),
      { idPrefix: 'q' },
    )
    expect(out).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0H24V24H0z"/></svg>',
    )
    await expect(processSvg('<svg><g></svg>', { idPrefix: 'q' })).rejects.toThrow(
      'The SVG is not well-formed XML',
    )
  })
})
