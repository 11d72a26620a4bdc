// `npm run restore -- FILE`: replaces the embedded database in DATA_DIR with a backup made by
// `npm run backup`. Refused while a server runs on DATA_DIR. The backup is loaded into a new folder
// and checked first; only then is the current database set aside (pglite.before-restore-<time>)
// and the restored one put in its place, so a bad file leaves everything as it was.
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { ConfigError, loadConfig } from '../server/config/config.ts'
import { lockDataDir } from '../server/db/lock.ts'
import { privateDataDir, restrictUmask } from '../server/ops/private-files.ts'

async function main() {
  restrictUmask()
  const file = process.argv[2]
  if (!file) throw new ConfigError('Usage: npm run restore -- FILE')
  const config = loadConfig()
  if (config.databaseUrl)
    throw new ConfigError('DATABASE_URL is set: restore Postgres with pg_restore (see docs/operations.md).')
  const source = resolve(file)
  if (!existsSync(source)) throw new ConfigError(`No such backup file: ${source}`)
  const release = lockDataDir(config.dataDir)
  const live = join(config.dataDir, 'pglite')
  const incoming = join(config.dataDir, 'pglite.restoring')
  try {
    rmSync(incoming, { recursive: true, force: true })
    const pglite = await PGlite.create(incoming, { loadDataDir: new Blob([readFileSync(source)]) })
    const { rows } = await pglite.query<{ n: number }>('select count(*)::int as n from pg_tables')
    await pglite.close()
    if (!rows[0]?.n) throw new Error('the backup holds no tables')
    const aside = `${live}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    if (existsSync(live)) renameSync(live, aside)
    renameSync(incoming, live)
    privateDataDir(config.dataDir)
    console.log(
      `Restored ${source} into ${config.dataDir}${existsSync(aside) ? ` (previous database kept in ${aside})` : ''}`,
    )
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true })
    throw error
  } finally {
    release()
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `Restore failed: ${(error as Error).message}`)
  process.exit(1)
})
