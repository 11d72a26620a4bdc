// iconvault.lock.json: what the CLI wrote into a folder (ADR 0020). Its files are the only ones a
// pull ever changes or deletes; a folder with files but no lock is not the CLI's.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CliError, EXIT } from './errors.ts'

export const LOCK_FILE = 'iconvault.lock.json'

export interface LockIcon {
  id: string | null
  name: string
  file: string
  sha256: string
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
   * The ETag of the project's icon list the files were built from: the next pull sends it, and a 304
   * with the folder still matching this lock is "up to date" without downloading the list.
   */
  list_etag?: string
  icons: LockIcon[]
  /** Files that are no icon's (the index), by name: their sha256. */
  files: Record<string, string>
}

export const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex')

export const lockText = (lock: Lock) => `${JSON.stringify(lock, null, 2)}\n`

export function readLock(dir: string): Lock | null {
  let text: string
  try {
    text = readFileSync(join(dir, LOCK_FILE), 'utf8')
  } catch {
    return null
  }
  try {
    const lock = JSON.parse(text) as Lock
    if (lock?.lockfile !== 1 || !Array.isArray(lock.icons) || typeof lock.files !== 'object')
      throw new Error()
    return lock
  } catch {
    throw new CliError(
      EXIT.usage,
      `${join(dir, LOCK_FILE)} is not an iconvault lock file: refusing to touch the folder.`,
    )
  }
}
