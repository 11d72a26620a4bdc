import { describe, expect, it } from 'vitest'
import { normalizeSvg, processSvg, sanitizeSvg } from './index.ts'
import { safetyProblems } from './test-support/assert-safe.ts'
import { legitFixtures } from './test-support/fixtures.ts'
import { expectSameDrawing } from './test-support/render.ts'

const fixtures = legitFixtures()

const ids = (svg: string) => [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!)
const refs = (svg: string) => [...svg.matchAll(/(?:href="#|url\(#)([^")]+)/g)].map((m) => m[1]!)

describe('legit corpus keeps its drawing', () => {
  it('holds at least 40 icons', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(40)
  })

  for (const fixture of fixtures) {
    it(fixture.name, async () => {
      expectSameDrawing(fixture.svg, sanitizeSvg(fixture.svg), `${fixture.name} sanitized`)
      expectSameDrawing(
        fixture.svg,
        normalizeSvg(fixture.svg, { idPrefix: 'n1' }),
        `${fixture.name} normalized`,
      )

      const stored = await processSvg(fixture.svg, { idPrefix: 'icon7' })
      expectSameDrawing(fixture.svg, stored, `${fixture.name} processed`)
      expect(safetyProblems(stored)).toEqual([])

      // Stored icons have a viewBox, no fixed size and no page-global <style>.
      expect(stored).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="[^"]+"/)
      expect(stored).not.toMatch(/^<svg[^>]* (?:width|height)=/)
      expect(stored).not.toContain('<style')

      // Ids are unique, all carry the icon's prefix, and every reference points at one of them.
      const stored2 = await processSvg(fixture.svg, { idPrefix: 'other' })
      expect(new Set(ids(stored)).size).toBe(ids(stored).length)
      for (const id of ids(stored)) expect(id.startsWith('icon7-')).toBe(true)
      for (const ref of refs(stored)) expect(ids(stored)).toContain(ref)
      for (const id of ids(stored2)) expect(ids(stored)).not.toContain(id)

      // Processing stored output again changes nothing that shows.
      expectSameDrawing(
        stored,
        await processSvg(stored, { idPrefix: 'icon7' }),
        `${fixture.name} reprocessed`,
      )
    })
  }
})
