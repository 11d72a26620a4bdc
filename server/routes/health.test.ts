// GET /api/health on PGlite in its own thread (what DATA_DIR runs) and on Postgres: it answers at
// once while the database is busy with other requests' queries (a recent answer is its proof, ADR
// 0304), and reports the database down once it stops answering.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, onTestFinished, test } from 'vitest'
import { createTestDb, dbKinds } from '../../tests/setup/test-db.ts'
import { openStore, type Store } from '../db/client.ts'
import { healthRoutes } from './health.ts'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** The store a server process opens: DATA_DIR's thread, or a Postgres database of its own. */
async function serverStore(kind: 'pglite' | 'postgres'): Promise<{ store: Store; dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'iconvault-health-test-'))
    dirs.push(dir)
    const store = await openStore({ dataDir: dir })
    return { store, dispose: () => store.close() }
  }
  const testDb = await createTestDb('postgres')
  const store = await openStore(testDb.options)
  return {
    store,
    dispose: async () => {
      await store.close().catch(() => {})
      await testDb.dispose()
    },
  }
}

describe.each(dbKinds)('GET /api/health on %s', (kind) => {
  test('answers while every connection is held by another request', async () => {
    const { store, dispose } = await serverStore(kind)
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    // Runs on a timeout too (a probe that queued behind the held connections would never answer).
    onTestFinished(async () => {
      release()
      await dispose()
    })
    const health = healthRoutes(store)
    // PGlite has one connection, the pool ten: each held by an open transaction until the gate opens.
    const count = kind === 'pglite' ? 1 : 10
    let entered = 0
    let allIn = () => {}
    const allEntered = new Promise<void>((resolve) => {
      allIn = resolve
    })
    const held = Array.from({ length: count }, () =>
      store.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        if (++entered === count) allIn()
        await gate
      }),
    )
    await allEntered
    const res = await health.request('/')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', database: kind })
    release()
    await Promise.all(held)
  }, 20_000)

  test('answers 503 once the database has stopped answering', async () => {
    const { store, dispose } = await serverStore(kind)
    try {
      const health = healthRoutes(store)
      expect((await health.request('/')).status).toBe(200)
      await store.close()
      // Polled every 50 ms (a tight loop of requests would starve the event loop the driver needs).
      await expect
        .poll(async () => (await health.request('/')).status, { timeout: 10_000, interval: 50 })
        .toBe(503)
      const res = await health.request('/')
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({ error: 'Database unavailable', code: 'unavailable' })
      expect((await health.request('/ready')).status).toBe(503)
    } finally {
      await dispose()
    }
  }, 60_000)
})
