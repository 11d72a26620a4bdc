// The alias routes (ADR 0016): a project's aliases listed, added, deprecated (a reason
// and the release that removes them) and removed. Each change is an icon upsert (the row's
// `aliases` syncs like any change) and records no version: the icon's name, markup and status are
// unchanged. The rules are icon-aliases.ts's.
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { appMessages } from '../../../common/messages.ts'
import type {
  createAliasBody,
  deleteAliasBody,
  ProjectAliasRow,
  updateAliasBody,
} from '../../../common/schemas/aliases.ts'
import type { IconAlias, IconRow } from '../../../common/schemas/rows.ts'
import type { Tx } from '../../db/client.ts'
import { icons } from '../../db/schema/index.ts'
import type { Scope } from '../access.ts'
import type { Deps } from '../deps.ts'
import { conflict, notFound } from '../errors.ts'
import { assertNamesFree, keySql, nameKey } from '../icons/icon-aliases.ts'
import { ICON_NOT_FOUND, served } from '../icons/icons.ts'
import { scopeOf } from '../sync/sync-scopes.ts'
import { writeInScope } from '../sync/write-in-scope.ts'

/** The aliases of a project's icons (GET /api/projects/aliases), by name. */
export async function listAliases({ db }: Deps, projectId: string): Promise<ProjectAliasRow[]> {
  const rows = await db
    .select({ id: icons.id, aliases: icons.aliases })
    .from(icons)
    .where(and(eq(icons.project_id, projectId), sql`jsonb_array_length(${icons.aliases}) > 0`))
  return rows
    .flatMap(({ id, aliases }) =>
      aliases.map((a) => ({
        name: a.name,
        icon_id: id,
        deprecated: a.deprecated,
        reason: a.reason,
        remove_in: a.remove_in,
      })),
    )
    .sort((a, b) => a.name.localeCompare(b.name))
}

type Located = { scope: Scope; projectId: string }

/** Adds an alias to an icon of the project (POST /api/projects/aliases/create). */
export function createAlias(
  deps: Deps,
  at: Located,
  body: z.output<typeof createAliasBody>,
): Promise<IconRow> {
  return changeAliases(
    deps,
    at,
    sql`${icons.id} = ${body.icon_id}`,
    async (tx, icon) => {
      if (nameKey(icon.name) === nameKey(body.name))
        throw conflict(appMessages.aliasIsOwnName(body.name), 'name_taken')
      if (icon.aliases.some((a) => nameKey(a.name) === nameKey(body.name))) return icon.aliases
      const alias: IconAlias = {
        name: body.name,
        deprecated: false,
        reason: null,
        remove_in: null,
        created_at: new Date().toISOString(),
      }
      await assertNamesFree(tx, at.projectId, [{ id: icon.id, name: icon.name, aliases: [alias] }])
      return [...icon.aliases, alias]
    },
    ICON_NOT_FOUND,
  )
}

/** Marks an alias deprecated or not, with a reason and a removal release (POST /api/projects/aliases/update). */
export function updateAlias(
  deps: Deps,
  at: Located,
  body: z.output<typeof updateAliasBody>,
): Promise<IconRow> {
  return changeAliases(deps, at, hasAlias(body.name), async (_tx, icon) =>
    icon.aliases.map((a) =>
      nameKey(a.name) === nameKey(body.name)
        ? { ...a, deprecated: body.deprecated, reason: body.reason, remove_in: body.remove_in }
        : a,
    ),
  )
}

/** Removes an alias: the name is free again (POST /api/projects/aliases/delete). */
export function deleteAlias(
  deps: Deps,
  at: Located,
  body: z.output<typeof deleteAliasBody>,
): Promise<IconRow> {
  return changeAliases(deps, at, hasAlias(body.name), async (_tx, icon) =>
    icon.aliases.filter((a) => nameKey(a.name) !== nameKey(body.name)),
  )
}

/** The icon holding alias `name` (by nameKey). */
const hasAlias = (name: string) =>
  sql`exists (select 1 from jsonb_array_elements(${icons.aliases}) a where ${keySql(sql`a.value->>'name'`)} = ${nameKey(name)})`

/**
 * One alias change: the icon of the project matching `which` (404 `missing` otherwise), its new
 * aliases stored as an upsert in its scope (no version recorded).
 */
async function changeAliases(
  deps: Deps,
  { scope, projectId }: Located,
  which: SQL,
  change: (tx: Tx, icon: typeof icons.$inferSelect) => Promise<IconAlias[]>,
  missing: string = appMessages.aliasNotFound,
): Promise<IconRow> {
  const key = scopeOf(scope)
  const row = await writeInScope(deps, [key], async ({ tx, version, announce }) => {
    const [icon] = await tx
      .select()
      .from(icons)
      .where(and(eq(icons.project_id, projectId), which))
      .limit(1)
    if (!icon) throw notFound(missing)
    const aliases = await change(tx, icon)
    const [row] = await tx
      .update(icons)
      .set({ aliases, updated_at: new Date(), version: version(key) })
      .where(eq(icons.id, icon.id))
      .returning()
    announce({
      entity: 'icons',
      op: 'upsert',
      id: icon.id,
      workspace_id: icon.workspace_id,
      owner_id: scope.kind === 'personal' ? scope.ownerId : undefined,
      scope: key,
    })
    return row!
  })
  return served(row)
}
