// A user's Iconify prefixes resolved against the database (ADR 0021): the live projects they see that
// carry each prefix, in their order (personal first, then by when they joined the workspace), with the
// pin of the prefix, read in one query; the rule itself is iconify-prefix-choice.ts. The first time a
// prefix answers (or when its pin names a project the user no longer sees under it), the project that
// answers is recorded as its pin, so that a project taking the prefix later never displaces it.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { iconifyPins, projects, workspaceAccess, workspaces } from '../../db/schema/index.ts'
import { visibleProjects } from '../access.ts'
import { choosePrefix, type PrefixChoice, type PrefixPin } from './iconify-prefix-choice.ts'

export type PrefixCandidate = {
  id: string
  name: string
  prefix: string
  createdAt: Date
  listVersion: number
  /** The workspace's name; null for a personal project. */
  workspaceName: string | null
}

type Candidates = Map<string, { list: PrefixCandidate[]; pin: PrefixPin | undefined }>

/** The projects `userId` sees that carry a prefix (only `prefixes` when given), in order, with each pin. */
async function candidatesOf(db: Db, userId: string, prefixes?: readonly string[]): Promise<Candidates> {
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      prefix: projects.iconify_prefix,
      createdAt: projects.created_at,
      listVersion: projects.list_version,
      workspaceName: workspaces.name,
      pinned: iconifyPins.project_id,
      chosen: iconifyPins.chosen,
    })
    .from(projects)
    .leftJoin(workspaces, eq(workspaces.id, projects.workspace_id))
    .leftJoin(
      workspaceAccess,
      and(eq(workspaceAccess.workspace_id, projects.workspace_id), eq(workspaceAccess.user_id, userId)),
    )
    .leftJoin(
      iconifyPins,
      and(eq(iconifyPins.user_id, userId), eq(iconifyPins.prefix, projects.iconify_prefix)),
    )
    .where(
      and(
        visibleProjects(db, userId),
        prefixes ? inArray(projects.iconify_prefix, [...prefixes]) : undefined,
      ),
    )
    .orderBy(
      sql`${projects.workspace_id} is not null`,
      asc(workspaceAccess.created_at),
      asc(projects.workspace_id),
      asc(projects.created_at),
      asc(projects.id),
    )
  const found: Candidates = new Map()
  for (const { pinned, chosen, ...row } of rows) {
    let entry = found.get(row.prefix)
    if (!entry) {
      entry = { list: [], pin: pinned ? { projectId: pinned, chosen: chosen ?? false } : undefined }
      found.set(row.prefix, entry)
    }
    // One row per project (a user with two access rows in one workspace would repeat it).
    if (!entry.list.some((c) => c.id === row.id)) entry.list.push(row)
  }
  return found
}

/**
 * Records each answer as its prefix's pin (over a pin that named `stale`, a project no longer seen
 * under it); answers the prefixes written (another request may have written one first).
 */
async function recordPins(
  db: Db,
  userId: string,
  wanted: { prefix: string; projectId: string; stale: string | null }[],
): Promise<Set<string>> {
  const stale = wanted.filter((w) => w.stale !== null)
  if (stale.length)
    await db
      .delete(iconifyPins)
      .where(
        and(
          eq(iconifyPins.user_id, userId),
          or(
            ...stale.map((w) => and(eq(iconifyPins.prefix, w.prefix), eq(iconifyPins.project_id, w.stale!))),
          ),
        ),
      )
  const written = await db
    .insert(iconifyPins)
    .values(wanted.map((w) => ({ user_id: userId, prefix: w.prefix, project_id: w.projectId })))
    .onConflictDoNothing()
    .returning({ prefix: iconifyPins.prefix })
  return new Set(written.map((w) => w.prefix))
}

/**
 * Each prefix `userId` reaches (only `prefixes` when given), chosen for a token limited to `narrowed`
 * (null: every project); with `record`, a missing or stale pin is recorded as the project answering.
 */
export async function resolvePrefixes(
  db: Db,
  userId: string,
  narrowed: ReadonlySet<string> | null,
  opts: { prefixes?: readonly string[]; record: boolean },
): Promise<Map<string, PrefixChoice<PrefixCandidate>>> {
  const candidates = await candidatesOf(db, userId, opts.prefixes)
  const choices = new Map<string, PrefixChoice<PrefixCandidate>>()
  for (const [prefix, { list, pin }] of candidates) choices.set(prefix, choosePrefix(list, pin, narrowed))
  if (!opts.record) return choices
  const wanted = [...choices]
    .filter(([, c]) => c.record)
    .map(([prefix, c]) => ({
      prefix,
      projectId: c.user.id,
      stale: candidates.get(prefix)!.pin?.projectId ?? null,
    }))
  if (!wanted.length) return choices
  const written = await recordPins(db, userId, wanted)
  const lost = wanted.filter((w) => !written.has(w.prefix)).map((w) => w.prefix)
  // Another request recorded (or the user chose) a pin meanwhile: it is the one to follow.
  if (lost.length)
    for (const [prefix, { list, pin }] of await candidatesOf(db, userId, lost))
      choices.set(prefix, choosePrefix(list, pin, narrowed))
  return choices
}
