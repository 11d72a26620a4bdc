// One real server process on a database kind with its own SMTP server: PGlite in a fresh data folder,
// or a fresh Postgres database (TEST_DATABASE_URL), dropped again by stop(). For process tests that
// run one suite per kind (tests/process/cli*.test.ts).
import { type AppProcess, startApp } from './app-process.ts'
import { startTestSmtp, type TestSmtp } from './smtp.ts'
import { createTestDb, type DbKind } from './test-db.ts'

export type AppOn = { app: AppProcess; smtp: TestSmtp; stop(): Promise<void> }

export async function startAppOn(kind: DbKind): Promise<AppOn> {
  const smtp = await startTestSmtp()
  const db = kind === 'postgres' ? await createTestDb('postgres') : null
  const env: Record<string, string> = { SMTP_URL: smtp.url }
  if (db && 'databaseUrl' in db.options) env.DATABASE_URL = db.options.databaseUrl
  const stopAll = async (app?: AppProcess) => {
    await app?.stop()
    await smtp.close()
    await db?.dispose()
  }
  let app: AppProcess
  try {
    app = await startApp({ env })
  } catch (error) {
    await stopAll()
    throw error
  }
  return { app, smtp, stop: () => stopAll(app) }
}
