// What a pull builds from (ADR 0020): the project's changes since the lock's cursor (GET
// /api/icons/changes, applied to the lock's icons), or the whole icon list under a cursor taken
// just before it, or a release's export. Only the changes path reads the lock's icons.
import { iconChangesAnswer, iconRowsAnswer } from '../../common/schemas/answers.ts'
import type { IconChanges } from '../../common/schemas/icon-changes.ts'
import type { IconRow } from '../../common/schemas/rows.ts'
import type { CopyFormat } from '../../common/svg/index.ts'
import { getJson, request } from './api.ts'
import type { Built, BuiltIcon, FileSink, PullIcon } from './build-files.ts'
import type { Config } from './config.ts'
import { CliError, EXIT } from './errors.ts'
import { LOCK_FILE, type Lock, sha256 } from './lock.ts'
import { assertFileName } from './safe-paths.ts'

export interface Source {
  config: Config
  project: string
  format: CopyFormat
  classPrefix: string
  approvedOnly: boolean
}

const decoder = new TextDecoder()
/** The SVG converters load only when a file is to be built: a pull with nothing changed starts faster. */
const builder = async () => (await import('./build-files.ts')).buildFiles
const changesPath = (project: string, since?: string) =>
  `/api/icons/changes?project_id=${encodeURIComponent(project)}${since ? `&since=${encodeURIComponent(since)}` : ''}`

/** The project's cursor now: taken before its list, so a change the list missed comes again next time. */
export const cursorNow = async (src: Source) =>
  (await getJson(src.config, changesPath(src.project), iconChangesAnswer)).cursor

/** The whole list, built (each file sent to `sink` as it is made). */
export async function wholeList(src: Source, sink?: FileSink): Promise<{ rows: IconRow[]; built: Built }> {
  const listed = await getJson(
    src.config,
    `/api/icons?project_id=${encodeURIComponent(src.project)}`,
    iconRowsAnswer,
  )
  const rows = listed.filter((row) => !src.approvedOnly || row.icon_status === 'approved')
  return { rows, built: (await builder())(rows, src.format, src.classPrefix, sink)! }
}

export type Changes = { changed: Map<string, IconRow>; removed: Set<string>; cursor: string }

/** Every page of changes since `since`; null when the server refuses the cursor (400, 410). */
export async function changesSince(src: Source, since: string): Promise<Changes | null> {
  const out: Changes = { changed: new Map(), removed: new Set(), cursor: since }
  for (;;) {
    let page: IconChanges
    try {
      page = await getJson(src.config, changesPath(src.project, out.cursor), iconChangesAnswer)
    } catch (error) {
      // A cursor the server no longer keeps, or one it does not take (another project's): start afresh.
      if (error instanceof CliError && (error.code === 'cursor_expired' || error.code === 'invalid'))
        return null
      throw error
    }
    for (const id of page.removed) {
      out.removed.add(id)
      out.changed.delete(id)
    }
    for (const row of page.changed) {
      out.changed.set(row.id, row)
      out.removed.delete(row.id)
    }
    out.cursor = page.cursor
    if (!page.more) return out
  }
}

/**
 * The rows a pull from the cursor builds: the lock's icons the changes left alone (kept: their file
 * and its sha256, no markup) and the changed rows; null when only the whole list can say (an icon
 * left out before or without an id, a new name equal to a kept icon's). Pure: unit-tested.
 */
export function rowsWithChanges(lock: Lock, changes: Changes, approvedOnly: boolean): PullIcon[] | null {
  if (lock.skipped?.length || lock.icons.some((icon) => !icon.id)) return null
  const incoming = [...changes.changed.values()].filter(
    (row) => !approvedOnly || row.icon_status === 'approved',
  )
  const kept: PullIcon[] = lock.icons
    .filter((icon) => !changes.changed.has(icon.id!) && !changes.removed.has(icon.id!))
    .map((icon) => ({
      id: icon.id,
      name: icon.name,
      svg: '',
      aliases: icon.aliases ?? [],
      kept: { file: icon.file, sha256: icon.sha256 },
    }))
  // Icons of one name are ordered by their markup, which the lock does not keep.
  const keptNames = new Set(kept.map((icon) => icon.name))
  if (incoming.some((row) => keptNames.has(row.name))) return null
  return [...kept, ...incoming]
}

/**
 * The lock's icons with the changes applied, built; null when only the whole list can say
 * (rowsWithChanges, or a kept icon whose file name would change: build-files.ts).
 */
export async function applyChanges(src: Source, lock: Lock, changes: Changes): Promise<Built | null> {
  const rows = rowsWithChanges(lock, changes, src.approvedOnly)
  return rows && (await builder())(rows, src.format, src.classPrefix)
}

/** A release export is refused past these sizes: a hostile server cannot fill the disk or the memory. */
const MAX_EXPORT_BYTES = 512 * 1024 * 1024
const MAX_ENTRY_BYTES = 16 * 1024 * 1024
const MAX_UNZIPPED_BYTES = 1024 * 1024 * 1024
const tooBig = (what: string, max: number) =>
  new CliError(
    EXIT.usage,
    `The release export is too large (${what} over ${max / 1024 / 1024} MiB): refused.`,
  )

/** The answer's bytes, refused (before all of it is held) once past `max`. */
async function readBounded(res: Response, max: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? 0)
  if (declared > max) throw tooBig('the download', max)
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = res.body?.getReader()
  for (;;) {
    const next = await reader?.read()
    if (!next || next.done) break
    size += next.value.byteLength
    if (size > max) {
      await reader?.cancel().catch(() => {})
      throw tooBig('the download', max)
    }
    chunks.push(next.value)
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.byteLength
  }
  return out
}

/** Unzips, refusing an entry or a whole that would unpack past the limits (by the sizes it declares). */
function unzipBounded(unzip: typeof import('fflate').unzipSync, bytes: Uint8Array) {
  let total = 0
  return unzip(bytes, {
    filter: (file) => {
      total += file.originalSize
      if (file.originalSize > MAX_ENTRY_BYTES)
        throw tooBig(`the entry ${JSON.stringify(file.name)}`, MAX_ENTRY_BYTES)
      if (total > MAX_UNZIPPED_BYTES) throw tooBig('its unpacked files', MAX_UNZIPPED_BYTES)
      return true
    },
  })
}

/** The icons of a release: the in-app export's files of that release (GET /api/projects/export). */
export async function releaseFiles(src: Source, release: string): Promise<Built> {
  if (src.format === 'css')
    throw new CliError(EXIT.usage, '--release works with svg and the package formats, not css.')
  const query = new URLSearchParams({ project_id: src.project, format: src.format, release })
  const res = await request(src.config, `/api/projects/export?${query}`)
  const { unzipSync } = await import('fflate')
  const zip = unzipBounded(unzipSync, await readBounded(res, MAX_EXPORT_BYTES))
  // Every entry is a name from the server: a plain file name, or the whole export is refused.
  for (const entry of Object.keys(zip)) {
    assertFileName(entry, 'The release export (a ZIP entry)')
    if (entry === LOCK_FILE)
      throw new CliError(EXIT.usage, `The release export holds ${LOCK_FILE}, the lock's own name: refused.`)
  }
  const { rows } = await wholeList({ ...src, approvedOnly: false })
  const extension = src.format === 'svg' ? '.svg' : src.format === 'react-js' ? '.jsx' : '.tsx'
  const built = (await builder())(rows, src.format, '')!
  const idOf = new Map(built.icons.map((icon) => [icon.file, icon.id]))
  const icons: BuiltIcon[] = []
  const extra: { file: string; text: string }[] = []
  for (const [file, bytes] of Object.entries(zip).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (file === 'package.json' || file === 'README.md' || file === 'aliases.json') continue
    const text = decoder.decode(bytes)
    if (file.endsWith(extension))
      icons.push({
        id: idOf.get(file) ?? null,
        name: file.slice(0, -extension.length),
        file,
        text,
        sha256: sha256(text),
      })
    else extra.push({ file, text })
  }
  return { icons, extra, skipped: [] }
}
