// GET /api/projects/export (ADR 0104, 0105, 0310): a project's export, now or of a release, built in
// a heavy-work worker (server/heavy-work: one build per user at a time, a few per process, a heap
// limit and a deadline per build) and kept: an export asked again of an unchanged project (the same
// list stamp, which a trigger moves on any change of its icons, or the same release) is answered
// with the bytes kept, without building or reading its icons; asks of the same export at the same
// time share one build.
import { eq } from 'drizzle-orm'
import { type ExportKind, type ExportResult, exportIcon } from '../../common/exports/export-kinds.ts'
import { type KeptFor, keptFor } from '../cache/kept-for.ts'
import type { Db } from '../db/client.ts'
import { projects } from '../db/schema/index.ts'
import type { Deps } from './deps.ts'
import { notFound } from './errors.ts'
import { listStamp } from './icons.ts'
import { fontRequest } from './project-font.ts'
import { exportSet } from './releases.ts'

/** Kept exports: at most this many, of at most this many bytes together (a larger one is not kept). */
const KEPT_EXPORTS = 32
const KEPT_BYTES = 64 * 1024 * 1024
/** Keys name what the bytes are built from, so an entry never turns false; this only lets memory go. */
const KEPT_MS = 30 * 60_000

const keptByDb = new WeakMap<Db, KeptFor<ExportResult>>()
const keptOf = (db: Db) => {
  let kept = keptByDb.get(db)
  if (!kept) {
    kept = keptFor<ExportResult>({
      ttlMs: KEPT_MS,
      maxEntries: KEPT_EXPORTS,
      weight: { maxBytes: KEPT_BYTES, of: (r) => ({ shared: r, bytes: r.bytes.byteLength }) },
    })
    keptByDb.set(db, kept)
  }
  return kept
}

type Project = { id: string; name: string }

/**
 * What an export is built from, as a key: the project, its list stamp (latest) or the release, its
 * name and Iconify prefix now, the format and the class prefix. 404 when the project is gone.
 */
async function exportKey(
  db: Db,
  project: Project,
  kind: ExportKind,
  release: string | null,
  prefix?: string,
) {
  const [row] = await db
    .select({ created: projects.created_at, list: projects.list_version, iconify: projects.iconify_prefix })
    .from(projects)
    .where(eq(projects.id, project.id))
  if (!row) throw notFound()
  const of = release ? `release ${release}` : `list ${listStamp(row.created, Number(row.list))}`
  const key = JSON.stringify([project.id, of, project.name, kind, prefix ?? null, row.iconify ?? ''])
  return { key, iconifyPrefix: row.iconify || undefined }
}

/** The export's bytes: kept ones, else built in the caller's turn of the heavy-work gate. */
export async function exportProject(
  deps: Pick<Deps, 'db' | 'heavy'>,
  userId: string,
  project: Project,
  kind: ExportKind,
  release: string | null,
  classPrefix?: string,
): Promise<ExportResult> {
  const { key, iconifyPrefix } = await exportKey(deps.db, project, kind, release, classPrefix)
  return keptOf(deps.db).through(key, async () => {
    const value = await deps.heavy.run(userId, async () => {
      const { set, projectName, version } = await exportSet(deps.db, project, release)
      if (kind === 'font')
        return deps.heavy.build({
          kind: 'font',
          request: await fontRequest(deps.db, project.id, projectName, set, classPrefix, version),
        })
      // The Iconify JSON package is named by the project's Iconify prefix as it is now (ADR 0021).
      const request = { kind, projectName, icons: set.map(exportIcon), version, classPrefix, iconifyPrefix }
      return deps.heavy.build({ kind: 'export', request })
    })
    return { value, keep: true }
  })
}
