// "Use in code" snippets carry the project's real values: this server's endpoint, the project's
// Iconify prefix and id, an icon's Iconify name; the token is a placeholder for a read token.
import { describe, expect, it } from 'vitest'
import { codeSnippets, TOKEN_PLACEHOLDER } from './code-snippets.ts'

describe('use-in-code snippets', () => {
  const snippets = codeSnippets({
    origin: 'https://icons.example.com',
    projectId: 'p-1',
    prefix: 'brand-icons',
    iconName: 'ArrowLeft',
  })
  const code = (id: string) => snippets.find((s) => s.id === id)!.code

  it('name the endpoint, the provider, the package and the CLI with the real values', () => {
    const endpoint = `https://icons.example.com/api/iconify/${TOKEN_PLACEHOLDER}`
    expect(code('endpoint')).toBe(endpoint)
    expect(code('iconify-icon')).toContain(`addAPIProvider('iconvault', { resources: ['${endpoint}'] })`)
    expect(code('iconify-icon')).toContain('icon="@iconvault:brand-icons:arrow-left"')
    expect(code('unplugin-icons')).toContain("from '~icons/brand-icons/arrow-left'")
    expect(code('unplugin-icons')).toContain('npm install -D ./brand-icons-iconify')
    expect(code('tailwind')).toContain('@plugin "@iconify/tailwind4";')
    expect(code('tailwind')).toContain('icon-[brand-icons--arrow-left]')
    expect(code('cli')).toContain('export ICONVAULT_URL=https://icons.example.com')
    expect(code('cli')).toContain('iconvault pull --project p-1 --format react-ts --out src/icons')
  })

  it('fall back to icon-name for a project without icons', () => {
    const empty = codeSnippets({ origin: 'http://localhost:3000', projectId: 'p', prefix: 'set' })
    expect(empty.find((s) => s.id === 'iconify-icon')!.code).toContain('@iconvault:set:icon-name')
  })
})
