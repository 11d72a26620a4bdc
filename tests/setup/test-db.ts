// A throwaway, migrated database for one test file: PGlite loaded from the template, or a
// fresh database on the Postgres server of TEST_DATABASE_URL (dropped again afterwards).
import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { type OpenOptions, openStore, type Store } from '../../server/db/client.ts'
import { TEMPLATE_FILE } from './paths.ts'

export type DbKind = 'pglite' | 'postgres'

/** The database kinds to run integration tests on: PGlite always, Postgres when configured. */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

export type TestDb = { kind: DbKind; options: OpenOptions; dispose(): Promise<void> }

export async function createTestDb(kind: DbKind): Promise<TestDb> {
  if (kind === 'pglite') {
    const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(TEMPLATE_FILE)]) })
    return { kind, options: { pglite }, dispose: async () => {} }
  }
  const adminUrl = process.env.TEST_DATABASE_URL!
  const name = `iconvault_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${pg.escapeIdentifier(name)}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    kind,
    options: { databaseUrl: url.toString() },
    dispose: async () => {
      const a = new pg.Client({ connectionString: adminUrl })
      await a.connect()
      await a.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`)
      await a.end()
    },
  }
}

/** Opens a migrated store on a throwaway database. */
export async function createTestStore(kind: DbKind): Promise<Store & { dispose(): Promise<void> }> {
  const testDb = await createTestDb(kind)
  const store = await openStore(testDb.options)
  return {
    ...store,
    close: store.close,
    dispose: async () => {
      await store.close()
      await testDb.dispose()
    },
  }
}
