import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { singleColor } from './colors.ts'
import { COPY_FORMAT_LABELS, COPY_FORMATS, convert, convertSvg, processSvg, SvgError } from './index.ts'
import { readSvg } from './sanitize.ts'
import {
  compare,
  cssImage,
  cssValue,
  drawnBitmap,
  drawnMarkup,
  drawProblems,
  PIXEL_TOLERANCE,
  referenceBitmap,
  rootAttribute,
} from './test-support/draw-checks.ts'
import { renderReactModule, renderReactNativeModule, transpile } from './test-support/evaluate.ts'
import { legitFixtures } from './test-support/fixtures.ts'
import { type Bitmap, render } from './test-support/render.ts'
import { typeCheck } from './test-support/typecheck.ts'

const fixtures = legitFixtures()
const stored = new Map<string, string>()

beforeAll(async () => {
  for (const f of fixtures) stored.set(f.name, await processSvg(f.svg, { idPrefix: 'c' }))
})

afterEach(() => {
  vi.restoreAllMocks()
})

const SVG = (body: string, attrs = ' viewBox="0 0 24 24"') =>
  `<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${body}</svg>`
/** What the SVG format writes for SVG(body, attrs): the default size of a square icon first. */
const SIZED = (body: string, attrs = ' viewBox="0 0 24 24"') => SVG(body, ` width="1em" height="1em"${attrs}`)

/** Premultiplied RGBA of the pixel at (x, y). */
const pixel = (bitmap: Bitmap, x: number, y: number) => [
  ...bitmap.pixels.slice((y * bitmap.width + x) * 4, (y * bitmap.width + x) * 4 + 4),
]

describe('copy formats', () => {
  it('lists the five formats with their labels', () => {
    expect(COPY_FORMATS).toEqual(['svg', 'css', 'react-ts', 'react-js', 'react-native-ts'])
    expect(COPY_FORMAT_LABELS).toEqual({
      svg: 'SVG',
      css: 'CSS',
      'react-ts': 'React TS',
      'react-js': 'React JS',
      'react-native-ts': 'React Native TS',
    })
    expect(convert).toBe(convertSvg)
    expect(() => convertSvg('<svg/>', 'png' as never, 'x')).toThrow(SvgError)
  })

  it('writes the documented module shapes', () => {
    const svg = SVG(
      '<path class="a" d="M0 0h1" stroke-width="2"/>',
      ' viewBox="0 0 24 12" fill="currentColor"',
    )
    expect(convertSvg(svg, 'svg', 'x')).toBe(
      SVG(
        '<path class="a" d="M0 0h1" stroke-width="2"/>',
        ' width="2em" height="1em" viewBox="0 0 24 12" fill="currentColor"',
      ),
    )
    const ts = convertSvg(svg, 'react-ts', 'arrow left')
    expect(ts).toContain("import type { SVGProps } from 'react'")
    expect(ts).toContain('export function ArrowLeft(props: SVGProps<SVGSVGElement>) {')
    expect(ts).toContain(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2em" height="1em" viewBox="0 0 24 12" fill="currentColor" {...props}>',
    )
    expect(ts).toContain('<path className="a" d="M0 0h1" strokeWidth="2" />')
    expect(ts).toContain('export default ArrowLeft')
    expect(ts).not.toContain('useId')
    const js = convertSvg(svg, 'react-js', 'arrow left')
    expect(js).toContain('export function ArrowLeft(props) {')
    expect(js).not.toMatch(/import|SVGProps/)
    const native = convertSvg(svg, 'react-native-ts', 'arrow left')
    expect(native).toMatch(/^import Svg, \{ Path \} from 'react-native-svg'\n/)
    expect(native).toContain("import type { SvgProps } from 'react-native-svg'")
    expect(native).toContain(
      'export function ArrowLeft({ size = 24, ...props }: SvgProps & { size?: number | string }) {',
    )
    expect(native).toContain(
      '<Svg width={size} height={size} viewBox="0 0 24 12" fill="currentColor" {...props}>',
    )
    expect(native).toContain('<Path d="M0 0h1" strokeWidth="2" />')
    const css = convertSvg(svg, 'css', 'Arrow Left')
    expect(css).toMatch(
      /^\.arrow-left \{\n {2}display: inline-block;\n {2}width: 2em;\n {2}height: 1em;\n {2}aspect-ratio: 24 \/ 12;/,
    )
    for (const line of [
      'background-color: currentColor;',
      'mask-repeat: no-repeat;',
      'mask-size: 100% 100%;',
    ])
      expect(css).toContain(line)
    expect(css).toContain('-webkit-mask-image: url("data:image/svg+xml,')
    expect(cssImage(css)).toEqual({ svg: svg.replace(/"/g, "'"), mask: true })
  })

  it('converts attributes, inline styles and text for JSX', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><text xml:space="preserve" aria-label="a" style="font-size:2px;-webkit-mask:none" fill-rule="evenodd">{a} &lt;b&gt; &amp; "c"</text><use xlink:href="#t" mask-type="alpha" transform-origin="center"/></svg>'
    const ts = convertSvg(svg, 'react-ts', 'x')
    expect(ts).toContain('xmlnsXlink="http://www.w3.org/1999/xlink"')
    expect(ts).toContain(
      '<text xmlSpace="preserve" aria-label="a" fillRule="evenodd" style={{ fontSize: "2px" }}>',
    )
    expect(ts).toContain('{"{a} <b> & \\"c\\""}')
    expect(ts).toContain('<use xlinkHref="#t" mask-type="alpha" style={{ transformOrigin: "center" }} />')
  })

  it('inlines <style> in every format and leaves title and desc out of React Native', () => {
    const svg = SVG(
      '<title>T</title><style>.a{fill:red}</style><rect class="a" width="2" height="2" fill="blue"/>',
    )
    expect(convertSvg(svg, 'svg', 'x')).not.toContain('<style')
    expect(convertSvg(svg, 'react-ts', 'x')).toContain(
      '<rect className="a" width="2" height="2" fill="blue" style={{ fill: "red" }} />',
    )
    const native = convertSvg(svg, 'react-native-ts', 'x')
    expect(native).toContain('<Rect width="2" height="2" fill="red" />')
    expect(native).not.toMatch(/Title|Style|className/)
  })

  it('always keeps the viewBox, deriving it from width and height when missing', () => {
    const svg = SVG('<path d="M0 0h1" fill="currentColor"/>', ' width="32" height="16"')
    for (const format of COPY_FORMATS)
      expect(convertSvg(svg, format, 'x')).toMatch(/viewBox(="|=\\?'|%3D')0 0 32 16/)
  })
})

describe('colours', () => {
  it('paints a single-colour icon in currentColor, keeping none', () => {
    const svg = SVG(
      '<path fill="none" stroke="#FF0000" d="M0 0h4"/><circle r="2" fill="red"/><g style="stroke:rgb(255,0,0)"/>',
    )
    expect(convertSvg(svg, 'svg', 'x')).toBe(
      SVG(
        '<path fill="none" stroke="currentColor" d="M0 0h4"/><circle r="2" fill="currentColor"/><g style="stroke:currentColor"/>',
        ' width="1em" height="1em" viewBox="0 0 24 24" color="#ff0000"',
      ),
    )
    expect(singleColor(readSvg(svg))).toBe('#ff0000')
  })

  it('gives a fill nobody set to the root, and keeps the masks black', () => {
    const svg = SVG(
      '<mask id="m"><rect width="9" height="9" fill="#fff"/><circle r="3"/></mask><path d="M0 0h4v4z" mask="url(#m)"/>',
    )
    expect(convertSvg(svg, 'svg', 'x')).toBe(
      SVG(
        '<mask id="m" fill="#000"><rect width="9" height="9" fill="#fff"/><circle r="3"/></mask><path d="M0 0h4v4z" mask="url(#m)"/>',
        ' width="1em" height="1em" viewBox="0 0 24 24" fill="currentColor"',
      ),
    )
  })

  it('turns single-colour gradient stops and default stop colours into currentColor', () => {
    const svg = SVG(
      '<linearGradient id="g"><stop stop-color="#123456"/><stop offset="1" stop-color="#123456" stop-opacity="0"/></linearGradient><path fill="url(#g)" d="M0 0h4v4z"/>',
    )
    expect(convertSvg(svg, 'svg', 'x')).toContain(
      '<stop stop-color="currentColor"/><stop offset="1" stop-color="currentColor" stop-opacity="0"/>',
    )
    const black = SVG(
      '<linearGradient id="g"><stop/><stop offset="1" stop-opacity="0"/></linearGradient><path fill="url(#g)" d="M0 0h4v4z"/>',
    )
    expect(convertSvg(black, 'svg', 'x')).toContain(
      '<stop stop-color="currentColor"/><stop offset="1" stop-opacity="0" stop-color="currentColor"/>',
    )
  })

  it('keeps the colours of multicolour icons, translucent colours and icons that set color', () => {
    for (const svg of [
      SVG('<path fill="red" d="M0 0h4v4z"/><path fill="#00f" d="M4 4h4v4z"/>'),
      SVG('<path fill="red" d="M0 0h4v4z"/><path d="M4 4h4v4z"/>'),
      SVG('<path fill="currentColor" d="M0 0h4v4z"/><path stroke="#000" d="M4 4h4"/>'),
      SVG('<path fill="rgba(255,0,0,.5)" d="M0 0h4v4z"/>'),
      SVG('<g color="red"><path fill="currentColor" d="M0 0h4v4z"/><path fill="red" d="M0 0h4v4z"/></g>'),
      SVG('<path fill="url(#nowhere) red" d="M0 0h4v4z"/>'),
    ])
      expect(convertSvg(svg, 'svg', 'x')).toBe(svg.replace(' viewBox=', ' width="1em" height="1em" viewBox='))
  })

  it('writes multicolour icons as a background image in CSS, single-colour ones as a mask', () => {
    const multi = convertSvg(
      SVG('<path fill="red" d="M0 0h4v4z"/><path fill="#00f" d="M4 4h4v4z"/>'),
      'css',
      'x',
    )
    expect(multi).toContain('  background-image: url("data:image/svg+xml,')
    expect(multi).not.toMatch(/mask|currentColor/)
    const single = convertSvg(SVG('<path fill="red" d="M0 0h4v4z"/>'), 'css', 'x')
    expect(single).toContain('  mask-image: url("data:image/svg+xml,')
    expect(single).toContain('  color: #ff0000;\n  background-color: currentColor;')
    // A filter may change colours, which a mask would lose: an image in its own colour.
    const filtered = convertSvg(
      SVG(
        '<filter id="f"><feColorMatrix type="hueRotate" values="90"/></filter><path fill="red" filter="url(#f)" d="M0 0h4v4z"/>',
      ),
      'css',
      'x',
    )
    expect(filtered).not.toMatch(/mask|color:/)
    expect(cssImage(filtered).svg).toMatch(
      /^<svg xmlns='http:\/\/www.w3.org\/2000\/svg' viewBox='0 0 24 24' color='#ff0000'>/,
    )
  })
})

describe('default size', () => {
  const square = SVG('<path fill="currentColor" d="M4 4h16v16H4z"/>')
  const wide = SVG('<path fill="currentColor" d="M4 4h16v4H4z"/>', ' viewBox="0 0 24 12"')

  it('makes a pasted icon 1em high, as wide as its viewBox, in every format', () => {
    expect(convertSvg(square, 'svg', 'x')).toBe(SIZED('<path fill="currentColor" d="M4 4h16v16H4z"/>'))
    expect(rootAttribute(convertSvg(wide, 'svg', 'x'), 'width')).toBe('2em')
    const css = convertSvg(square, 'css', 'x')
    expect([cssValue(css, 'width'), cssValue(css, 'height')]).toEqual(['1em', '1em'])
    for (const format of ['react-ts', 'react-js'] as const) {
      const html = renderReactModule(convertSvg(wide, format, 'x'))
      expect([rootAttribute(html, 'width'), rootAttribute(html, 'height')]).toEqual(['2em', '1em'])
    }
    const native = renderReactNativeModule(convertSvg(wide, 'react-native-ts', 'x'))
    expect([rootAttribute(native, 'width'), rootAttribute(native, 'height')]).toEqual(['24', '24'])
  })

  it('lets props override the size', () => {
    for (const format of ['react-ts', 'react-js'] as const) {
      const html = renderReactModule(convertSvg(square, format, 'x'), { width: 48, height: '3rem' })
      expect([rootAttribute(html, 'width'), rootAttribute(html, 'height')]).toEqual(['48', '3rem'])
      expect(html.match(/ width=/g)).toHaveLength(1)
    }
    const code = convertSvg(square, 'react-native-ts', 'x')
    const sized = renderReactNativeModule(code, { size: 48 })
    expect([rootAttribute(sized, 'width'), rootAttribute(sized, 'height')]).toEqual(['48', '48'])
    const own = renderReactNativeModule(code, { size: 48, width: 10 })
    expect([rootAttribute(own, 'width'), rootAttribute(own, 'height')]).toEqual(['10', '48'])
    expect(own).not.toContain('size=')
  })

  it('replaces a fixed size, and sets none where no viewBox can be had (it would change the drawing)', () => {
    const fixed = SVG('<path d="M0 0h4v4z" fill="currentColor"/>', ' width="32" height="16"')
    expect(convertSvg(fixed, 'svg', 'x')).toBe(
      SVG('<path d="M0 0h4v4z" fill="currentColor"/>', ' width="2em" height="1em" viewBox="0 0 32 16"'),
    )
    const boxless = SVG('<path d="M0 0h4v4z" fill="currentColor"/>', '')
    expect(convertSvg(boxless, 'svg', 'x')).toBe(boxless)
    expect(convertSvg(boxless, 'react-native-ts', 'x')).toContain('export function X(props: SvgProps) {')
  })
})

describe('fixed colours', () => {
  const BROWN = '#7c533e'
  const brown = SVG(
    `<path fill="${BROWN}" d="M4 4h16v16H4z"/><path fill="none" stroke="${BROWN}" stroke-width="2" d="M2 22h20"/>`,
  )
  const FORMATS = ['svg', 'css', 'react-ts', 'react-js', 'react-native-ts'] as const

  it('keep the stored colour as the default in every format, painted in currentColor', () => {
    const svg = convertSvg(brown, 'svg', 'x')
    expect(rootAttribute(svg, 'color')).toBe(BROWN)
    expect(svg.split(BROWN)).toHaveLength(2) // only on the root
    expect(svg).toContain('<path fill="currentColor" d="M4 4h16v16H4z"/>')
    expect(cssValue(convertSvg(brown, 'css', 'x'), 'color')).toBe(BROWN)
    expect(convertSvg(brown, 'react-ts', 'x')).toContain(` color="${BROWN}" {...props}>`)
    expect(convertSvg(brown, 'react-native-ts', 'x')).toContain(` color="${BROWN}" {...props}>`)
  })

  it('draw the stored colour, not black, in every format (pixels compared in colour)', () => {
    expect(drawProblems(brown, 'brown')).toEqual([])
    for (const format of FORMATS) {
      const drawn = drawnMarkup(brown, format, 'brown')
      if ('skipped' in drawn) throw new Error(drawn.skipped)
      expect(pixel(drawnBitmap(drawn), 32, 32), format).toEqual([0x7c, 0x53, 0x3e, 255])
    }
  })

  it('give way to a colour prop (React, React Native) or a CSS colour on the icon (SVG)', () => {
    const green = brown.replaceAll(BROWN, '#00ff00')
    for (const format of ['react-ts', 'react-js', 'react-native-ts'] as const) {
      const drawn = drawnMarkup(brown, format, 'brown', { color: '#00ff00' })
      if ('skipped' in drawn) throw new Error(drawn.skipped)
      expect(compare(referenceBitmap(green, drawn.box), drawn), format).toBeLessThanOrEqual(PIXEL_TOLERANCE)
    }
    // A style (any CSS) outranks the presentation attribute `color`.
    const styled = convertSvg(brown, 'svg', 'x').replace('<svg ', '<svg style="color:#00ff00" ')
    expect(pixel(render(styled), 32, 32)).toEqual([0, 255, 0, 255])
  })

  it('leave an icon black only by default (a fill nobody set) following the text colour', () => {
    const svg = convertSvg(SVG('<path d="M4 4h16v16H4z"/>'), 'svg', 'x')
    expect(svg).toBe(SIZED('<path d="M4 4h16v16H4z"/>', ' viewBox="0 0 24 24" fill="currentColor"'))
    expect(cssValue(convertSvg(SVG('<path d="M4 4h16v16H4z"/>'), 'css', 'x'), 'color')).toBeNull()
    const declared = convertSvg(SVG('<path fill="#000" d="M4 4h16v16H4z"/>'), 'svg', 'x')
    expect(rootAttribute(declared, 'color')).toBe('#000000')
  })
})

describe('ids in React components', () => {
  const svg = SVG(
    '<defs><linearGradient id="c-g"><stop stop-color="red"/><stop offset="1" stop-color="#00f"/></linearGradient><clipPath id="c-clip"><path d="M0 0h12v24H0z"/></clipPath></defs><title id="c-t">T</title><path fill="url(#c-g)" clip-path="url(#c-clip)" style="stroke:url(#c-g)" aria-labelledby="c-t" d="M0 0h24v24H0z"/><use href="#c-clip"/>',
  )

  it('builds every id and reference from useId', () => {
    // `uid` stands for the instance id in these template literals of the generated code.
    const ts = convertSvg(svg, 'react-ts', 'x').replaceAll(`${'$'}{uid}`, '<uid>')
    expect(ts).toContain("import { type SVGProps, useId } from 'react'")
    expect(ts).toContain('  const uid = useId()\n')
    expect(ts).toContain('<linearGradient id={`<uid>-g`}>')
    expect(ts).toContain(
      '<path fill={`url(#<uid>-g)`} clipPath={`url(#<uid>-clip)`} aria-labelledby={`<uid>-t`} d="M0 0h24v24H0z" style={{ stroke: `url(#<uid>-g)` }} />',
    )
    expect(ts).toContain('<use href={`#<uid>-clip`} />')
    expect(convertSvg(svg, 'react-js', 'x')).toMatch(
      /^import \{ useId \} from 'react'\n\nexport function X\(props\) \{\n {2}const uid = useId\(\)/,
    )
  })

  it('gives two copies on one page distinct ids that resolve within each copy', () => {
    const html = renderReactModule(convertSvg(svg, 'react-ts', 'x'), {}, 2)
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!)
    expect(ids).toHaveLength(6)
    expect(new Set(ids).size).toBe(6)
    for (const copy of html.split('</svg>').slice(0, 2)) {
      const own = [...copy.matchAll(/ id="([^"]+)"/g)].map((m) => m[1])
      const refs = [...copy.matchAll(/(?:url\(#|href="#|aria-labelledby=")([^)"]+)/g)].map((m) => m[1])
      expect(refs.length).toBeGreaterThan(0)
      for (const ref of refs) expect(own).toContain(ref)
    }
  })

  it('draws the same with scoped ids', () => {
    const drawn = drawnMarkup(svg, 'react-ts', 'x')
    if ('skipped' in drawn) throw new Error(drawn.skipped)
    expect(drawnBitmap(drawn).pixels).toEqual(referenceBitmap(svg, drawn.box).pixels)
  })
})

describe('React Native', () => {
  it('says at the top what react-native-svg cannot draw', () => {
    const svg = SVG(
      '<filter id="f"><feTurbulence baseFrequency=".1"/></filter><clipPath id="c" clipPathUnits="objectBoundingBox"><path d="M0 0h1v1z"/></clipPath><path d="M0 0h4v4z" filter="url(#f)" clip-path="url(#c)" paint-order="stroke" stroke-linejoin="miter-clip" x="3"/>',
    )
    const native = convertSvg(svg, 'react-native-ts', 'x')
    expect(native.split('\n').slice(0, 5)).toEqual([
      '// react-native-svg cannot draw all of this icon; left out:',
      '//   <feTurbulence>: filter primitive not drawn on native platforms',
      '//   clipPathUnits on <clipPath>: no such prop',
      '//   paint-order on <path>: no such prop',
      '//   stroke-linejoin="miter-clip" on <path>: value not supported',
    ])
    // A path's x means nothing in SVG and would move it in react-native-svg: left out, silently.
    expect(native).toContain('<Path d="M0 0h4v4z" filter="url(#f)" clipPath="url(#c)" />')
  })

  it('keeps comments one line whatever a value holds', () => {
    const svg = SVG('<path d="M0 0h4" stroke-linecap="x&#10;alert&#8232;y"/>')
    const head = convertSvg(svg, 'react-native-ts', 'x').split('\n')[1]
    expect(head).toBe('//   stroke-linecap="x\\u000aalert\\u2028y" on <path>: value not supported')
  })
})

describe('every legit fixture', () => {
  it('type-checks in React TS, React JS and React Native TS against @types/react and react-native-svg', () => {
    const modules: Record<string, string> = {}
    for (const [name, svg] of stored) {
      modules[`react/${name}.tsx`] = convertSvg(svg, 'react-ts', name)
      modules[`react/${name}.jsx`] = convertSvg(svg, 'react-js', name)
      modules[`native/${name}.tsx`] = convertSvg(svg, 'react-native-ts', name)
    }
    // Canaries prove the check is real: a misspelt SVG prop and a value react-native-svg does
    // not take must be reported, and nothing else.
    modules['canary.tsx'] =
      "import type { SVGProps } from 'react'\nexport const p: SVGProps<SVGSVGElement> = { strokeWidht: 1 }"
    modules['canary-native.tsx'] =
      'import Svg, { Path } from \'react-native-svg\'\nexport const c = <Svg><Path strokeLinecap="inherit" /></Svg>'
    const { problems } = typeCheck(modules)
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^canary-native\.tsx\(2,.*"inherit"/s)
    expect(problems[1]).toMatch(/^canary\.tsx\(2,.*strokeWidht/s)
  })

  for (const fixture of fixtures) {
    it(`${fixture.name}: every format draws what the stored SVG draws`, () => {
      const svg = stored.get(fixture.name)!
      const warnings = vi.spyOn(console, 'error')
      expect(drawProblems(svg, fixture.name)).toEqual([])
      expect(warnings).not.toHaveBeenCalled()

      const native = convertSvg(svg, 'react-native-ts', fixture.name)
      expect(() => transpile(native)).not.toThrow()
      const used = new Set([...native.matchAll(/<([A-Z]\w*)/g)].map((m) => m[1]))
      used.delete('Svg')
      const imported =
        /import Svg(?:, \{ ([^}]*) \})? from 'react-native-svg'/.exec(native)?.[1]?.split(', ') ?? []
      expect(imported).toEqual([...used].sort())
      expect(() => renderReactNativeModule(native)).not.toThrow()
    })
  }
})
