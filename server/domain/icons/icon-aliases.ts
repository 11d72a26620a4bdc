// Stable names (ADR 0016): a renamed icon keeps its former name as an alias, and a name
// may not be taken in a project while it is an alias of another icon there (nor an alias be the
// name of another icon). Names compare case-insensitively after trimming. Writes of one scope are
// serialised by writeInScope's scope lock, so a check made inside the write holds until it commits.
// The alias routes' changes are in project-aliases.ts.
import { and, eq, type SQL, sql } from 'drizzle-orm'
import { appMessages } from '../../../common/messages.ts'
import { nameKey } from '../../../common/name-clashes.ts'
import type { IconAlias } from '../../../common/schemas/rows.ts'
import type { Tx } from '../../db/client.ts'
import { icons } from '../../db/schema/index.ts'
import { conflict } from '../errors.ts'

/** How names compare: trimmed, case-insensitive (common/name-clashes.ts). */
export { nameKey }
export const keySql = (value: SQL) => sql`lower(btrim(${value}))`

/**
 * The aliases after a rename from `from` to `to`: the new name stops being an alias (renaming back
 * removes it); the old name becomes one (deprecated, reason `renamed`) unless it is one already or
 * the rename only changed its case or spaces.
 */
export function renamedAliases(
  aliases: IconAlias[],
  from: string,
  to: string,
  now = new Date(),
): IconAlias[] {
  if (nameKey(from) === nameKey(to)) return aliases
  const kept = aliases.filter((a) => nameKey(a.name) !== nameKey(to))
  if (kept.some((a) => nameKey(a.name) === nameKey(from))) return kept
  const old: IconAlias = {
    name: from.trim(),
    deprecated: true,
    reason: 'renamed',
    remove_in: null,
    created_at: now.toISOString(),
  }
  return [...kept, old]
}

/** An icon's name that is an alias of another icon of the project. */
export type AliasClash = { name: string; owner: string; owner_id: string }

/**
 * Of `names` (compared by nameKey), those that are aliases of icons of `projectId` other than
 * `except`; one statement for any number of names (a create of 500 icons asks once).
 */
export async function aliasClashes(
  tx: Tx,
  projectId: string,
  names: readonly string[],
  except: readonly string[] = [],
): Promise<Map<string, AliasClash>> {
  const keys = [...new Set(names.map(nameKey))]
  const out = new Map<string, AliasClash>()
  if (!keys.length) return out
  const rows = await tx
    .select({ id: icons.id, name: icons.name, aliases: icons.aliases })
    .from(icons)
    .where(
      and(
        eq(icons.project_id, projectId),
        // Only the few icons with aliases are read (icons_project_id_aliased_idx), not the project.
        sql`${icons.aliases} <> '[]'::jsonb`,
        sql`exists (select 1 from jsonb_array_elements(${icons.aliases}) a where ${keySql(sql`a.value->>'name'`)} = any(${pgTextArray(keys)}::text[]))`,
        except.length ? sql`${icons.id} <> all(${pgTextArray(except)}::uuid[])` : undefined,
      ),
    )
  const wanted = new Set(keys)
  for (const row of rows)
    for (const a of row.aliases)
      if (wanted.has(nameKey(a.name)))
        out.set(nameKey(a.name), { name: a.name, owner: row.name, owner_id: row.id })
  return out
}

/** Of `names`, those that are the names of icons of `projectId` other than `except`. */
async function nameHolders(
  tx: Tx,
  projectId: string,
  names: readonly string[],
  except: readonly string[],
): Promise<Map<string, string>> {
  const keys = [...new Set(names.map(nameKey))]
  if (!keys.length) return new Map()
  const rows = await tx
    .select({ id: icons.id, name: icons.name })
    .from(icons)
    .where(
      and(
        eq(icons.project_id, projectId),
        sql`${keySql(sql`${icons.name}`)} = any(${pgTextArray(keys)}::text[])`,
        except.length ? sql`${icons.id} <> all(${pgTextArray(except)}::uuid[])` : undefined,
      ),
    )
  return new Map(rows.map((r) => [nameKey(r.name), r.id]))
}

/**
 * Refuses (409, a clear message) icons arriving in `projectId` under their names and aliases (a
 * rename, restore, move or undelete): a name that is an alias of another icon there, or an alias
 * that is another icon's name or alias there. `icons` are excluded from "another".
 */
export async function assertNamesFree(
  tx: Tx,
  projectId: string,
  arriving: readonly { id: string; name: string; aliases?: readonly IconAlias[] }[],
): Promise<void> {
  const ids = arriving.map((i) => i.id)
  const aliasNames = arriving.flatMap((i) => (i.aliases ?? []).map((a) => a.name))
  const clashes = await aliasClashes(tx, projectId, [...arriving.map((i) => i.name), ...aliasNames], ids)
  for (const { name } of arriving) {
    const clash = clashes.get(nameKey(name))
    if (clash) throw conflict(appMessages.aliasIsAnotherIcon(clash.name, clash.owner), 'name_taken')
  }
  for (const name of aliasNames) {
    const clash = clashes.get(nameKey(name))
    if (clash) throw conflict(appMessages.aliasIsAnotherIcon(clash.name, clash.owner), 'name_taken')
  }
  const held = await nameHolders(tx, projectId, aliasNames, ids)
  for (const name of aliasNames)
    if (held.has(nameKey(name))) throw conflict(appMessages.aliasIsAName(name), 'name_taken')
}

/** A Postgres array literal of plain strings (ids, trimmed lower-case names), for `= any(...)`. */
function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`
}
