// DATA_DIR holds the database, the generated auth secret, the dev mailbox's sign-in links and the
// backup socket: readable by the app's own user only (folders 0700, files 0600), whatever the umask
// it was started with (ADR 0007). The process umask is made 077 at start (the database thread and
// PGlite inherit it: umask is per process), and what exists already (a template copied with its own
// modes, PGlite's initial files, which it writes 0666 whatever the umask, a DATA_DIR made by an older
// version) is chmodded: DATA_DIR itself and what the app keeps there, not whatever else an operator
// put in it (DATA_DIR=$HOME must not chmod a home folder), which the 0700 folder keeps out of reach.
import { chmodSync, lstatSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** No permission for group or others on anything created from now on. */
const PRIVATE_UMASK = 0o077

/** Makes the process umask 077; call first thing in an entry point (not allowed in worker threads). */
export function restrictUmask(): void {
  process.umask(PRIVATE_UMASK)
}

const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * Folders 0700, files (and sockets) 0600 under `path`, itself included; symbolic links are left
 * alone (not followed). A missing path, or an entry that disappears meanwhile, is skipped.
 */
function makePrivate(path: string): void {
  let stat: ReturnType<typeof lstatSync>
  try {
    stat = lstatSync(path)
  } catch (error) {
    if (gone(error)) return
    throw error
  }
  if (stat.isSymbolicLink()) return
  const wanted = stat.isDirectory() ? 0o700 : 0o600
  try {
    if ((stat.mode & 0o777) !== wanted) chmodSync(path, wanted)
    if (stat.isDirectory()) for (const name of readdirSync(path)) makePrivate(join(path, name))
  } catch (error) {
    if (!gone(error)) throw error
  }
}

/** What the app keeps in DATA_DIR: the database (and copies set aside by a restore), mails, secret, lock, socket. */
const isAppEntry = (name: string) =>
  name === 'pglite' ||
  name.startsWith('pglite.') ||
  ['mail', 'auth-secret', 'iconvault.lock', 'iconvault.sock'].includes(name)

/** DATA_DIR 0700 and the app's entries in it private (makePrivate); nothing when it does not exist yet. */
export function privateDataDir(dataDir: string): void {
  try {
    chmodSync(dataDir, 0o700)
  } catch (error) {
    if (gone(error)) return
    throw error
  }
  for (const name of readdirSync(dataDir)) if (isAppEntry(name)) makePrivate(join(dataDir, name))
}

/** Whether only the owner may enter `dir` (no group or other bits). */
export function isPrivateDir(dir: string): boolean {
  return (lstatSync(dir).mode & 0o077) === 0
}
