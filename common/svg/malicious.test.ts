import { describe, expect, it } from 'vitest'
import { drawsSomething } from './drawable.ts'
import {
  convertSvg,
  importSvg,
  processSvg,
  readSvg,
  SVG_ERROR_MESSAGES,
  SvgError,
  sanitizeSvg,
} from './index.ts'
import { safetyProblems } from './test-support/assert-safe.ts'
import { cssImage } from './test-support/draw-checks.ts'
import { renderReactModule, renderReactNativeModule } from './test-support/evaluate.ts'
import { maliciousPayloads } from './test-support/fixtures.ts'

const payloads = maliciousPayloads()
const groups = [...new Set(payloads.map((p) => p.group))]

/** The sanitized output, or null when the input was refused with SvgError. */
function sanitizedOrNull(svg: string): string | null {
  try {
    return sanitizeSvg(svg)
  } catch (error) {
    if (error instanceof SvgError) return null
    throw error
  }
}

/** Code that must never appear in a generated component (text children, as string literals, aside). */
const UNSAFE_CODE =
  /dangerouslySetInnerHTML|\son[A-Z]\w*=|javascript:|vbscript:|data:|https?:\/\/(?!www\.w3\.org)|\beval\b/

/** Many payloads clean down to the same icon: check each distinct component once. */
const checkedComponents = new Set<string>()
function renderedProblems(code: string, render: (code: string) => string): string[] {
  if (checkedComponents.has(code)) return []
  checkedComponents.add(code)
  return safetyProblems(render(code))
}

const withoutText = (code: string) => code.replace(/\{"(?:[^"\\]|\\.)*"\}/g, '{""}')

describe('malicious corpus', () => {
  it('holds at least 150 payloads in groups', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(150)
    expect(groups.length).toBeGreaterThanOrEqual(8)
  })

  for (const group of groups) {
    describe(group, () => {
      for (const payload of payloads.filter((p) => p.group === group)) {
        it(payload.name, async () => {
          const clean = sanitizedOrNull(payload.svg)
          if (payload.expect === 'refused') expect(clean).toBeNull()
          const imported = importSvg(payload.svg)
          if (clean === null) {
            await expect(processSvg(payload.svg, { idPrefix: 'm' })).rejects.toBeInstanceOf(SvgError)
            expect(imported).toEqual({ error: expect.any(String) })
            return
          }
          expect(safetyProblems(clean)).toEqual([])
          if (!drawsSomething(readSvg(clean))) {
            // Everything that could draw was unsafe: the upload is refused, not stored blank.
            await expect(processSvg(payload.svg, { idPrefix: 'm' })).rejects.toThrow(
              SVG_ERROR_MESSAGES.nothing_to_draw,
            )
            expect(imported).toEqual({ error: SVG_ERROR_MESSAGES.nothing_to_draw })
            return
          }
          expect('svg' in imported && safetyProblems(imported.svg)).toEqual([])
          expect(safetyProblems(clean)).toEqual([])
          expect(sanitizeSvg(clean)).toBe(clean)

          const stored = await processSvg(payload.svg, { idPrefix: 'm' })
          expect(safetyProblems(stored)).toEqual([])

          for (const format of ['react-ts', 'react-js', 'react-native-ts'] as const) {
            expect(withoutText(convertSvg(stored, format, payload.name))).not.toMatch(UNSAFE_CODE)
          }
          // What the components actually put on a page: rendered, then checked like the SVG.
          expect(renderedProblems(convertSvg(stored, 'react-ts', 'x'), renderReactModule)).toEqual([])
          const native = convertSvg(stored, 'react-native-ts', 'x')
          expect(renderedProblems(native, renderReactNativeModule)).toEqual([])

          const css = convertSvg(stored, 'css', 'x')
          expect(safetyProblems(cssImage(css).svg)).toEqual([])
          expect(css.replace(/url\("data:image\/svg\+xml,[^"]*"\)/g, '')).not.toMatch(
            /url\(|@import|expression/i,
          )
        })
      }
    })
  }
})
