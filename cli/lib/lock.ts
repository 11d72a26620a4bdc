// iconvault.lock.json: what the CLI wrote into a folder (ADR 0020). Its files are the only ones a
// pull ever changes or deletes; a folder with files but no lock is not the CLI's.
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import type { ExportAlias } from '../../common/exports/export-kinds.ts'
import { CliError, EXIT } from './errors.ts'
import { fileNameProblem, readPlain } from './safe-paths.ts'

export const LOCK_FILE = 'iconvault.lock.json'

interface LockIcon {
  id: string | null
  name: string
  file: string
  sha256: string
  /** Its aliases (former names), when it has any: a pull from the cursor rebuilds the index with them. */
  aliases?: ExportAlias[]
}

export interface Lock {
  lockfile: 1
  project: string
  release: string
  format: string
  /** CSS only: the class prefix the files were written with. */
  class_prefix?: string
  /** --approved-only: only approved icons were written. */
  approved_only?: boolean
  /**
   * Where the files stand in the project's changes (a cursor of GET /api/icons/changes; latest
   * pulls only): the next pull asks only for what changed since. A lock without it (or with one the
   * server refuses) is pulled whole.
   */
  state?: string
  /** The converter that built the files (converter-stamp.ts): another one pulls the project whole. */
  converter?: string
  /** Written by earlier versions (the icon list's ETag); read as no cursor. */
  list_etag?: string
  /** Icons the pull left out (their markup could not be converted): the next pull lists the project whole. */
  skipped?: string[]
  icons: LockIcon[]
  /** Files that are no icon's (the index), by name: their sha256. */
  files: Record<string, string>
}

export const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex')

const texts = new WeakMap<Lock, string>()
/** The lock file's text (made once per lock: a pull compares and writes it more than once). */
export function lockText(lock: Lock): string {
  const kept = texts.get(lock)
  if (kept !== undefined) return kept
  const text = `${JSON.stringify(lock, null, 2)}\n`
  texts.set(lock, text)
  return text
}

const HEX64 = /^[0-9a-f]{64}$/

/**
 * Why a parsed lock cannot be trusted (its first bad entry, named), or null: every file it lists
 * must be a plain file name inside the folder (safe-paths.ts), as a pull may write or delete it.
 */
export function lockProblem(lock: unknown): string | null {
  const l = lock as Partial<Lock> | null
  if (!l || typeof l !== 'object' || l.lockfile !== 1) return 'it is not version 1 of the format'
  for (const key of ['project', 'release', 'format'] as const)
    if (typeof l[key] !== 'string') return `"${key}" is not a text`
  if (!Array.isArray(l.icons)) return '"icons" is not a list'
  if (!l.files || typeof l.files !== 'object' || Array.isArray(l.files)) return '"files" is not an object'
  const name = (file: unknown) => (file === LOCK_FILE ? 'is the lock file itself' : fileNameProblem(file))
  for (const [i, icon] of l.icons.entries()) {
    const at = `icons[${i}]`
    if (!icon || typeof icon !== 'object') return `${at} is not an object`
    const problem = name(icon.file)
    if (problem) return `${at}.file ${JSON.stringify(icon.file)} ${problem}`
    if (typeof icon.sha256 !== 'string' || !HEX64.test(icon.sha256)) return `${at}.sha256 is not a sha256`
    if (typeof icon.name !== 'string') return `${at}.name is not a text`
    if (icon.id !== null && typeof icon.id !== 'string') return `${at}.id is not a text or null`
    if (icon.aliases !== undefined && !Array.isArray(icon.aliases)) return `${at}.aliases is not a list`
  }
  for (const [file, hash] of Object.entries(l.files)) {
    const problem = name(file)
    if (problem) return `files ${JSON.stringify(file)} ${problem}`
    if (typeof hash !== 'string' || !HEX64.test(hash)) return `files[${JSON.stringify(file)}] is not a sha256`
  }
  return null
}

/** The folder's lock, null when it has none; a lock that cannot be trusted is refused (exit 2). */
export function readLock(dir: string): Lock | null {
  let bytes: Buffer | null
  try {
    bytes = readPlain(dir, LOCK_FILE)
  } catch (error) {
    if (error instanceof CliError) throw error
    return null
  }
  if (!bytes) return null
  let lock: unknown
  try {
    lock = JSON.parse(bytes.toString('utf8'))
  } catch {
    lock = null
  }
  const problem = lockProblem(lock)
  if (problem)
    throw new CliError(
      EXIT.usage,
      `${join(dir, LOCK_FILE)} is not a lock iconvault can trust: ${problem}. Refusing to touch the folder; fix or delete the lock.`,
    )
  return lock as Lock
}
