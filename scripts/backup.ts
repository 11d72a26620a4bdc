// `npm run backup -- FILE`: a consistent backup of the embedded database (PGlite in DATA_DIR) as a
// gzipped data-dir tarball, written whole or not at all (a temporary file renamed into place).
// While the server runs it is taken from the live database through its control socket; otherwise
// the database is opened here (under the same lock the server takes). With DATABASE_URL, use
// pg_dump (docs/operations.md, "Backups").
import { renameSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { ConfigError, loadConfig } from '../server/config/config.ts'
import { DataDirLockedError, lockDataDir } from '../server/db/lock.ts'
import { requestBackup } from '../server/ops/control-socket.ts'
import { restrictUmask } from '../server/ops/private-files.ts'

async function dumpHere(dataDir: string): Promise<Buffer> {
  const release = lockDataDir(dataDir)
  try {
    const pglite = await PGlite.create(resolve(dataDir, 'pglite'))
    try {
      return Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer())
    } finally {
      await pglite.close()
    }
  } finally {
    release()
  }
}

async function main() {
  restrictUmask()
  const file = process.argv[2]
  if (!file) throw new ConfigError('Usage: npm run backup -- FILE')
  const config = loadConfig()
  if (config.databaseUrl)
    throw new ConfigError('DATABASE_URL is set: back Postgres up with pg_dump (see docs/operations.md).')
  let data: Buffer
  let from: string
  try {
    data = await dumpHere(config.dataDir)
    from = 'the database (no server running)'
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    data = await requestBackup(config.dataDir)
    from = 'the running server'
  }
  const target = resolve(file)
  const partial = `${target}.partial`
  try {
    writeFileSync(partial, data, { mode: 0o600 })
    renameSync(partial, target)
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  }
  console.log(
    `Backed up ${config.dataDir} from ${from} to ${target} (${data.length.toLocaleString('en')} bytes)`,
  )
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`)
  process.exit(1)
})
