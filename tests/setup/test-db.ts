// A throwaway, migrated database for one test file: PGlite loaded from the template, or a
// fresh database on the Postgres server of TEST_DATABASE_URL (dropped again afterwards).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { type OpenOptions, openStore, type Store } from '../../server/db/client.ts'
import { keepWasmOnBaselineCompiler } from '../../server/db/pglite-settings.ts'
import { TEMPLATE_FILE } from './paths.ts'

export type DbKind = 'pglite' | 'postgres'

/** The database kinds to run integration tests on: PGlite always, Postgres when configured. */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

export type TestDb = { kind: DbKind; options: OpenOptions; dispose(): Promise<void> }

/**
 * pglite.wasm and initdb.wasm compiled once per test process and shared by its databases. The
 * server project's test files share processes (ADR 0022), and a process that compiled a module per
 * file and dropped it after was killed by V8 in a CI run (a fatal check as it freed wasm code:
 * `jit_page_->allocations_.erase(addr) == 1`); one module per process, kept on the baseline
 * compiler as the server keeps it (no optimised code replacing it either), frees none.
 */
let wasm: Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }> | undefined
const compiledWasm = () => {
  if (wasm) return wasm
  keepWasmOnBaselineCompiler()
  const resolve = createRequire(import.meta.url).resolve
  const compile = (file: string) => WebAssembly.compile(readFileSync(resolve(`@electric-sql/pglite/${file}`)))
  wasm = Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]).then(
    ([pgliteWasmModule, initdbWasmModule]) => ({ pgliteWasmModule, initdbWasmModule }),
  )
  return wasm
}

export async function createTestDb(kind: DbKind): Promise<TestDb> {
  if (kind === 'pglite') {
    const pglite = await PGlite.create({
      loadDataDir: new Blob([readFileSync(TEMPLATE_FILE)]),
      ...(await compiledWasm()),
    })
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
