// `iconvault pull`: the project's icons (now, or as of a release) into a folder, one file per icon
// plus the index, and iconvault.lock.json. Writes only files whose bytes differ, deletes only files
// its lock lists, and says what was added, changed and removed (ADR 0020). --dry-run and --check
// write nothing; --check exits 1 when the folder differs. A latest pull whose lock has a cursor
// asks only for the changes since (pull-source.ts); nothing changed is a few hundred bytes.
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { defaultClassPrefix } from '../../common/exports/class-prefix.ts'
import { countOf, formatCount } from '../../common/format-count.ts'
import type { CopyFormat } from '../../common/svg/index.ts'
import { getJson } from './api.ts'
import type { Built } from './build-files.ts'
import type { Config } from './config.ts'
import { converterStamp } from './converter-stamp.ts'
import { CliError, EXIT } from './errors.ts'
import { LOCK_FILE, type Lock, lockText, readLock, sha256 } from './lock.ts'
import { applyChanges, changesSince, cursorNow, releaseFiles, type Source, wholeList } from './pull-source.ts'
import { assertPlan, deleteInside, readPlain, writeInside } from './safe-paths.ts'

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

function ownedFiles(lock: Lock | null): Set<string> {
  return new Set(lock ? [...lock.icons.map((icon) => icon.file), ...Object.keys(lock.files)] : [])
}

/** Refuses (exit 2) a folder with files but no lock file: it is not one the CLI wrote. */
export function assertCliFolder(dir: string, lock: Lock | null = readLock(dir)) {
  if (!existsSync(dir)) return
  let entries: string[]
  try {
    if (!statSync(dir).isDirectory()) throw new Error()
    entries = readdirSync(dir)
  } catch {
    throw new CliError(EXIT.usage, `${dir} is not a folder.`)
  }
  if (lock) return
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
    const disk = readPlain(dir, file ?? '')
    return disk !== null && sha256(disk) === hash
  })
}

/** Whether a lock was written by a latest pull with these options (its cursor then applies). */
function sameOptions(
  old: Lock | null,
  opts: PullOptions,
  classPrefix: string,
  converter: string,
): old is Lock {
  return (
    !!old &&
    !opts.release &&
    old.release === 'latest' &&
    old.project === opts.project &&
    old.format === opts.format &&
    (old.approved_only ?? false) === opts.approvedOnly &&
    old.converter === converter &&
    (opts.format !== 'css' || old.class_prefix === classPrefix)
  )
}

export async function pull(config: Config, opts: PullOptions, log: (line: string) => void): Promise<number> {
  const old = readLock(opts.out)
  assertCliFolder(opts.out, old)
  // The project's name matters to CSS only (its default class prefix).
  const classPrefix =
    opts.format !== 'css'
      ? ''
      : (opts.classPrefix ??
        defaultClassPrefix(
          (await getJson<{ id: string; name: string }[]>(config, '/api/projects')).find(
            (p) => p.id === opts.project,
          )?.name ?? '',
        ))
  const src: Source = {
    config,
    project: opts.project,
    format: opts.format,
    classPrefix,
    approvedOnly: opts.approvedOnly,
  }
  // The lock's state is the cursor: ask only for what changed since, and build on the lock's icons.
  let built: Built | null = null
  let state: string | undefined
  const converter = converterStamp()
  if (sameOptions(old, opts, classPrefix, converter) && old.state) {
    const changes = await changesSince(src, old.state)
    // A folder edited by hand is drift: only the whole list can repair it.
    if (changes && folderMatches(opts.out, old)) {
      if (!changes.changed.size && !changes.removed.size) {
        log(
          `Up to date: nothing written (${countOf(old.icons.length, 'icon')}, no change since the lock, ${opts.out}).`,
        )
        return EXIT.done
      }
      built = await applyChanges(src, old, changes)
      state = changes.cursor
    }
  }
  const fromCursor = built !== null
  if (!built) {
    state = opts.release ? undefined : await cursorNow(src)
    built = opts.release ? await releaseFiles(src, opts.release) : (await wholeList(src)).built
  }
  for (const { name, error } of built.skipped) log(`skipped ${name}: ${error}`)
  const skipped = opts.release ? [] : built.skipped.flatMap(({ id }) => (id ? [id] : []))

  const lock: Lock = {
    lockfile: 1,
    project: opts.project,
    release: opts.release ?? 'latest',
    format: opts.format,
    ...(opts.format === 'css' ? { class_prefix: classPrefix } : {}),
    ...(opts.approvedOnly ? { approved_only: true } : {}),
    ...(state ? { state, converter } : {}),
    ...(skipped.length ? { skipped } : {}),
    icons: built.icons.map(({ id, name, file, sha256: hash, aliases }) => ({
      id,
      name,
      file,
      sha256: hash,
      ...(aliases ? { aliases } : {}),
    })),
    files: Object.fromEntries(built.extra.map(({ file, text }) => [file, sha256(text)])),
  }
  const wanted = new Map<string, string>([
    ...built.icons.flatMap(({ file, text }) => (text === undefined ? [] : [[file, text] as const])),
    ...built.extra.map(({ file, text }) => [file, text] as const),
  ])
  wanted.set(LOCK_FILE, lockText(lock))
  // Kept icons' files are on disk with their bytes already (folderMatches said so).
  const keptFiles = new Set(built.icons.flatMap(({ file, text }) => (text === undefined ? [file] : [])))

  // A lock that differs only in its cursor (changes that touched no file) is no difference: after
  // a pull from the cursor it is not even written (the folder's files say the same); after a whole
  // list it is (the old cursor was missing or refused: renewed).
  const withoutState = (text: string | null) => {
    if (text === null) return null
    try {
      const { state: _state, converter: _converter, list_etag: _etag, ...rest } = JSON.parse(text) as Lock
      return JSON.stringify(rest)
    } catch {
      return text
    }
  }
  // Every name the pull may write, keep or delete, checked before anything is read or written: a
  // plain file name inside the folder, absent or a regular file there (safe-paths.ts).
  assertPlan(opts.out, [...wanted.keys(), ...keptFiles, ...ownedFiles(old)])
  const diskLock = readPlain(opts.out, LOCK_FILE)?.toString('utf8') ?? null
  const stateOnly =
    diskLock !== null &&
    diskLock !== lockText(lock) &&
    withoutState(diskLock) === withoutState(lockText(lock))
  const renew = stateOnly && !fromCursor
  const writes = [...wanted].filter(([file, text]) => {
    if (file === LOCK_FILE && stateOnly) return false
    const disk = readPlain(opts.out, file)
    return !disk || sha256(disk) !== sha256(text)
  })
  const deletes = [...ownedFiles(old)].filter(
    (file) => !wanted.has(file) && !keptFiles.has(file) && readPlain(opts.out, file) !== null,
  )

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
    if (renew && !opts.check && !opts.dryRun) {
      writeInside(opts.out, LOCK_FILE, lockText(lock))
      log(
        `Up to date: no icon file changed (${countOf(lock.icons.length, 'icon')}, ${opts.out}); the lock's cursor renewed.`,
      )
    } else log(`Up to date: nothing written (${countOf(lock.icons.length, 'icon')}, ${opts.out}).`)
    return EXIT.done
  }
  for (const icon of added) log(`+ ${label(icon)}`)
  for (const icon of changed) log(`~ ${label(icon)}`)
  for (const icon of removed) log(`- ${label(icon)}`)
  // Counts as people read them (common/format-count.ts): "1 file to write", "1,209 files written".
  const counts = `${formatCount(added.length)} added, ${formatCount(changed.length)} changed, ${formatCount(removed.length)} removed`
  const summary = `${counts}; ${countOf(writes.length, 'file')} to write, ${formatCount(deletes.length)} to delete`
  const doneSummary = `${counts}; ${countOf(writes.length, 'file')} written, ${formatCount(deletes.length)} deleted`
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
  for (const [file, text] of writes.sort(([a], [b]) => (a === LOCK_FILE ? 1 : b === LOCK_FILE ? -1 : 0)))
    writeInside(opts.out, file, text)
  for (const file of deletes) deleteInside(opts.out, file)
  if (renew) writeInside(opts.out, LOCK_FILE, lockText(lock))
  log(`Pulled into ${opts.out}: ${doneSummary}.`)
  return EXIT.done
}
