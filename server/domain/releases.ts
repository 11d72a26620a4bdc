// A project's releases (issue 22 item 6, ADR 0017): POST /api/projects/release stores the exact set
// of the project's icons now (id, name, stored markup and its sha256, status, aliases) with the
// changelog against the release before and the version the changes call for (common/
// release-version.ts: editable upward only); GET /api/projects/releases lists them, newest first;
// release-preview says what a release now would be. GET /api/projects/export (project-export.ts)
// builds an export of the latest state or of a release's stored set (exportSet) with the same
// builder as the in-app export (common/exports, ADR 0104): a release's bytes never change, whatever
// happened since.
// Releases are not synced rows: one plain transaction writes one, and nothing is announced.
import { createHash } from 'node:crypto'
import { and, desc, eq, sql } from 'drizzle-orm'
import { sortedForExport } from '../../common/exports/export-kinds.ts'
import { exportMessages } from '../../common/messages.ts'
import { compareVersions, releaseChanges, suggestVersion } from '../../common/release-version.ts'
import type { Release, ReleaseBody, ReleasePreview } from '../../common/schemas/releases.ts'
import type { IconStatus, ReleaseChanges, ReleasedIcon } from '../../common/schemas/rows.ts'
import type { Db, Tx } from '../db/client.ts'
import { icons, projectReleases, projects } from '../db/schema/index.ts'
import type { Actor, Deps } from './deps.ts'
import { badRequest, conflict, notFound } from './errors.ts'

/**
 * What the `changes` column holds: the changelog, and the project's name when it was released (an
 * export of the release is named after it, so a later rename of the project changes none of its bytes).
 * The name is not part of the answer.
 */
type StoredChanges = ReleaseChanges & { project_name?: string }

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Every icon of the project now, as a release stores it, in export order. */
async function currentSet(db: Tx, projectId: string): Promise<ReleasedIcon[]> {
  const rows = await db
    .select({
      id: icons.id,
      name: icons.name,
      svg: icons.svg,
      icon_status: icons.icon_status,
      aliases: icons.aliases,
      label: icons.label,
      description: icons.description,
      decorative: icons.decorative,
    })
    .from(icons)
    .where(eq(icons.project_id, projectId))
  return sortedForExport(
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      svg: row.svg,
      hash: sha256(row.svg),
      icon_status: row.icon_status as IconStatus,
      aliases: row.aliases ?? [],
      label: row.label,
      description: row.description,
      decorative: row.decorative,
    })),
  )
}

const answer = (row: {
  version: string
  created_at: Date
  notes: string
  changes: StoredChanges
}): Release => {
  const { project_name: _name, ...changes } = row.changes
  return { version: row.version, created_at: row.created_at.toISOString(), notes: row.notes, changes }
}

async function latestRelease(db: Tx, projectId: string) {
  const [row] = await db
    .select({ version: projectReleases.version, icons: projectReleases.icons })
    .from(projectReleases)
    .where(eq(projectReleases.project_id, projectId))
    .orderBy(desc(projectReleases.created_at), desc(projectReleases.id))
    .limit(1)
  return row ?? null
}

async function preview(db: Tx, projectId: string) {
  const [latest, now] = await Promise.all([latestRelease(db, projectId), currentSet(db, projectId)])
  const changes = releaseChanges(latest?.icons ?? null, now)
  return { latest, now, changes, suggested: suggestVersion(latest?.version ?? null, changes, now) }
}

/** GET /api/projects/release-preview: the suggested version and the changes since the latest release. */
export async function releasePreview(db: Db, projectId: string): Promise<ReleasePreview> {
  const { latest, changes, suggested } = await preview(db, projectId)
  return { latest: latest?.version ?? null, suggested, changes }
}

/** GET /api/projects/releases: newest first. */
export async function listReleases(db: Db, projectId: string): Promise<Release[]> {
  const rows = await db
    .select({
      version: projectReleases.version,
      created_at: projectReleases.created_at,
      notes: projectReleases.notes,
      changes: projectReleases.changes,
    })
    .from(projectReleases)
    .where(eq(projectReleases.project_id, projectId))
    .orderBy(desc(projectReleases.created_at), desc(projectReleases.id))
  return rows.map(answer)
}

const UNIQUE_VIOLATION = '23505'
const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true
  return false
}

/**
 * POST /api/projects/release: the project as it is now, under the suggested (or a higher) version.
 * It reads and compares the whole project (a second or more at 50,000 icons): heavy work, one per
 * user at a time and bounded per process (server/heavy-work, ADR 0310).
 */
export function releaseProject(
  deps: Pick<Deps, 'db' | 'heavy'>,
  actor: Actor,
  body: ReleaseBody,
): Promise<Release> {
  return deps.heavy.run(actor.id, () => storeRelease(deps.db, actor, body))
}

async function storeRelease(db: Db, actor: Actor, body: ReleaseBody): Promise<Release> {
  let version = body.version ?? ''
  try {
    return await db.transaction(async (tx) => {
      // One release of a project at a time: the second waits and sees the first.
      const [project] = await tx
        .select({ name: projects.name })
        .from(projects)
        .where(eq(projects.id, body.project_id))
        .for('update')
      if (!project) throw notFound()
      const { latest, now, changes, suggested } = await preview(tx, body.project_id)
      if (!suggested) throw conflict(exportMessages.nothingChanged(latest?.version ?? ''))
      version = body.version ?? suggested
      if (compareVersions(version, suggested) < 0)
        throw badRequest(exportMessages.releaseVersionTooLow(suggested))
      const [taken] = await tx
        .select({ version: projectReleases.version })
        .from(projectReleases)
        .where(and(eq(projectReleases.project_id, body.project_id), eq(projectReleases.version, version)))
      if (taken) throw conflict(exportMessages.releaseVersionTaken(version))
      const stored: StoredChanges = { ...changes, project_name: project.name }
      const [row] = await tx
        .insert(projectReleases)
        .values({
          project_id: body.project_id,
          version,
          notes: body.notes,
          user_id: actor.id,
          icons: now,
          changes: stored,
          // Strictly after the latest release, even within one clock tick: newest first stays true.
          created_at: sql`greatest(now(), coalesce((select max(${projectReleases.created_at}) from ${projectReleases} where ${projectReleases.project_id} = ${body.project_id}) + interval '1 millisecond', now()))`,
        })
        .returning({
          version: projectReleases.version,
          created_at: projectReleases.created_at,
          notes: projectReleases.notes,
          changes: projectReleases.changes,
        })
      if (!row) throw new Error('The release was not stored')
      return answer(row)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(exportMessages.releaseVersionTaken(version))
    throw error
  }
}

/**
 * The icons GET /api/projects/export builds from (project-export.ts): the latest state (`release`
 * null) or a release's stored set, with the project's name as released (404 for an unknown release).
 */
export async function exportSet(
  db: Db,
  project: { id: string; name: string },
  release: string | null,
): Promise<{ set: ReleasedIcon[]; projectName: string; version?: string }> {
  if (!release) return { set: await currentSet(db, project.id), projectName: project.name }
  const [row] = await db
    .select({ icons: projectReleases.icons, changes: projectReleases.changes })
    .from(projectReleases)
    .where(and(eq(projectReleases.project_id, project.id), eq(projectReleases.version, release)))
  if (!row) throw notFound(exportMessages.releaseNotFound)
  const projectName = (row.changes as StoredChanges).project_name ?? project.name
  return { set: row.icons, projectName, version: release }
}
