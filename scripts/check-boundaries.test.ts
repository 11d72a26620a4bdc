// The import-boundary checker (scripts/check-boundaries.ts) refuses what ADR 0010 forbids and
// lets through what it allows; and the codebase as it is has no violation.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { brokenRule, findViolations } from './check-boundaries.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const at = (path: string) => join(root, path)

describe('brokenRule', () => {
  it('refuses a feature importing another feature or the app shell', () => {
    expect(brokenRule(at('client/features/icons/vault.tsx'), '../maker/maker-page.tsx')).toMatch(
      /features do not import each other \(icons → maker\)/,
    )
    expect(brokenRule(at('client/features/info/project-info.tsx'), '../../app/app-layout.tsx')).toMatch(
      /features do not import client\/app/,
    )
  })

  it('refuses Hono in server/domain, and imports across common, client and server', () => {
    expect(brokenRule(at('server/domain/icons.ts'), 'hono')).toMatch(/server\/domain does not import Hono/)
    expect(brokenRule(at('server/domain/icons.ts'), 'hono/http-exception')).toMatch(/Hono/)
    expect(brokenRule(at('common/permissions.ts'), '../server/db/client.ts')).toMatch(/common imports/)
    expect(brokenRule(at('client/lib/api.ts'), '../../server/app.ts')).toMatch(/do not import each other/)
  })

  it('allows shared places, the same feature, routes and the app composing features', () => {
    expect(brokenRule(at('client/features/icons/vault.tsx'), './grid/icon-grid.tsx')).toBeNull()
    expect(brokenRule(at('client/features/icons/vault.tsx'), '../../data/use-current.ts')).toBeNull()
    expect(brokenRule(at('client/features/icons/vault.tsx'), '../../copy/copy-icon.ts')).toBeNull()
    expect(brokenRule(at('client/features/icons/vault.tsx'), '@common/messages.ts')).toBeNull()
    expect(brokenRule(at('client/app/app-layout.tsx'), '../features/workspaces/invite-dialog.tsx')).toBeNull()
    expect(brokenRule(at('client/routes/_app/icons.tsx'), '../../features/icons/vault-page.tsx')).toBeNull()
    expect(brokenRule(at('server/routes/icons.ts'), 'hono')).toBeNull()
  })
})

it('finds no violation in the codebase', () => {
  expect(findViolations()).toEqual([])
})
