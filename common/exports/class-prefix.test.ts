import { describe, expect, test } from 'vitest'
import { convert, convertSvg } from '../svg/index.ts'
import { defaultClassPrefix, isClassPrefix } from './class-prefix.ts'

const ARROW =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M5 12h14M13 6l6 6-6 6"/></svg>'

describe('class prefix (ADR 0105)', () => {
  test('the default comes from the project name, without "icons", short, starting with a letter', () => {
    expect(defaultClassPrefix('Brand icons')).toBe('brand-')
    expect(defaultClassPrefix('Acme Design Team')).toBe('acme-design-team-')
    expect(defaultClassPrefix('Acme Design Systems Team')).toBe('acme-design-')
    expect(defaultClassPrefix('Équipe Café')).toBe('equipe-cafe-')
    // The one slug (common/slug.ts) splits a digit from a capital after it, as icon classes always did.
    expect(defaultClassPrefix('3D Shapes')).toBe('i3-d-shapes-')
    expect(defaultClassPrefix('3d shapes')).toBe('i3d-shapes-')
    expect(defaultClassPrefix('Icons')).toBe('icon-')
    expect(defaultClassPrefix('!!!')).toBe('icon-')
    expect(defaultClassPrefix('Supercalifragilisticexpialidocious')).toBe('supercalifragili-')
    for (const name of ['Brand icons', '3D Shapes', 'Icons', 'Équipe Café', 'x'.repeat(200)])
      expect(isClassPrefix(defaultClassPrefix(name)), name).toBe(true)
  })

  test('a prefix is a CSS identifier start and a few characters, or nothing', () => {
    for (const ok of ['', 'brand-', 'b', '_x', 'Brand_2-', 'a'.repeat(32)])
      expect(isClassPrefix(ok), ok).toBe(true)
    for (const bad of ['-x', '1x', 'a b', 'a.b', 'a"', 'é-', 'a'.repeat(33), 'x{}', '--'])
      expect(isClassPrefix(bad), bad).toBe(false)
  })

  test('the CSS copy format takes it as an optional last argument; without it the output is unchanged', () => {
    const plain = convertSvg(ARROW, 'css', 'arrow-right')
    expect(plain.startsWith('.arrow-right {')).toBe(true)
    expect(convert(ARROW, 'css', 'arrow-right')).toBe(plain)
    expect(convertSvg(ARROW, 'css', 'arrow-right', {})).toBe(plain)
    const prefixed = convertSvg(ARROW, 'css', 'arrow-right', { classPrefix: 'brand-' })
    expect(prefixed).toBe(plain.replace('.arrow-right {', '.brand-arrow-right {'))
    // Other formats ignore it.
    expect(convertSvg(ARROW, 'svg', 'arrow-right', { classPrefix: 'brand-' })).toBe(
      convertSvg(ARROW, 'svg', 'arrow-right'),
    )
  })
})
