import { describe, expect, it } from 'vitest'
import { componentName, cssClassName } from './index.ts'

describe('componentName', () => {
  it.each([
    ['arrow-left', 'ArrowLeft'],
    ['arrow_left', 'ArrowLeft'],
    ['Arrow Left', 'ArrowLeft'],
    ['arrowLeft', 'ArrowLeft'],
    ['HTTPServer', 'HttpServer'],
    ['  --chevron--down  ', 'ChevronDown'],
    ['3d-box', 'Icon3dBox'],
    ['404', 'Icon404'],
    ['', 'Icon'],
    ['---', 'Icon'],
    ['日本', 'Icon'],
    ['café crème', 'CafeCreme'],
    ['Ångström', 'Angstrom'],
    ['emoji 😀 face', 'EmojiFace'],
    ['class', 'Class'],
    ['default', 'Default'],
    ['map', 'MapIcon'],
    ['symbol', 'SymbolIcon'],
    ['path', 'PathIcon'],
    ['fe-gaussian-blur', 'FeGaussianBlurIcon'],
    ['svg', 'SvgIcon'],
    ['constructor', 'Constructor'],
    ['__proto__', 'Proto'],
  ])('%j → %s', (name, expected) => {
    expect(componentName(name)).toBe(expected)
  })

  it('always gives a valid JavaScript identifier', () => {
    for (const name of ['a b', '1', '', '\u0000x', 'x'.repeat(300), '<script>', '$var', 'ünïcödé']) {
      expect(componentName(name)).toMatch(/^[A-Z][A-Za-z0-9]*$/)
    }
  })
})

describe('cssClassName', () => {
  it.each([
    ['Arrow Left', 'arrow-left'],
    ['arrowLeft', 'arrow-left'],
    ['arrow_left', 'arrow-left'],
    ['ARROW', 'arrow'],
    ['3d box', 'icon-3d-box'],
    ['', 'icon'],
    ['--x--', 'x'],
    ['日本', 'icon'],
    ['café', 'cafe'],
    ['a.b#c', 'a-b-c'],
    ['</style><script>', 'style-script'],
  ])('%j → %s', (name, expected) => {
    expect(cssClassName(name)).toBe(expected)
  })

  it('always gives a valid CSS class name', () => {
    for (const name of ['-1', '--', '9', '{x}', 'a b c', 'Ωmega']) {
      expect(cssClassName(name)).toMatch(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/)
    }
  })
})
