// A project's releases (ADR 0017): POST /api/projects/release stores the exact set
// of the project's icons now (id, name, stored markup and its sha256, status, aliases) with the
// changelog against the release before and the version the changes call for (common/
// release-version.ts: editable upward only); GET /api/projects/releases lists them, newest first;
// release-preview says what a release now would be. GET /api/projects/export (project-export.ts)
// builds an export of the latest state or of a release's stored set with the same builder as the
// in-app export (common/exports, ADR 0104): a release's bytes never change, whatever happened since.
// Releases are not synced rows: one plain transaction writes one, and nothing is announced.
// A release and its preview read the project's icons and the latest release's set a page at a time
// into a heavy-work worker, which hashes, sorts and compares them and answers the set and the
// changelog as JSON text (release-set.ts); the event loop never holds 50,000 icons at once, nor
// parses or prints their JSON: the answers are written around the worker's text, and the set is
// stored from its pages (ADR 0111).
import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import { exportMessages } from '../../../common/messages.ts'
import { compareVersions } from '../../../common/release-version.ts'
import type { ReleaseBody } from '../../../common/schemas/releases.ts'
import type { Db, Tx } from '../../db/client.ts'
import { projectReleases, projects } from '../../db/schema/index.ts'
import type { Actor, Deps } from '../deps.ts'
import { badRequest, conflict, notFound } from '../errors.ts'
import { readIconPages, readReleasePages } from './icon-pages.ts'
import type { ReleaseOutcome } from './release-set.ts'

/** JSON text of one answer (`{ data: … }`), written around JSON the worker or the database gave. */
export type JsonText = { json: string }

async function latestVersion(db: Tx, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ version: projectReleases.version })
    .from(projectReleases)
    .where(eq(projectReleases.project_id, projectId))
    .orderBy(desc(projectReleases.created_at), desc(projectReleases.id))
    .limit(1)
  return row?.version ?? null
}

/**
 * A release now, against the latest one: computed in a worker from the icons read in pages in `tx`;
 * with `store`, the set to store too, as the worker's pages of JSON text.
 */
async function releaseNow(
  heavy: Deps['heavy'],
  tx: Tx,
  projectId: string,
  store: boolean,
): Promise<{ latest: string | null; outcome: ReleaseOutcome; setPages: string[] }> {
  const latest = await latestVersion(tx, projectId)
  let outcome: ReleaseOutcome | undefined
  const setPages: string[] = []
  const run = heavy.open({ kind: 'release', latestVersion: latest, store }, (message) => {
    if ('setPage' in message) setPages.push(message.setPage)
    else if ('result' in message) outcome = message.result as ReleaseOutcome
  })
  try {
    if (latest)
      await readReleasePages(tx, projectId, latest, (page) => run.post({ page, latest: true }), false)
    await readIconPages(tx, projectId, (page) => run.post({ page }), false)
    run.post({ pagesEnd: true })
  } catch (error) {
    run.post({ cancel: true })
    await run.ended.catch(() => {})
    throw error
  }
  await run.ended
  if (!outcome) throw new Error('A release worker answered nothing')
  return { latest, outcome, setPages }
}

/**
 * The set to store, from the worker's pages: each page its own insert into a table of the
 * transaction, joined in one array by Postgres, so no statement of tens of MB is built on the event
 * loop (ADR 0111).
 */
async function stagedSet(tx: Tx, pages: readonly string[]): Promise<SQL> {
  await tx.execute(
    sql`create temp table release_set_pages (n int primary key, icons jsonb not null) on commit drop`,
  )
  for (const [n, page] of pages.entries())
    await tx.execute(sql`insert into release_set_pages (n, icons) values (${n}, ${page}::jsonb)`)
  return sql`(select coalesce(jsonb_agg(e.icon order by p.n, e.ord), '[]'::jsonb)
    from release_set_pages p cross join lateral jsonb_array_elements(p.icons) with ordinality e(icon, ord))`
}

/**
 * GET /api/projects/release-preview: the suggested version and the changes since the latest release.
 * It reads and compares the whole project, like a release: heavy work (ADR 0310).
 */
export function releasePreview(
  deps: Pick<Deps, 'db' | 'heavy'>,
  actor: Actor,
  projectId: string,
): Promise<JsonText> {
  return deps.heavy.run(actor.id, async () => {
    const [project] = await deps.db
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, projectId))
    if (!project) throw notFound()
    const { latest, outcome } = await deps.db.transaction(
      (tx) => releaseNow(deps.heavy, tx, projectId, false),
      { accessMode: 'read only', isolationLevel: 'repeatable read' },
    )
    return {
      json: `{"data":{"latest":${JSON.stringify(latest)},"suggested":${JSON.stringify(outcome.suggested)},"changes":${outcome.changes}}}`,
    }
  })
}

/** One release as answered: its changelog is the stored JSON without the project's name, as text. */
const releaseJson = (row: { version: string; created_at: Date; notes: string }, changes: string) =>
  `{"version":${JSON.stringify(row.version)},"created_at":${JSON.stringify(row.created_at.toISOString())},"notes":${JSON.stringify(row.notes)},"changes":${changes}}`

/** GET /api/projects/releases: newest first. */
export async function listReleases(db: Db, projectId: string): Promise<JsonText> {
  const rows = await db
    .select({
      version: projectReleases.version,
      created_at: projectReleases.created_at,
      notes: projectReleases.notes,
      changes: sql<string>`(${projectReleases.changes} - 'project_name')::text`,
    })
    .from(projectReleases)
    .where(eq(projectReleases.project_id, projectId))
    .orderBy(desc(projectReleases.created_at), desc(projectReleases.id))
  return { json: `{"data":[${rows.map((row) => releaseJson(row, row.changes)).join(',')}]}` }
}

const UNIQUE_VIOLATION = '23505'
const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true
  return false
}

/**
 * POST /api/projects/release: the project as it is now, under the suggested (or a higher) version.
 * It reads and compares the whole project: heavy work, one per user at a time and bounded per
 * process (server/heavy-work, ADR 0310), computed in a worker (ADR 0111).
 */
export function releaseProject(
  deps: Pick<Deps, 'db' | 'heavy'>,
  actor: Actor,
  body: ReleaseBody,
): Promise<JsonText> {
  return deps.heavy.run(actor.id, () => storeRelease(deps, actor, body))
}

async function storeRelease(
  { db, heavy }: Pick<Deps, 'db' | 'heavy'>,
  actor: Actor,
  body: ReleaseBody,
): Promise<JsonText> {
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
      const { latest, outcome, setPages } = await releaseNow(heavy, tx, body.project_id, true)
      const { suggested } = outcome
      if (!suggested) throw conflict(exportMessages.nothingChanged(latest ?? ''), 'unchanged')
      version = body.version ?? suggested
      if (compareVersions(version, suggested) < 0)
        throw badRequest(exportMessages.releaseVersionTooLow(suggested))
      const [taken] = await tx
        .select({ version: projectReleases.version })
        .from(projectReleases)
        .where(and(eq(projectReleases.project_id, body.project_id), eq(projectReleases.version, version)))
      if (taken) throw conflict(exportMessages.releaseVersionTaken(version), 'version_taken')
      const set = await stagedSet(tx, setPages)
      const [row] = await tx
        .insert(projectReleases)
        .values({
          project_id: body.project_id,
          version,
          notes: body.notes,
          user_id: actor.id,
          // The worker's JSON text as it is: never parsed nor printed on the event loop.
          icons: set,
          changes: sql`${outcome.changes}::jsonb || jsonb_build_object('project_name', ${project.name}::text)`,
          // Strictly after the latest release, even within one clock tick: newest first stays true.
          created_at: sql`greatest(now(), coalesce((select max(${projectReleases.created_at}) from ${projectReleases} where ${projectReleases.project_id} = ${body.project_id}) + interval '1 millisecond', now()))`,
        })
        .returning({
          version: projectReleases.version,
          created_at: projectReleases.created_at,
          notes: projectReleases.notes,
        })
      if (!row) throw new Error('The release was not stored')
      return { json: `{"data":${releaseJson(row, outcome.changes)}}` }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(exportMessages.releaseVersionTaken(version), 'version_taken')
    throw error
  }
}
