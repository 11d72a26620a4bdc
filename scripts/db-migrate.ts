// `npm run db:migrate`: applies the migrations in drizzle/ to the configured database (PGlite in
// DATA_DIR, or DATABASE_URL) and exits. The server also migrates at start-up (under an advisory
// lock on Postgres); this command lets a deployment migrate once before starting its processes.
import { ConfigError, loadConfig } from '../server/config/config.ts'
import { openStore } from '../server/db/client.ts'
import { DataDirLockedError } from '../server/db/lock.ts'
import { privateDataDir, restrictUmask } from '../server/ops/private-files.ts'

async function main() {
  restrictUmask()
  const config = loadConfig()
  const started = performance.now()
  const store = await openStore(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  )
  await store.close()
  if (!config.databaseUrl) privateDataDir(config.dataDir)
  const where = config.databaseUrl ? 'Postgres' : `PGlite in ${config.dataDir}`
  console.log(`Migrations applied to ${where} in ${Math.round(performance.now() - started)} ms`)
}

main().catch((error) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError
  console.error(known ? error.message : `Migration failed: ${(error as Error).message}`)
  process.exit(1)
})
