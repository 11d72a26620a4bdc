// The one rule for every path the CLI reads, writes or deletes in a pull's folder (ADR 0020): a
// name from outside (a ZIP entry, the lock file, a name in an answer) must be a plain file name
// directly inside the folder (the formats have no sub-folders): no `..`, no absolute or drive path,
// no `/` or `\`, no NUL or other control character, no hidden or Windows device name. The file it
// names must be absent or a regular file (checked with lstat: a symlink is never followed), and it
// is written to a temporary file of the same folder renamed over it, so the write replaces the entry
// itself and never lands wherever a link points. A name the folder did not hold when the pull listed
// it is created exclusively instead (O_CREAT | O_EXCL: a link or file that appeared since is never
// opened, the pull stops), so a first pull costs one open a file.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  type Stats,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { CliError, EXIT } from './errors.ts'

/** NUL and the other control characters (below space, and DEL). */
const hasControl = (name: string) => Array.from(name).some((c) => c < ' ' || c === '\u007f')
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i

/** Why `name` is not a plain file name directly inside a folder; null when it is one. */
export function fileNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name === '') return 'is empty or not a text'
  if (hasControl(name)) return 'holds a NUL or control character'
  if (name.includes('/') || name.includes('\\')) return 'has a folder in it (/ or \\)'
  if (name.includes(':')) return 'has a drive letter or colon'
  if (name.startsWith('.')) return 'starts with a dot (.., a hidden file)'
  if (WINDOWS_DEVICE.test(name)) return 'is a device name on Windows'
  if (/[ .]$/.test(name)) return 'ends with a dot or a space'
  if (Buffer.byteLength(name) > 255) return 'is longer than 255 bytes'
  return null
}

/** Refuses (exit 2) a name that is not a plain file name; `what` says where it came from. */
export function assertFileName(name: unknown, what: string): asserts name is string {
  const problem = fileNameProblem(name)
  if (problem)
    throw new CliError(
      EXIT.usage,
      `${what} names ${JSON.stringify(name)}, which ${problem}: iconvault writes and deletes only plain files directly inside its folder. Nothing was written or deleted.`,
    )
}

const refusal = (path: string, kind: string) =>
  new CliError(
    EXIT.usage,
    `${path} is ${kind}: iconvault writes only plain files and never follows links. Remove it and pull again; nothing was written or deleted.`,
  )
const kindOf = (stat: Stats) =>
  stat.isSymbolicLink() ? 'a symbolic link' : stat.isDirectory() ? 'a folder' : 'not a regular file'

/** Whether `name` is in `dir` as a regular file (false: absent); refuses (exit 2) anything else. */
function isPlainFile(dir: string, name: string): boolean {
  assertFileName(name, 'The pull')
  const path = join(dir, name)
  let stat: Stats
  try {
    stat = lstatSync(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
  if (!stat.isFile()) throw refusal(path, kindOf(stat))
  return true
}

/** The names in `dir` now (none when it does not exist): what a pull need not look for one by one. */
export function namesIn(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set()
    throw error
  }
}

/**
 * Checks every name and what it names on disk before anything is written or deleted (all or
 * nothing); with `present` (namesIn), only the names the folder holds are looked at.
 */
export function assertPlan(dir: string, names: Iterable<string>, present?: ReadonlySet<string>) {
  for (const name of names)
    if (!present || present.has(name)) isPlainFile(dir, name)
    else assertFileName(name, 'The pull')
}

/** The bytes of `name` in `dir`, or null when absent; refuses (exit 2) anything but a regular file. */
export function readPlain(dir: string, name: string): Buffer | null {
  assertFileName(name, 'The pull')
  const path = join(dir, name)
  let fd: number
  try {
    // O_NOFOLLOW: a link in the file's place fails to open (ELOOP) instead of being read through.
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return null
    if (code === 'ELOOP') throw refusal(path, 'a symbolic link')
    throw error
  }
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) throw refusal(path, kindOf(stat))
    return readFileSync(fd)
  } finally {
    closeSync(fd)
  }
}

let counter = 0

/** Writes `text` as `name` in `dir`: a new temporary file of that folder, renamed over the name. */
export function writeInside(dir: string, name: string, text: string | Uint8Array) {
  isPlainFile(dir, name)
  const temp = join(dir, `.iconvault-${process.pid}-${counter++}.tmp`)
  const fd = openSync(temp, 'wx', 0o666)
  try {
    writeFileSync(fd, text)
  } finally {
    closeSync(fd)
  }
  try {
    renameSync(temp, join(dir, name))
  } catch (error) {
    unlinkSync(temp)
    throw error
  }
}

/** How a new name is opened: created, exclusively (a name taken since fails), never through a link. */
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW

const appeared = (path: string, error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'EEXIST'
    ? new CliError(
        EXIT.usage,
        `${path} appeared during the pull: iconvault writes only over files it checked first, and never follows links. Pull again.`,
      )
    : error

/**
 * writeInside for a name the folder did not hold when listed (namesIn): created exclusively, never
 * through whatever took its place since (refused, exit 2).
 */
export async function createInside(dir: string, name: string, text: string) {
  assertFileName(name, 'The pull')
  const path = join(dir, name)
  try {
    await writeFile(path, text, { flag: CREATE_FLAGS, mode: 0o666 })
  } catch (error) {
    throw appeared(path, error)
  }
}

/** createInside holding the thread: for the pull's writer threads (write-worker.ts). */
export function createInsideSync(dir: string, name: string, text: string | Uint8Array) {
  assertFileName(name, 'The pull')
  const path = join(dir, name)
  let fd: number
  try {
    fd = openSync(path, CREATE_FLAGS, 0o666)
  } catch (error) {
    throw appeared(path, error)
  }
  try {
    writeFileSync(fd, text)
  } finally {
    closeSync(fd)
  }
}

/** writeInside without holding the thread: the same checks, the temporary file renamed over. */
export async function replaceInside(dir: string, name: string, text: string) {
  isPlainFile(dir, name)
  const temp = join(dir, `.iconvault-${process.pid}-${counter++}.tmp`)
  await writeFile(temp, text, { flag: 'wx', mode: 0o666 })
  try {
    await rename(temp, join(dir, name))
  } catch (error) {
    await unlink(temp)
    throw error
  }
}

/** Deletes `name` in `dir`; absent is done. */
export function deleteInside(dir: string, name: string) {
  if (isPlainFile(dir, name)) unlinkSync(join(dir, name))
}
