// `iconvault pull`: the project's icons (now, or as of a release) into a folder, one file per icon
// plus the index, and iconvault.lock.json. Writes only files whose bytes differ, deletes only files
// its lock lists, and says what was added, changed and removed (ADR 0020). --dry-run and --check
// write nothing; --check exits 1 when the folder differs. A latest pull whose lock has a cursor
// asks only for the changes since (pull-source.ts); nothing changed is a few hundred bytes.
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { defaultClassPrefix } from '../../common/exports/class-prefix.ts'
import { countOf, formatCount } from '../../common/format-count.ts'
import { projectNamesAnswer } from '../../common/schemas/answers.ts'
import type { CopyFormat } from '../../common/svg/index.ts'
import { getJson } from './api.ts'
import type { Built, FileSink } from './build-files.ts'
import type { Config } from './config.ts'
import { converterStamp } from './converter-stamp.ts'
import { CliError, EXIT } from './errors.ts'
import { LOCK_FILE, type Lock, lockText, readLock, sha256 } from './lock.ts'
import { lockFor, planPull, sameOptions, touchedFiles } from './pull-plan.ts'
import { applyChanges, changesSince, cursorNow, releaseFiles, type Source, wholeList } from './pull-source.ts'
import { assertPlan, deleteInside, namesIn, readPlain, writeInside } from './safe-paths.ts'
import { THREADED_FROM, threadedWrites, writeFiles } from './write-files.ts'

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

/** Lines said a block at a time: a pull of 50,000 icons makes 50 writes to stdout, not 50,000. */
function logLines(log: (line: string) => void, lines: readonly string[]) {
  for (let at = 0; at < lines.length; at += 1_000) log(lines.slice(at, at + 1_000).join('\n'))
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
          (await getJson(config, '/api/projects', projectNamesAnswer)).find((p) => p.id === opts.project)
            ?.name ?? '',
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
  // One listing of the folder says which names need a look at all (below).
  const present = namesIn(opts.out)
  const early = !built && !old && !opts.release && !opts.dryRun && !opts.check && !present.size
  const sent = early ? firstPullWrites(opts.out, present) : null
  try {
    if (!built) {
      state = opts.release ? undefined : await cursorNow(src)
      built = opts.release ? await releaseFiles(src, opts.release) : (await wholeList(src, sent?.sink)).built
    }
    return await finish(built)
  } catch (error) {
    await sent?.abort()
    throw error
  }

  async function finish(built: Built): Promise<number> {
    for (const { name, error } of built.skipped) log(`skipped ${name}: ${error}`)
    const lock = lockFor(opts, built, { classPrefix, state, converter })
    // Every name the pull may write, keep or delete, checked before anything is read or written: a
    // plain file name inside the folder, absent or a regular file there (safe-paths.ts).
    assertPlan(opts.out, touchedFiles(old, lock, built), present)
    const { writes, deletes, added, changed, removed, renew } = planPull({
      old,
      lock,
      built,
      fromCursor,
      disk: (file) => (present.has(file) ? readPlain(opts.out, file) : null),
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
    logLines(log, [
      ...added.map((icon) => `+ ${label(icon)}`),
      ...changed.map((icon) => `~ ${label(icon)}`),
      ...removed.map((icon) => `- ${label(icon)}`),
    ])
    // Counts as people read them (common/format-count.ts): "1 file to write", "1,209 files written".
    const counts = `${formatCount(added.length)} added, ${formatCount(changed.length)} changed, ${formatCount(removed.length)} removed`
    const summary = `${counts}; ${countOf(writes.length, 'file')} to write, ${formatCount(deletes.length)} to delete`
    const doneSummary = `${counts}; ${countOf(writes.length, 'file')} written, ${formatCount(deletes.length)} deleted`
    if (opts.check) {
      log(`${opts.out} differs from the project: ${summary}.`)
      return EXIT.differs
    }
    if (opts.dryRun) {
      logLines(log, [
        ...writes.map(([file]) => `would write ${file}`),
        ...deletes.map((file) => `would delete ${file}`),
      ])
      log(`Dry run, nothing written: ${summary}.`)
      return EXIT.done
    }
    mkdirSync(opts.out, { recursive: true })
    // The lock last (planPull's order): an interrupted pull leaves the old lock, so the next run
    // redoes what is missing. Files a first pull sent as they were made are waited for first.
    await sent?.close()
    await writeFiles(opts.out, sent ? writes.filter(([file]) => !sent.written.has(file)) : writes, present)
    for (const file of deletes) deleteInside(opts.out, file)
    if (renew) writeInside(opts.out, LOCK_FILE, lockText(lock))
    log(`Pulled into ${opts.out}: ${doneSummary}.`)
    return EXIT.done
  }
}

/**
 * A first pull into a new or empty folder: its icon files go to writer threads as soon as each is
 * converted, so the disk works while the rest are (ADR 0020). Every name is checked before the first
 * file is sent (a plain file name; the folder held nothing); a small pull is left to writeFiles.
 */
function firstPullWrites(dir: string, present: ReadonlySet<string>) {
  let writes: ReturnType<typeof threadedWrites> | null = null
  const written = new Set<string>()
  const sink: FileSink = {
    names(files) {
      if (files.length < THREADED_FROM) return
      assertPlan(dir, files, present)
      mkdirSync(dir, { recursive: true })
      writes = threadedWrites(dir, present)
    },
    text(file, text) {
      if (!writes) return
      writes.add(file, text)
      written.add(file)
    },
  }
  return {
    sink,
    written,
    close: async () => writes?.close(),
    abort: async () => writes?.abort(),
  }
}
