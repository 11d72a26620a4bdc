import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { COPY_FORMAT_LABELS, COPY_FORMATS, convert, convertSvg, processSvg, SvgError } from './index.ts'
import { renderReactModule, renderReactNativeModule, transpile } from './test-support/evaluate.ts'
import { legitFixtures } from './test-support/fixtures.ts'
import { expectSameDrawing } from './test-support/render.ts'
import { typeCheck } from './test-support/typecheck.ts'

const fixtures = legitFixtures()
const stored = new Map<string, string>()

beforeAll(async () => {
  for (const f of fixtures) stored.set(f.name, await processSvg(f.svg, { idPrefix: 'c' }))
})

afterEach(() => {
  vi.restoreAllMocks()
})

const dataUriSvg = (css: string) =>
  decodeURIComponent(/ mask-image: url\("data:image\/svg\+xml,([^"]*)"\);/.exec(css)?.[1] ?? '')

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
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 12"><path class="a" d="M0 0h1" stroke-width="2"/></svg>'
    expect(convertSvg(svg, 'svg', 'x')).toBe(svg)
    const ts = convertSvg(svg, 'react-ts', 'arrow left')
    expect(ts).toContain("import type { SVGProps } from 'react'")
    expect(ts).toContain('export function ArrowLeft(props: SVGProps<SVGSVGElement>) {')
    expect(ts).toContain('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 12" {...props}>')
    expect(ts).toContain('<path className="a" d="M0 0h1" strokeWidth="2" />')
    expect(ts).toContain('export default ArrowLeft')
    const js = convertSvg(svg, 'react-js', 'arrow left')
    expect(js).toContain('export function ArrowLeft(props) {')
    expect(js).not.toMatch(/import|SVGProps/)
    const native = convertSvg(svg, 'react-native-ts', 'arrow left')
    expect(native).toContain("import Svg, { Path } from 'react-native-svg'")
    expect(native).toContain("import type { SvgProps } from 'react-native-svg'")
    expect(native).toContain('export function ArrowLeft(props: SvgProps) {')
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
    expect(dataUriSvg(css)).toBe(svg.replace(/"/g, "'"))
  })

  it('converts attributes, inline styles and text for JSX', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><text xml:space="preserve" aria-label="a" data-x="1" style="font-size:2px;-webkit-mask:none" fill-rule="evenodd">{a} &lt;b&gt; &amp; "c"</text><use xlink:href="#t" mask-type="alpha" transform-origin="center"/></svg>'
    const ts = convertSvg(svg, 'react-ts', 'x')
    expect(ts).toContain('xmlnsXlink="http://www.w3.org/1999/xlink"')
    expect(ts).toContain(
      '<text xmlSpace="preserve" aria-label="a" data-x="1" fillRule="evenodd" style={{ fontSize: "2px" }}>',
    )
    expect(ts).toContain('{"{a} <b> & \\"c\\""}')
    expect(ts).toContain('<use xlinkHref="#t" mask-type="alpha" style={{ transformOrigin: "center" }} />')
  })

  it('inlines <style> for components and leaves title and desc out of React Native', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><title>T</title><style>.a{fill:red}</style><rect class="a" width="2" height="2" fill="blue"/></svg>'
    expect(convertSvg(svg, 'react-ts', 'x')).toContain(
      '<rect className="a" width="2" height="2" fill="blue" style={{ fill: "red" }} />',
    )
    const native = convertSvg(svg, 'react-native-ts', 'x')
    expect(native).toContain('<Rect width="2" height="2" fill="red" />')
    expect(native).not.toMatch(/Title|Style|className/)
  })

  it('type-checks every React TS, React JS and React Native TS output', () => {
    const modules: Record<string, string> = {}
    const elements = new Set<string>()
    for (const [name, svg] of stored) {
      modules[`react/${name}.tsx`] = convertSvg(svg, 'react-ts', name)
      modules[`react/${name}.jsx`] = convertSvg(svg, 'react-js', name)
      const code = convertSvg(svg, 'react-native-ts', name)
      modules[`native/${name}.tsx`] = code
      for (const el of /import Svg, \{ ([^}]*) \}/.exec(code)?.[1]?.split(', ') ?? []) elements.add(el)
    }
    // A canary proves the check is real: a misspelt SVG prop must be reported, and nothing else.
    modules['canary.tsx'] =
      "import type { SVGProps } from 'react'\nexport const p: SVGProps<SVGSVGElement> = { strokeWidht: 1 }"
    const problems = typeCheck(modules, [...elements])
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^\/virtual\/canary\.tsx: .*strokeWidht/s)
  })

  for (const fixture of fixtures) {
    it(`${fixture.name}: every format draws what the stored SVG draws`, () => {
      const svg = stored.get(fixture.name)!
      expect(convertSvg(svg, 'svg', fixture.name)).toBe(svg)
      expectSameDrawing(svg, dataUriSvg(convertSvg(svg, 'css', fixture.name)), 'css')

      const warnings = vi.spyOn(console, 'error')
      expectSameDrawing(svg, renderReactModule(convertSvg(svg, 'react-ts', fixture.name)), 'react-ts')
      expectSameDrawing(svg, renderReactModule(convertSvg(svg, 'react-js', fixture.name)), 'react-js')
      expect(warnings).not.toHaveBeenCalled()

      const native = convertSvg(svg, 'react-native-ts', fixture.name)
      expect(() => transpile(native)).not.toThrow()
      const used = new Set([...native.matchAll(/<([A-Z]\w*)/g)].map((m) => m[1]))
      used.delete('Svg')
      const imported =
        /import Svg(?:, \{ ([^}]*) \})? from 'react-native-svg'/.exec(native)?.[1]?.split(', ') ?? []
      expect(imported).toEqual([...used].sort())
      expectSameDrawing(svg, renderReactNativeModule(native), 'react-native-ts')
    })
  }
})
