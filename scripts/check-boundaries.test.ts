// The import-boundary checker (scripts/check-boundaries.ts) refuses what ADR 0010 forbids and
// lets through what it allows; and the codebase as it is has no violation.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { brokenRule, bypassesWritePath, findViolations, misplacedRouteName } from './check-boundaries.ts'

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
    expect(brokenRule(at('server/domain/icons/icons.ts'), 'hono')).toMatch(
      /server\/domain does not import Hono/,
    )
    expect(brokenRule(at('server/domain/icons/icons.ts'), 'hono/http-exception')).toMatch(/Hono/)
    expect(brokenRule(at('common/permissions.ts'), '../server/db/client.ts')).toMatch(/common imports/)
    expect(brokenRule(at('client/lib/api.ts'), '../../server/app.ts')).toMatch(/do not import each other/)
  })

  it('refuses a deep import into common/svg from outside it', () => {
    const rule = /common\/svg is imported only through common\/svg\/index.ts/
    expect(brokenRule(at('client/features/maker/editor/removals.ts'), '@common/svg/sanitize.ts')).toMatch(
      rule,
    )
    expect(brokenRule(at('client/copy/copy-format-store.ts'), '@common/svg/convert.ts')).toMatch(rule)
    expect(brokenRule(at('server/routes/icons.ts'), '../../common/svg/names.ts')).toMatch(rule)
    expect(brokenRule(at('common/plans.ts'), './svg/tree.ts')).toMatch(rule)
    expect(brokenRule(at('client/copy/exports/sprite.ts'), '@common/svg/test-support/render.ts')).toMatch(
      rule,
    )
  })

  it('lets common/svg in through its index, its own files each other, and tests its test helpers', () => {
    expect(brokenRule(at('client/copy/exports/sprite.ts'), '@common/svg/index.ts')).toBeNull()
    expect(brokenRule(at('server/routes/icons.ts'), '../../common/svg/index.ts')).toBeNull()
    expect(brokenRule(at('common/svg/pipeline.ts'), './sanitize.ts')).toBeNull()
    expect(
      brokenRule(at('client/features/maker/ops/ops-corpus.test.ts'), '@common/svg/test-support/render.ts'),
    ).toBeNull()
    expect(
      brokenRule(at('tests/integration/maker.test.ts'), '../../common/svg/test-support/assert-safe.ts'),
    ).toBeNull()
  })

  it('refuses client code importing common by a relative path, and @common/ outside the client', () => {
    expect(brokenRule(at('client/features/maker/ops/tree.ts'), '../../../../common/svg/index.ts')).toMatch(
      /client imports common as @common\/svg\/index.ts/,
    )
    expect(brokenRule(at('client/lib/me.ts'), '../../common/schemas/me.ts')).toMatch(
      /client imports common as @common\/schemas\/me.ts/,
    )
    expect(brokenRule(at('server/routes/me.ts'), '@common/schemas/me.ts')).toMatch(
      /only client code imports @common/,
    )
    expect(brokenRule(at('common/plans.ts'), '@common/schemas/me.ts')).toMatch(
      /only client code imports @common/,
    )
    expect(brokenRule(at('server/routes/me.ts'), '../../common/schemas/me.ts')).toBeNull()
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

describe('bypassesWritePath', () => {
  const domain = at('server/domain/projects/projects.ts')

  it('refuses a domain file publishing a note, bumping a scope or leaving tombstones itself', () => {
    const planted = [
      'export async function rename(deps: Deps, tx: Tx) {',
      "  await deps.events.publish({ entity: 'invitations', op: 'changed', email: 'a@b.c' }, tx)",
      "  await events.publish({ entity: 'invitations', op: 'changed', email: 'a@b.c' })",
      "  const version = await bumpScope(tx, 'user:1')",
      "  await bumpScopes(tx, ['a', 'b'])",
      "  await addTombstones(tx, 'a', 'icons', ['x'], version)",
      "  await dropScope(tx, 'a')",
      "  await tx.execute(sql`select pg_notify('iconvault_changes', '{}')`)",
      '}',
    ].join('\n')
    const found = bypassesWritePath(domain, planted)
    expect(found.map((f) => f.replace(/: server\/domain writes.*$/, ''))).toEqual([
      'server/domain/projects/projects.ts:2: calls deps.events.publish',
      'server/domain/projects/projects.ts:3: calls events.publish',
      'server/domain/projects/projects.ts:4: calls bumpScope',
      'server/domain/projects/projects.ts:5: calls bumpScopes',
      'server/domain/projects/projects.ts:6: calls addTombstones',
      'server/domain/projects/projects.ts:7: calls dropScope',
      'server/domain/projects/projects.ts:8: sends pg_notify',
    ])
    expect(found[0]).toMatch(/server\/domain writes through writeInScope/)
  })

  it('allows the write path itself, writes through it, and code outside server/domain', () => {
    const publish = "await deps.events.publish(note, tx)\nawait bumpScope(tx, 'a')"
    expect(bypassesWritePath(at('server/domain/sync/write-in-scope.ts'), publish)).toEqual([])
    expect(bypassesWritePath(at('server/context.ts'), publish)).toEqual([])
    const through = [
      'await writeInScope(deps, [key], async ({ tx, version, tombstone, announce }) => {',
      '  await tombstone(key, "icons", [id])',
      "  announce({ entity: 'icons', op: 'delete', id, workspace_id: null, scope: key })",
      '})',
    ].join('\n')
    expect(bypassesWritePath(domain, through)).toEqual([])
  })
})

describe('misplacedRouteName', () => {
  it("keeps TanStack Router's file prefixes to client/routes", () => {
    expect(misplacedRouteName(at('client/lib/_helpers.ts'))).toMatch(/only under client\/routes/)
    expect(misplacedRouteName(at('server/-cache.ts'))).toMatch(/only under client\/routes/)
    expect(misplacedRouteName(at('client/features/maker/$id.tsx'))).toMatch(/only under client\/routes/)
    expect(misplacedRouteName(at('client/routes/__root.tsx'))).toBeNull()
    expect(misplacedRouteName(at('client/routes/_app/-project-search.ts'))).toBeNull()
    expect(misplacedRouteName(at('client/lib/api.ts'))).toBeNull()
  })
})

it('finds no violation in the codebase', () => {
  expect(findViolations()).toEqual([])
})
