import { describe, expect, it } from 'vitest'
import { labelFromName, normalTags, suggestedMeaning } from './icon-meaning.ts'

describe('what an icon means (ADR 0106)', () => {
  it('labels by the name’s words', () => {
    expect(labelFromName('arrow-left')).toBe('Arrow left')
    expect(labelFromName('chevronDown_2')).toBe('Chevron down 2')
    expect(labelFromName('  ')).toBe('')
  })

  it('keeps tags trimmed, lower case, once each, in order', () => {
    expect(normalTags([' Star ', 'rating', 'STAR', '', 'two   words'])).toEqual([
      'star',
      'rating',
      'two words',
    ])
  })

  it('suggests the file’s <title> and <desc>, decoded, else nothing', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><title id="t">Go &amp; <![CDATA[back]]>\n home</title><desc>Returns &#x2192; start</desc><path d="M0 0"/></svg>'
    expect(suggestedMeaning('arrow-left', svg)).toEqual({
      label: 'Go & back home',
      description: 'Returns → start',
      decorative: false,
      tags: [],
    })
    // None: blank, which every output reads as the icon's current name's words.
    expect(suggestedMeaning('arrow-left', '<svg><title>  </title></svg>').label).toBe('')
    expect(suggestedMeaning('x', `<svg><title>${'a'.repeat(300)}</title></svg>`).label).toHaveLength(200)
  })
})
