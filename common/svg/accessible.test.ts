// Every copy format says what an icon means (ADR 0106): labelled (role="img" named by
// aria-label, a <title> and a <desc> without ids, which svgo's defaults keep), decorative (aria-hidden, no title),
// React with a title-or-decorative prop and one useId() for the title and every internal id, React
// Native with its own accessibility props (type-checked against the real react-native-svg), CSS
// with its usage, the sprite with a <title> per symbol; none of it draws, and without meaning the
// output is as it always was.
import { describe, expect, it } from 'vitest'
import { spriteSymbol } from '../exports/sprite.ts'
import { convertSvg, processSvg, SvgError } from './index.ts'
import { drawProblems } from './test-support/draw-checks.ts'
import { renderReactModule, renderReactNativeModule } from './test-support/evaluate.ts'
import { legitFixtures } from './test-support/fixtures.ts'
import { typeCheck } from './test-support/typecheck.ts'

/**
 * A stored icon with a gradient, a clip path, a mask and a filter (ids under the icon's prefix, as
 * iconIdPrefix gives it: `i<hex>-`, which the pipeline joins with another -), and its own title.
 */
const STORED = await processSvg(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" role="presentation" aria-label="old">
    <title>From the file</title>
    <defs>
      <linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient>
      <clipPath id="c"><rect width="20" height="20"/></clipPath>
      <mask id="m"><rect width="24" height="24" fill="#fff"/></mask>
      <filter id="f"><feGaussianBlur stdDeviation="0.5"/></filter>
    </defs>
    <path fill="url(#g)" clip-path="url(#c)" mask="url(#m)" filter="url(#f)" d="M2 2h20v20H2z"/>
  </svg>`,
  { idPrefix: 'i0a1b2c3d-' },
)
const LABELLED = { label: 'Go home', description: 'Back to the start page' }

const ids = (markup: string) => [...markup.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!)
const attr = (markup: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(markup)?.[1]

describe('the SVG format', () => {
  it('is labelled: role="img" named by aria-label, its own <title> and <desc> first, without ids', () => {
    const svg = convertSvg(STORED, 'svg', 'house', { ...LABELLED, instance: 'copy1' })
    expect(svg).toMatch(
      /^<svg [^>]* role="img" aria-label="Go home"><title>Go home<\/title><desc>Back to the start page<\/desc><defs>/,
    )
    // The file's own title and root accessibility are replaced, not kept beside.
    expect(svg).not.toContain('From the file')
    expect(svg).not.toContain('presentation')
    expect(svg).not.toContain('aria-label="old"')
    expect(svg).not.toMatch(/aria-labelledby|aria-describedby/)
    // Every internal id and reference is the copy's.
    expect(ids(svg).sort()).toEqual(['copy1--c', 'copy1--f', 'copy1--g', 'copy1--m'])
    expect(svg).toContain(
      'fill="url(#copy1--g)" clip-path="url(#copy1--c)" mask="url(#copy1--m)" filter="url(#copy1--f)"',
    )
  })

  it('gives every copy its own ids unless told which, and escapes the label', () => {
    const a = convertSvg(STORED, 'svg', 'house', LABELLED)
    const b = convertSvg(STORED, 'svg', 'house', LABELLED)
    expect(ids(a).filter((id) => ids(b).includes(id))).toEqual([])
    expect(ids(a)[0]).toMatch(/^i[0-9a-z]{7}--/)
    const same = { ...LABELLED, instance: 'x' }
    expect(convertSvg(STORED, 'svg', 'house', same)).toBe(convertSvg(STORED, 'svg', 'house', same))
    const escaped = convertSvg(STORED, 'svg', 'house', { label: 'a < b & "c"', instance: 'x' })
    expect(escaped).toContain('<title>a &lt; b &amp; "c"</title>')
    expect(escaped).toContain('aria-label="a &lt; b &amp; &quot;c&quot;"')
    expect(() => convertSvg(STORED, 'svg', 'house', { ...LABELLED, instance: '1"><script>' })).toThrow(
      SvgError,
    )
  })

  it('is named by its name’s words when nobody labelled it; decorative is hidden with no title', () => {
    const unnamed = convertSvg(STORED, 'svg', 'arrow-left', { label: '  ', instance: 'x' })
    expect(unnamed).toContain('aria-label="Arrow left"><title>Arrow left</title>')
    expect(unnamed).not.toContain('<desc')
    const hidden = convertSvg(STORED, 'svg', 'house', { ...LABELLED, decorative: true, instance: 'x' })
    expect(attr(hidden, 'aria-hidden')).toBe('true')
    expect(hidden).not.toMatch(/<title|<desc|role=|aria-label/)
  })

  it('stays as it always was without meaning (ADR 0100), whatever else is given', () => {
    const plain = convertSvg(STORED, 'svg', 'house')
    expect(plain).toContain('<title>From the file</title>')
    expect(convertSvg(STORED, 'svg', 'house', {})).toBe(plain)
    expect(convertSvg(STORED, 'svg', 'house', { classPrefix: 'b-' })).toBe(plain)
    for (const format of ['css', 'react-ts', 'react-js', 'react-native-ts'] as const)
      expect(convertSvg(STORED, format, 'house', { classPrefix: 'b-' }).includes('decorative')).toBe(false)
  })
})

describe('React TS and JS', () => {
  const ts = convertSvg(STORED, 'react-ts', 'house', LABELLED)
  const js = convertSvg(STORED, 'react-js', 'house', LABELLED)
  const decorativeTs = convertSvg(STORED, 'react-ts', 'house', { decorative: true })

  it('type-checks, and the props are either a title or decorative', () => {
    const use = [
      "import { House } from './house'",
      "import { House as Hidden } from './hidden'",
      'export const all = [',
      '  <House key="a" />,',
      '  <House key="b" title="Home page" className="x" />,',
      '  <House key="c" decorative />,',
      '  <House key="d" decorative={false} />,',
      '  <Hidden key="e" title="Named after all" />,',
      '  // @ts-expect-error: a title and decorative at once',
      '  <House key="f" title="x" decorative />,',
      ']',
    ].join('\n')
    const { problems } = typeCheck({ 'house.tsx': ts, 'hidden.tsx': decorativeTs, 'use.tsx': use })
    expect(problems).toEqual([])
  })

  it('renders two copies with distinct title ids and no shared internal id, each reference its own', () => {
    for (const code of [ts, js]) {
      const html = renderReactModule(code, {}, 2)
      const all = ids(html)
      expect(new Set(all).size).toBe(all.length)
      expect(all).toHaveLength(12)
      const copies = html.split('</svg>').filter(Boolean)
      for (const copy of copies) {
        const title = attr(copy, 'aria-labelledby')!
        const desc = attr(copy, 'aria-describedby')!
        expect(copy).toContain(`<title id="${title}">Go home</title>`)
        expect(copy).toContain(`<desc id="${desc}">Back to the start page</desc>`)
        expect(attr(copy, 'role')).toBe('img')
        const gradient = ids(copy).find((id) => id.endsWith('-g'))!
        expect(copy).toContain(`fill="url(#${gradient})"`)
      }
      expect(attr(copies[0]!, 'aria-labelledby')).not.toBe(attr(copies[1]!, 'aria-labelledby'))
    }
  })

  it('takes a title over the stored label, and decorative hides it (a decorative icon un-hides when named)', () => {
    expect(renderReactModule(ts, { title: 'Start' })).toMatch(/<title id="[^"]+">Start<\/title>/)
    const hidden = renderReactModule(ts, { decorative: true })
    expect(attr(hidden, 'aria-hidden')).toBe('true')
    expect(hidden).not.toMatch(/<title|<desc|role=|aria-labelledby/)
    expect(renderReactModule(decorativeTs)).not.toContain('<title')
    expect(attr(renderReactModule(decorativeTs), 'aria-hidden')).toBe('true')
    const named = renderReactModule(decorativeTs, { title: 'Now named' })
    expect(named).toMatch(/role="img" aria-labelledby="[^"]+"/)
    expect(named).toContain('>Now named</title>')
  })
})

describe('React Native TS', () => {
  it('type-checks against react-native-svg, labelled or decorative, with the same either-or props', () => {
    const labelled = convertSvg(STORED, 'react-native-ts', 'house', LABELLED)
    const hidden = convertSvg(STORED, 'react-native-ts', 'house', { decorative: true })
    const use = [
      "import { House } from './house'",
      "import { House as Hidden } from './hidden'",
      'export const all = [',
      '  <House key="a" />,',
      '  <House key="b" title="Home page" size={32} />,',
      '  <Hidden key="c" />,',
      '  <Hidden key="d" title="Named" />,',
      '  // @ts-expect-error: a title and decorative at once',
      '  <House key="e" title="x" decorative />,',
      ']',
    ].join('\n')
    expect(typeCheck({ 'house.tsx': labelled, 'hidden.tsx': hidden, 'use.tsx': use }).problems).toEqual([])
  })

  it('says it with accessibility props, never a <title>', () => {
    const labelled = convertSvg(STORED, 'react-native-ts', 'house', LABELLED)
    expect(labelled).not.toMatch(/<Title|<Desc|<title/)
    const drawn = renderReactNativeModule(labelled)
    expect(attr(drawn, 'accessible')).toBe('true')
    expect(attr(drawn, 'accessibilityRole')).toBe('image')
    expect(attr(drawn, 'accessibilityLabel')).toBe('Go home')
    expect(attr(drawn, 'importantForAccessibility')).toBe('auto')
    expect(attr(renderReactNativeModule(labelled, { title: 'Start' }), 'accessibilityLabel')).toBe('Start')
    const hidden = renderReactNativeModule(
      convertSvg(STORED, 'react-native-ts', 'house', { decorative: true }),
    )
    expect(attr(hidden, 'accessible')).toBe('false')
    expect(attr(hidden, 'accessibilityElementsHidden')).toBe('true')
    expect(attr(hidden, 'importantForAccessibility')).toBe('no-hide-descendants')
    // (The stand-in renderer prints an undefined prop; react-native leaves it out.)
    expect(attr(hidden, 'accessibilityLabel') ?? 'undefined').toBe('undefined')
    expect(attr(hidden, 'accessibilityRole') ?? 'undefined').toBe('undefined')
  })
})

describe('CSS and the sprite', () => {
  it('CSS: the class with its usage, role="img" and the label (escaped), or aria-hidden', () => {
    const css = convertSvg(STORED, 'css', 'house', { label: 'Home */ <b>', classPrefix: 'b-' })
    expect(css).toMatch(
      /^\.b-house \{\n {2}\/\* Use: <span class="b-house" role="img" aria-label="Home \*&#47; &lt;b>"><\/span> \*\/\n {2}display: inline-block;/,
    )
    expect(css.match(/\*\//g)).toHaveLength(1)
    expect(convertSvg(STORED, 'css', 'house', { decorative: true })).toContain(
      '/* Use: <span class="house" aria-hidden="true"></span> */',
    )
  })

  it('the sprite: a <title> (and <desc>) per symbol, none when decorative', () => {
    const symbol = spriteSymbol(STORED, 'house', LABELLED)
    expect(symbol).toMatch(
      /^<symbol id="house" [^>]*><title>Go home<\/title><desc>Back to the start page<\/desc><defs>/,
    )
    expect(symbol).not.toContain('From the file')
    const hidden = spriteSymbol(STORED, 'house', { decorative: true })
    expect(hidden).not.toMatch(/<title|<desc/)
  })
})

describe('meaning never draws', () => {
  for (const fixture of legitFixtures().slice(0, 12)) {
    it(`${fixture.name}: labelled and decorative outputs draw what the stored SVG draws`, async () => {
      const stored = await processSvg(fixture.svg, { idPrefix: 'c' })
      expect(drawProblems(stored, fixture.name, undefined, LABELLED)).toEqual([])
      expect(drawProblems(stored, fixture.name, undefined, { decorative: true })).toEqual([])
    })
  }
})
