// GET /api/projects/export (ADR 0104, 0105, 0310, 0111): a project's export, now or of a release,
// built in a heavy-work worker (server/heavy-work: one build per user at a time, a few per process, a
// heap limit and a deadline per build) and streamed: the icons go to the worker a page at a time
// (icon-pages.ts, a release's set too), the worker converts them, then packs the
// ZIP and sends it in blocks as they are ready, so the first bytes leave before the last icon is
// packed and no size of project holds the event loop. An export no larger than KEPT_ENTRY_BYTES is
// kept: asked again of an unchanged project (the same list stamp, which a trigger moves on any change
// of its icons, or the same release), it is answered with the bytes kept, without building or
// reading its icons. The icon font is built whole (it is small) and kept the same way.
import { and, eq, sql } from 'drizzle-orm'
import type { ExportAlias, ExportKind, ExportResult } from '../../../common/exports/export-kinds.ts'
import { exportMessages } from '../../../common/messages.ts'
import { type KeptFor, keptFor } from '../../cache/kept-for.ts'
import type { Db } from '../../db/client.ts'
import { projectReleases, projects } from '../../db/schema/index.ts'
import { streamExport } from '../../heavy-work/export-stream.ts'
import type { Deps } from '../deps.ts'
import { notFound } from '../errors.ts'
import { listStamp } from '../icons/icon-page-query.ts'
import { readIconPages, readReleasePages } from '../projects/icon-pages.ts'
import { fontRequest } from './project-font.ts'

/** Kept exports: at most this many, of at most this many bytes together and each. */
const KEPT_EXPORTS = 32
const KEPT_BYTES = 64 * 1024 * 1024
const KEPT_ENTRY_BYTES = 32 * 1024 * 1024
/** Keys name what the bytes are built from, so an entry never turns false; this only lets memory go. */
const KEPT_MS = 30 * 60_000

/** An export kept: its head and its blocks, sent again as they are. */
type Kept = Omit<ExportResult, 'bytes'> & { blocks: Uint8Array[]; size: number }

/** What the route sends: the head, and the body whole or as it streams. */
export type ExportAnswer = Omit<ExportResult, 'bytes'> & {
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>
}

const keptByDb = new WeakMap<Db, KeptFor<Kept>>()
const keptOf = (db: Db) => {
  let kept = keptByDb.get(db)
  if (!kept) {
    kept = keptFor<Kept>({
      name: 'exports',
      ttlMs: KEPT_MS,
      maxEntries: KEPT_EXPORTS,
      weight: { maxBytes: KEPT_BYTES, of: (r) => ({ shared: r, bytes: r.size }) },
    })
    keptByDb.set(db, kept)
  }
  return kept
}

const keptAnswer = ({ blocks, size: _size, ...head }: Kept): ExportAnswer => ({
  ...head,
  body: new ReadableStream<Uint8Array>({
    start(controller) {
      for (const block of blocks) controller.enqueue(block)
      controller.close()
    },
  }),
})

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

/** The project's name as released (404 for an unknown release); its set is read in pages. */
async function releasedName(db: Db, project: Project, release: string) {
  const [row] = await db
    .select({ name: sql<string | null>`${projectReleases.changes}->>'project_name'` })
    .from(projectReleases)
    .where(and(eq(projectReleases.project_id, project.id), eq(projectReleases.version, release)))
  if (!row) throw notFound(exportMessages.releaseNotFound)
  return row.name ?? project.name
}

/** The export: kept bytes, else built (streamed) in the caller's turn of the heavy-work gate. */
export async function exportProject(
  deps: Pick<Deps, 'db' | 'heavy'>,
  userId: string,
  project: Project,
  kind: ExportKind,
  release: string | null,
  classPrefix?: string,
): Promise<ExportAnswer> {
  const { key, iconifyPrefix } = await exportKey(deps.db, project, kind, release, classPrefix)
  const kept = keptOf(deps.db)
  const hit = kept.get(key)
  if (hit) return keptAnswer(hit)
  const since = kept.generation()
  const keep = (head: Omit<ExportResult, 'bytes'>, blocks: Uint8Array[]) => {
    const size = blocks.reduce((n, b) => n + b.byteLength, 0)
    kept.set(key, { ...head, blocks, size }, since)
  }
  if (kind === 'font')
    return deps.heavy.run(userId, async () => {
      // A build of the same font that ended while this one waited for its turn.
      const again = kept.get(key)
      if (again) return keptAnswer(again)
      const { set, projectName, version } = await fontSet(deps.db, project, release)
      const request = await fontRequest(deps.db, project.id, projectName, set, classPrefix, version)
      const { bytes, ...head } = await deps.heavy.build({ kind: 'font', request })
      keep(head, [bytes])
      return { ...head, body: bytes }
    })
  // The answer leaves at the head; the gate's turn lasts until the worker has packed the last block.
  return new Promise<ExportAnswer>((resolve, reject) => {
    deps.heavy
      .run(userId, async () => {
        const again = kept.get(key)
        if (again) return resolve(keptAnswer(again))
        const projectName = release ? await releasedName(deps.db, project, release) : project.name
        const request = {
          kind,
          projectName,
          version: release ?? undefined,
          classPrefix,
          // The Iconify JSON package is named by the project's Iconify prefix as it is now (ADR 0021).
          iconifyPrefix,
        }
        const streamed = await streamExport(
          deps.heavy,
          { kind: 'export', request },
          (send) =>
            release
              ? readReleasePages(deps.db, project.id, release, send)
              : readIconPages(deps.db, project.id, send),
          KEPT_ENTRY_BYTES,
        )
        resolve({ ...streamed.head, body: streamed.body })
        const blocks = await streamed.done
        if (blocks) keep(streamed.head, blocks)
      })
      .catch(reject)
  })
}

/** The font's icons: the project's now or a release's set, read a page at a time. */
async function fontSet(db: Db, project: Project, release: string | null) {
  const set: { id: string; name: string; svg: string; aliases: ExportAlias[] }[] = []
  const add = (rows: { id: string; name: string; svg: string; aliases: ExportAlias[] | null }[]) => {
    for (const { id, name, svg, aliases } of rows) set.push({ id, name, svg, aliases: aliases ?? [] })
  }
  if (!release) {
    await readIconPages(db, project.id, add)
    return { set, projectName: project.name, version: undefined }
  }
  const projectName = await releasedName(db, project, release)
  await readReleasePages(db, project.id, release, add)
  return { set, projectName, version: release }
}
