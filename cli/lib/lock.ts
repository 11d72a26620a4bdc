// iconvault.lock.json: what the CLI wrote into a folder (ADR 0020). Its files are the only ones a
// pull ever changes or deletes; a folder with files but no lock is not the CLI's.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ExportAlias } from '../../common/exports/export-kinds.ts'
import { CliError, EXIT } from './errors.ts'

export const LOCK_FILE = 'iconvault.lock.json'

export interface LockIcon {
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
