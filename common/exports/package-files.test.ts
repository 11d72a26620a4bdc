import { describe, expect, test } from 'vitest'
import { projectSlug as slug } from '../slug.ts'
import { packageJson, packageName, readme } from './package-files.ts'

describe('package names', () => {
  test('"-icons" is added once: a project already named … icons is not doubled', () => {
    expect(packageName('react-ts', slug('Brand icons'))).toBe('brand-icons')
    expect(packageName('react-ts', slug('Brand Icon'))).toBe('brand-icons')
    expect(packageName('react-native-ts', slug('Brand icons'))).toBe('brand-icons-native')
    expect(packageName('react-js', slug('Marketing Site'))).toBe('marketing-site-icons')
    expect(packageName('react-ts', slug('Lexicons'))).toBe('lexicons-icons')
    expect(packageName('react-ts', slug('Icons'))).toBe('icons')
  })

  test('package.json and the README use it; counts read 1,209 icons', () => {
    const pkg = JSON.parse(packageJson('react-ts', 'brand-icons', 1209))
    expect(pkg).toMatchObject({ name: 'brand-icons', description: '1,209 icons exported from Iconvault' })
    const text = readme('react-ts', 'Brand icons', 'brand-icons', 'Home')
    expect(text).toContain('# Brand icons\n')
    expect(text).toContain("import { Home } from 'brand-icons'")
  })
})
