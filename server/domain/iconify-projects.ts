// Which projects an Iconify request reaches (issue 24 item 4, ADR 0021): the live projects its token's
// user may see (personal ones, and those of the live workspaces they are in), narrowed to the token's
// projects when it is limited (ADR 0019). Prefixes are unique per workspace (or personal owner), not
// across them: when two reachable projects share one, the oldest answers (a token limited to the other
// reaches it). Read on every request, with the project's list stamp: a kept answer is checked against it.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { deletedIcons, icons, projects } from '../db/schema/index.ts'
import { visibleProjects } from './access.ts'
import type { Actor } from './deps.ts'
import { listStamp } from './icons.ts'

export type IconifyProject = { id: string; name: string; prefix: string; stamp: string }

/** The projects `actor` reaches, by prefix (the oldest of a shared prefix); only `prefixes` when given. */
export async function reachableProjects(
  db: Db,
  actor: Actor,
  prefixes?: readonly string[],
): Promise<Map<string, IconifyProject>> {
  const narrowed = actor.token?.project_ids ?? null
  if (narrowed?.length === 0 || prefixes?.length === 0) return new Map()
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      prefix: projects.iconify_prefix,
      createdAt: projects.created_at,
      listVersion: projects.list_version,
    })
    .from(projects)
    .where(
      and(
        visibleProjects(db, actor.id),
        prefixes ? inArray(projects.iconify_prefix, [...prefixes]) : undefined,
        narrowed ? inArray(projects.id, [...narrowed]) : undefined,
      ),
    )
    .orderBy(asc(projects.created_at), asc(projects.id))
  const found = new Map<string, IconifyProject>()
  for (const r of rows)
    if (!found.has(r.prefix))
      found.set(r.prefix, {
        id: r.id,
        name: r.name,
        prefix: r.prefix,
        stamp: listStamp(r.createdAt, r.listVersion),
      })
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
