// `iconvault pull`: the project's icons (now, or as of a release) into a folder, one file per icon
// plus the index, and iconvault.lock.json. Writes only files whose bytes differ, deletes only files
// its lock lists, and says what was added, changed and removed (ADR 0020). --dry-run and --check
// write nothing; --check exits 1 when the folder differs.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { unzipSync } from 'fflate'
import { defaultClassPrefix } from '../../common/exports/class-prefix.ts'
import type { IconRow } from '../../common/schemas/rows.ts'
import type { CopyFormat } from '../../common/svg/index.ts'
import { getJson, request } from './api.ts'
import { type BuiltIcon, buildFiles } from './build-files.ts'
import type { Config } from './config.ts'
import { CliError, EXIT } from './errors.ts'
import { LOCK_FILE, type Lock, lockText, readLock, sha256 } from './lock.ts'

export interface PullOptions {
  project: string
  format: CopyFormat
  out: string
  release?: string
  approvedOnly: boolean
  dryRun: boolean
  check: boolean
  classPrefix?: string
}

const decoder = new TextDecoder()

/** The icons of a release: the in-app export's files of that release (GET /api/projects/export). */
async function releaseFiles(config: Config, opts: PullOptions, rows: IconRow[]) {
  if (opts.format === 'css')
    throw new CliError(EXIT.usage, '--release works with svg and the package formats, not css.')
  const query = new URLSearchParams({
    project_id: opts.project,
    format: opts.format,
    release: opts.release ?? '',
  })
  const res = await request(config, `/api/projects/export?${query}`)
  const zip = unzipSync(new Uint8Array(await res.arrayBuffer()))
  const extension = opts.format === 'svg' ? '.svg' : opts.format === 'react-js' ? '.jsx' : '.tsx'
  const built = buildFiles(rows, opts.format, '')
  const idOf = new Map(built.icons.map((icon) => [icon.file, icon.id]))
  const icons: BuiltIcon[] = []
  const extra: { file: string; text: string }[] = []
  for (const [file, bytes] of Object.entries(zip).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (file === 'package.json' || file === 'README.md' || file === 'aliases.json') continue
    const text = decoder.decode(bytes)
    if (file.endsWith(extension))
      icons.push({ id: idOf.get(file) ?? null, name: file.slice(0, -extension.length), file, text })
    else extra.push({ file, text })
  }
  return { icons, extra, skipped: [] }
}

function ownedFiles(lock: Lock | null): Set<string> {
  return new Set(lock ? [...lock.icons.map((icon) => icon.file), ...Object.keys(lock.files)] : [])
}

/** Refuses (exit 2) a folder with files but no lock file: it is not one the CLI wrote. */
export function assertCliFolder(dir: string, lock: Lock | null = readLock(dir)) {
  if (lock || !existsSync(dir)) return
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    throw new CliError(EXIT.usage, `${dir} is not a folder.`)
  }
  if (entries.length)
    throw new CliError(
      EXIT.usage,
      `${dir} has files but no ${LOCK_FILE}: it is not a folder iconvault wrote. Use an empty or new folder.`,
    )
}

/** Every file the lock lists is on disk with the bytes it lists. */
function folderMatches(dir: string, lock: Lock): boolean {
  const listed = [...lock.icons.map(({ file, sha256: hash }) => [file, hash]), ...Object.entries(lock.files)]
  return listed.every(([file, hash]) => {
    const disk = readIfAny(join(dir, file ?? ''))
    return disk !== null && sha256(disk) === hash
  })
}

const readIfAny = (path: string) => {
  try {
    return readFileSync(path)
  } catch {
    return null
  }
}

export async function pull(config: Config, opts: PullOptions, log: (line: string) => void): Promise<number> {
  const old = readLock(opts.out)
  assertCliFolder(opts.out, old)
  const projects = await getJson<{ id: string; name: string }[]>(config, '/api/projects')
  const projectName = projects.find((p) => p.id === opts.project)?.name ?? ''
  const classPrefix = opts.classPrefix ?? defaultClassPrefix(projectName)
  const listPath = `/api/icons?project_id=${encodeURIComponent(opts.project)}`
  // The lock is the cursor: the same pull of an unchanged list (304) into an untouched folder is done.
  const same =
    old?.list_etag &&
    !opts.release &&
    old.release === 'latest' &&
    old.project === opts.project &&
    old.format === opts.format &&
    (old.approved_only ?? false) === opts.approvedOnly &&
    (opts.format !== 'css' || old.class_prefix === classPrefix)
  let res = await request(config, listPath, undefined, same ? { 'if-none-match': old.list_etag ?? '' } : {})
  if (res.status === 304 && old && folderMatches(opts.out, old)) {
    log(`Up to date: nothing written (${old.icons.length} icons, unchanged since the lock, ${opts.out}).`)
    return EXIT.done
  }
  if (res.status === 304) res = await request(config, listPath)
  const listEtag = res.headers.get('etag')
  const rows = ((await res.json()) as { data: IconRow[] }).data.filter(
    (row) => !opts.approvedOnly || row.icon_status === 'approved',
  )
  const built = opts.release
    ? await releaseFiles(config, opts, rows)
    : buildFiles(rows, opts.format, classPrefix)
  for (const { name, error } of built.skipped) log(`skipped ${name}: ${error}`)

  const lock: Lock = {
    lockfile: 1,
    project: opts.project,
    release: opts.release ?? 'latest',
    format: opts.format,
    ...(opts.format === 'css' ? { class_prefix: classPrefix } : {}),
    ...(opts.approvedOnly ? { approved_only: true } : {}),
    ...(listEtag && !opts.release ? { list_etag: listEtag } : {}),
    icons: built.icons.map(({ id, name, file, text }) => ({ id, name, file, sha256: sha256(text) })),
    files: Object.fromEntries(built.extra.map(({ file, text }) => [file, sha256(text)])),
  }
  const wanted = new Map<string, string>(
    [...built.icons, ...built.extra].map(({ file, text }) => [file, text]),
  )
  wanted.set(LOCK_FILE, lockText(lock))

  // A lock that differs only in its list ETag (a change that touched no file) is no difference.
  const withoutEtag = (text: string | null) => {
    if (text === null) return null
    try {
      const { list_etag: _etag, ...rest } = JSON.parse(text) as Lock
      return JSON.stringify(rest)
    } catch {
      return text
    }
  }
  const diskLock = readIfAny(join(opts.out, LOCK_FILE))?.toString('utf8') ?? null
  const etagOnly =
    diskLock !== null && diskLock !== lockText(lock) && withoutEtag(diskLock) === withoutEtag(lockText(lock))
  const writes = [...wanted].filter(([file, text]) => {
    if (file === LOCK_FILE && etagOnly) return false
    const disk = readIfAny(join(opts.out, file))
    return !disk || sha256(disk) !== sha256(text)
  })
  const deletes = [...ownedFiles(old)].filter((file) => !wanted.has(file) && existsSync(join(opts.out, file)))

  // What changed, by icon: against the lock, or, without one, everything is added.
  const before = new Map((old?.icons ?? []).map((icon) => [icon.id ?? icon.file, icon]))
  const after = new Map(lock.icons.map((icon) => [icon.id ?? icon.file, icon]))
  const added = lock.icons.filter((icon) => !before.has(icon.id ?? icon.file))
  const removed = (old?.icons ?? []).filter((icon) => !after.has(icon.id ?? icon.file))
  const changed = lock.icons.filter((icon) => {
    const was = before.get(icon.id ?? icon.file)
    return was && (was.sha256 !== icon.sha256 || was.file !== icon.file || was.name !== icon.name)
  })
  const differs = writes.length > 0 || deletes.length > 0
  const label = (icon: { name: string; file: string }) => `${icon.name} (${icon.file})`

  if (!differs) {
    if (etagOnly && !opts.check && !opts.dryRun) writeFileSync(join(opts.out, LOCK_FILE), lockText(lock))
    log(`Up to date: nothing written (${lock.icons.length} icons, ${opts.out}).`)
    return EXIT.done
  }
  for (const icon of added) log(`+ ${label(icon)}`)
  for (const icon of changed) log(`~ ${label(icon)}`)
  for (const icon of removed) log(`- ${label(icon)}`)
  const summary = `${added.length} added, ${changed.length} changed, ${removed.length} removed; ${writes.length} files to write, ${deletes.length} to delete`
  if (opts.check) {
    log(`${opts.out} differs from the project: ${summary}.`)
    return EXIT.differs
  }
  if (opts.dryRun) {
    for (const [file] of writes) log(`would write ${file}`)
    for (const file of deletes) log(`would delete ${file}`)
    log(`Dry run, nothing written: ${summary}.`)
    return EXIT.done
  }
  mkdirSync(opts.out, { recursive: true })
  // The lock last: an interrupted pull leaves the old lock, so the next run redoes what is missing.
  for (const [file, text] of writes.sort(([a], [b]) => (a === LOCK_FILE ? 1 : b === LOCK_FILE ? -1 : 0))) {
    const path = join(opts.out, file)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, text)
  }
  for (const file of deletes) rmSync(join(opts.out, file))
  if (etagOnly) writeFileSync(join(opts.out, LOCK_FILE), lockText(lock))
  log(
    `Pulled into ${opts.out}: ${summary.replace(' to write', ' written').replace(' to delete', ' deleted')}.`,
  )
  return EXIT.done
}
