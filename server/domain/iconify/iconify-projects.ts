// Which projects an Iconify request reaches (ADR 0021): the live projects its token's
// user may see (personal ones, and those of the live workspaces they are in), narrowed to the token's
// projects when it is limited (ADR 0019). Prefixes are unique per workspace (or personal owner), not
// across them: which project a shared prefix answers is the user's (iconify-prefix-choice.ts: the
// pinned one, else personal first, then by the workspace joined first), never the newcomer's; an
// ambiguous prefix says so. Read on every request, with the project's list stamp: a kept answer is
// checked against it.
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { deletedIcons, icons, projects } from '../../db/schema/index.ts'
import type { Actor } from '../deps.ts'
import { listStamp } from '../icons/icon-page-query.ts'
import { resolvePrefixes } from './iconify-prefixes.ts'

/** A project that carries the same prefix, as an ambiguous prefix's answer lists it. */
type PrefixSharer = { name: string; workspace: string | null }

export type IconifyProject = {
  id: string
  name: string
  prefix: string
  stamp: string
  /** Two or more reachable projects carry the prefix and the user chose none: all of them, this one first. */
  ambiguous: PrefixSharer[] | null
}

/** The project each prefix answers for `actor` (only `prefixes` when given); records first answers. */
export async function reachableProjects(
  db: Db,
  actor: Actor,
  prefixes?: readonly string[],
): Promise<Map<string, IconifyProject>> {
  const narrowed = actor.token?.project_ids ?? null
  if (narrowed?.length === 0 || prefixes?.length === 0) return new Map()
  const choices = await resolvePrefixes(db, actor.id, narrowed ? new Set(narrowed) : null, {
    prefixes,
    record: true,
  })
  const found = new Map<string, IconifyProject>()
  for (const [prefix, { answer, reached, ambiguous }] of choices) {
    if (!answer) continue
    const sharers = [answer, ...reached.filter((p) => p !== answer)]
    found.set(prefix, {
      id: answer.id,
      name: answer.name,
      prefix,
      stamp: listStamp(answer.createdAt, answer.listVersion),
      ambiguous: ambiguous ? sharers.map((p) => ({ name: p.name, workspace: p.workspaceName })) : null,
    })
  }
  return found
}

/** A project's icons as the endpoint needs them (name, stored markup, aliases), oldest first. */
export const projectIcons = (db: Db, projectId: string) =>
  db
    .select({ name: icons.name, svg: icons.svg, aliases: icons.aliases })
    .from(icons)
    .where(eq(icons.project_id, projectId))
    .orderBy(asc(icons.created_at), asc(icons.id))

/**
 * When a project's icons last changed, in unix seconds (Iconify's `lastModified`): the latest change of
 * an icon in it, or deletion from it, or the project's creation.
 */
export async function lastModifiedOf(db: Db, projectId: string): Promise<number> {
  const [row] = await db
    .select({
      at: sql<string>`greatest(
        (select max(${icons.updated_at}) from ${icons} where ${icons.project_id} = ${projectId}),
        (select max(${deletedIcons.deleted_at}) from ${deletedIcons} where ${deletedIcons.project_id} = ${projectId}),
        ${projects.created_at})`,
    })
    .from(projects)
    .where(eq(projects.id, projectId))
  return row?.at ? Math.floor(new Date(row.at).getTime() / 1000) : 0
}

/** How many icons each of these projects holds. */
export async function iconCounts(db: Db, projectIds: readonly string[]): Promise<Map<string, number>> {
  if (!projectIds.length) return new Map()
  const rows = await db
    .select({ id: icons.project_id, n: sql<number>`count(*)`.mapWith(Number) })
    .from(icons)
    .where(inArray(icons.project_id, [...projectIds]))
    .groupBy(icons.project_id)
  return new Map(rows.map((r) => [r.id, r.n]))
}
