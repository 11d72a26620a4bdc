// Every in-memory cache of the server is the one bounded store (server/cache/lru.ts, ADR 0034) and
// holds its bound: the caches whose bound a test can pass cheaply are driven past it through their
// own code (a real database, on PGlite and Postgres), and after all of it every live cache of the
// process is within its bound of entries and of weight.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CacheBound, cacheBounds } from '../../server/cache/lru.ts'
import { iconsAnswer } from '../../server/domain/iconify/iconify-sets.ts'
import { primeServedSvg } from '../../server/domain/icons/served-svg.ts'
import { sessionGate } from '../../server/events/stream-sessions.ts'
import { workspaceMembers } from '../../server/events/workspace-members.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const named = (name: string, maxEntries?: number) =>
  cacheBounds().filter((b) => b.name === name && (maxEntries === undefined || b.maxEntries === maxEntries))

const holds = (b: CacheBound) =>
  b.size <= b.maxEntries &&
  (b.maxWeight === undefined || b.weight <= b.maxWeight || (b.keepOversized && b.size === 1))

describe.each(dbKinds)('cache bounds on %s', (kind) => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t?.close())

  it('workspace members: the least recently asked go past the bound', async () => {
    const members = workspaceMembers(t.ctx.store.db, 50)
    await members.of(Array.from({ length: 120 }, () => randomUUID()))
    const [bound] = named('workspace members', 50)
    expect(bound?.size).toBe(50)
  })

  it('stream sessions: the expiries known and the sessions ended stay within their bounds', async () => {
    const db = t.ctx.store.db
    const userId = `bound-${randomUUID()}`
    await db.execute(
      sql`insert into "user" (id, name, email) values (${userId}, 'Bound', ${`${userId}@example.com`})`,
    )
    const ids = Array.from({ length: 90 }, () => randomUUID())
    await db.execute(sql`
      insert into session (id, token, user_id, expires_at, updated_at)
      select id, id, ${userId}, now() + interval '1 day', now()
      from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as id`)
    const gate = sessionGate(db, () => {}, Date.now, { known: 40, gone: 30 })
    expect((await gate.valid(ids)).size).toBe(90)
    for (let i = 0; i < 100; i++) gate.ended(randomUUID())
    expect(named('stream sessions', 40)[0]?.size).toBe(40)
    expect(named('ended sessions', 30)[0]?.size).toBe(30)
  })

  it('Iconify answers of a set: at most 256 kept per set', async () => {
    const project = { id: randomUUID(), name: 'Bound', prefix: 'bound', stamp: 'x', ambiguous: null }
    for (let i = 0; i < 300; i++) await iconsAnswer(t.ctx.store.db, project, [`icon-${i}`])
    const sets = named('Iconify answers of a set')
    expect(sets.length).toBeGreaterThan(0)
    expect(Math.max(...sets.map((b) => b.size))).toBe(256)
  })
})

describe('process-wide caches', () => {
  it('served markup: at most 200,000 markups and 64 MiB of characters', () => {
    for (let i = 0; i <= 200_000; i++) primeServedSvg(`<svg id="b${i}"/>`, `<svg id="b${i}"/>`)
    const [memo] = named('served markup')
    expect(memo?.size).toBe(200_000)
    const mib = 'x'.repeat(1024 * 1024)
    for (let i = 0; i < 70; i++) primeServedSvg(`${i}${mib}`, `${i}${mib}`)
    expect(named('served markup')[0]!.weight).toBeLessThanOrEqual(64 * 1024 * 1024)
  })

  it('every live cache is within its bound of entries and of weight', () => {
    const all = cacheBounds()
    expect(all.length).toBeGreaterThan(0)
    for (const bound of all) expect(holds(bound), JSON.stringify(bound)).toBe(true)
  })
})
