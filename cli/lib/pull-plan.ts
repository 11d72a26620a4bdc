// What a pull does to its folder, decided without touching it (ADR 0020): the lock it will write, the
// files to write (bytes that differ) and to delete (only files the old lock lists), and what changed
// by icon. Pure: the folder is read through `disk`, so the plan is unit-tested; pull.ts carries it out.
import type { CopyFormat } from '../../common/svg/index.ts'
import type { Built } from './build-files.ts'
import { LOCK_FILE, type Lock, lockText, sha256 } from './lock.ts'

/** The options of a pull that the lock records. */
export interface LockOptions {
  project: string
  format: CopyFormat
  release?: string
  approvedOnly: boolean
}

/** The files a lock says the CLI wrote: the only ones a pull may change or delete. */
export function ownedFiles(lock: Lock | null): Set<string> {
  return new Set(lock ? [...lock.icons.map((icon) => icon.file), ...Object.keys(lock.files)] : [])
}

/** Whether a lock was written by a latest pull with these options (its cursor then applies). */
export function sameOptions(
  old: Lock | null,
  opts: LockOptions,
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

/** The lock a pull writes for what it built; `state` (the cursor) only for a latest pull. */
export function lockFor(
  opts: LockOptions,
  built: Built,
  at: { classPrefix: string; state?: string; converter: string },
): Lock {
  // A release is what it is: no icon left out is worth a whole list next time.
  const skipped = opts.release ? [] : built.skipped.flatMap(({ id }) => (id ? [id] : []))
  return {
    lockfile: 1,
    project: opts.project,
    release: opts.release ?? 'latest',
    format: opts.format,
    ...(opts.format === 'css' ? { class_prefix: at.classPrefix } : {}),
    ...(opts.approvedOnly ? { approved_only: true } : {}),
    ...(at.state ? { state: at.state, converter: at.converter } : {}),
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
}

type LockedIcon = Lock['icons'][number]

export interface PullPlan {
  /** Files to write with their text, the lock last. */
  writes: [file: string, text: string][]
  /** Files of the old lock that nothing wants any more and are on disk. */
  deletes: string[]
  added: LockedIcon[]
  changed: LockedIcon[]
  removed: LockedIcon[]
  /** The lock on disk differs from the new one in its cursor only: no difference in the files. */
  stateOnly: boolean
  /** Write the lock anyway (a whole list renewed a cursor that was missing or refused). */
  renew: boolean
}

/** A lock's text without its cursor (and what only the cursor concerns), to compare two locks. */
function withoutState(text: string | null) {
  if (text === null) return null
  try {
    const { state: _state, converter: _converter, list_etag: _etag, ...rest } = JSON.parse(text) as Lock
    return JSON.stringify(rest)
  } catch {
    return text
  }
}

/**
 * What a pull writes and deletes: `disk(file)` is the file's bytes in the folder, null when absent.
 * `fromCursor`: the files were built from the lock's cursor (kept icons are on disk already).
 */
export function planPull(p: {
  old: Lock | null
  lock: Lock
  built: Built
  fromCursor: boolean
  disk: (file: string) => Uint8Array | null
}): PullPlan {
  const { old, lock, built, disk } = p
  const wanted = wantedFiles(lock, built)
  const keptFiles = keptOf(built)
  const text = (bytes: Uint8Array | null) => (bytes === null ? null : Buffer.from(bytes).toString('utf8'))
  // A lock that differs only in its cursor (changes that touched no file) is no difference: after
  // a pull from the cursor it is not even written (the folder's files say the same); after a whole
  // list it is (the old cursor was missing or refused: renewed).
  const diskLock = text(disk(LOCK_FILE))
  const stateOnly =
    diskLock !== null &&
    diskLock !== lockText(lock) &&
    withoutState(diskLock) === withoutState(lockText(lock))
  const writes = [...wanted]
    .filter(([file, want]) => {
      if (file === LOCK_FILE && stateOnly) return false
      const bytes = disk(file)
      return !bytes || sha256(bytes) !== sha256(want)
    })
    // The lock last: an interrupted pull leaves the old lock, so the next run redoes what is missing.
    .sort(([a], [b]) => (a === LOCK_FILE ? 1 : b === LOCK_FILE ? -1 : 0))
  const deletes = [...ownedFiles(old)].filter(
    (file) => !wanted.has(file) && !keptFiles.has(file) && disk(file) !== null,
  )
  // What changed, by icon: against the lock, or, without one, everything is added.
  const key = (icon: LockedIcon) => icon.id ?? icon.file
  const before = new Map((old?.icons ?? []).map((icon) => [key(icon), icon]))
  const after = new Map(lock.icons.map((icon) => [key(icon), icon]))
  const added = lock.icons.filter((icon) => !before.has(key(icon)))
  const removed = (old?.icons ?? []).filter((icon) => !after.has(key(icon)))
  const changed = lock.icons.filter((icon) => {
    const was = before.get(key(icon))
    return !!was && (was.sha256 !== icon.sha256 || was.file !== icon.file || was.name !== icon.name)
  })
  return { writes, deletes, added, changed, removed, stateOnly, renew: stateOnly && !p.fromCursor }
}

/** The files the pull wants with their text (kept icons' files excepted), the lock included. */
function wantedFiles(lock: Lock, built: Built): Map<string, string> {
  const wanted = new Map<string, string>([
    ...built.icons.flatMap(({ file, text }) => (text === undefined ? [] : [[file, text] as const])),
    ...built.extra.map(({ file, text }) => [file, text] as const),
  ])
  wanted.set(LOCK_FILE, lockText(lock))
  return wanted
}

/** Kept icons' files: on disk with their bytes already (the pull checked the folder against the lock). */
const keptOf = (built: Built) =>
  new Set(built.icons.flatMap(({ file, text }) => (text === undefined ? [file] : [])))

/** Every name the pull may write, keep or delete (to check before anything is read or written). */
export function touchedFiles(old: Lock | null, lock: Lock, built: Built): string[] {
  return [...wantedFiles(lock, built).keys(), ...keptOf(built), ...ownedFiles(old)]
}
