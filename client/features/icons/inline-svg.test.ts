import { processSvg } from '@common/svg/index.ts'
import { safetyProblems } from '@common/svg/test-support/assert-safe.ts'
import { legitFixtures, maliciousPayloads } from '@common/svg/test-support/fixtures.ts'
import { describe, expect, test } from 'vitest'
import { inlineMarkup } from './inline-svg.ts'

describe('inline markup in the grid', () => {
  test('on its own, the check refuses every raw malicious payload that is unsafe', () => {
    const slipped = maliciousPayloads().filter(
      (p) => inlineMarkup(p.svg) !== null && safetyProblems(p.svg).length,
    )
    expect(slipped.map((p) => `${p.group}: ${p.name}`)).toEqual([])
  })

  test('behind the pipeline, whatever is inlined is safe', async () => {
    for (const payload of maliciousPayloads()) {
      const stored = await processSvg(payload.svg, { idPrefix: 'm-' }).catch(() => null)
      if (stored && inlineMarkup(stored) !== null) expect(safetyProblems(stored)).toEqual([])
    }
  })

  test('ordinary icons are inlined, painted in currentColor where they have no colour', async () => {
    const legit = await Promise.all(legitFixtures().map((f) => processSvg(f.svg, { idPrefix: 'l-' })))
    const inlined = legit.filter((svg) => inlineMarkup(svg) !== null)
    expect(inlined.length / legit.length).toBeGreaterThan(0.7)
    expect(inlineMarkup('<svg viewBox="0 0 24 24"><path d="M0 0h24"/></svg>')).toBe(
      '<svg fill="currentColor" viewBox="0 0 24 24"><path d="M0 0h24"/></svg>',
    )
    expect(inlineMarkup('<svg fill="none" stroke="currentColor"><path d="M0 0h24"/></svg>')).toContain(
      'fill="none"',
    )
  })

  test('links, styles, animation, embedded images and foreign URLs are drawn as images instead', () => {
    for (const svg of [
      '<svg><a href="#x"><path/></a></svg>',
      '<svg><style>*{display:none}</style></svg>',
      '<svg><animate attributeName="href"/></svg>',
      '<svg><image href="#x"/></svg>',
      '<svg><use href="https://x.test/a.svg#i"/></svg>',
      '<svg><path fill="url(https://x.test/p)"/></svg>',
      '<svg><path style="fill:url( data:x)"/></svg>',
      '<svg onload="x()"/>',
      '<html/>',
    ]) {
      expect(inlineMarkup(svg), svg).toBeNull()
    }
    expect(inlineMarkup('<svg><use href="#a"/><path fill="url(#g)"/></svg>')).not.toBeNull()
  })
})
