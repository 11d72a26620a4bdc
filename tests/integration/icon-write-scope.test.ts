// Every write of an icon decides on the row it locks (ADR 0309): member A moves an icon from the
// team's project into A's personal project while member B deletes, renames, restores or replaces it,
// at the same time, 50 times each. Whatever the order, nothing is written in a scope its writer could
// not see: B never deletes or changes an icon in A's personal project, a delete's trash entry,
// tombstone and note are the team's, and the icon's history is one unbroken line of revisions.
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deletedIcons, icons, iconVersions, syncTombstones } from '../../server/db/schema/index.ts'
import type { ChangeNote } from '../../server/domain/sync/change-notes.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const RUNS = 50
// Each test is RUNS races one after another, each a create through the SVG pool and two writes:
// ~8 s on a quiet machine, 4× that at a load of 10. Its budget is sized for that work (the default
// 30 s is one slow machine away); nothing here is timed.
const RACES_BUDGET_MS = 150_000
const whose = new AsyncLocalStorage<'move' | 'write'>()
const deferred = () => {
  let resolve = () => {}
  const promise = new Promise<void>((done) => {
    resolve = () => done()
  })
  return { promise, resolve }
}
const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h4v${2 + (n % 17)}h-${1 + (n % 3)}z"/></svg>`

describe.each(dbKinds)('an icon write racing a move on %s', (kind) => {
  let t: TestApp
  let a: string
  let b: string
  let aId: string
  let bId: string
  const ws = randomUUID()
  const team = randomUUID()
  const personal = randomUUID()
  const notes: ChangeNote[] = []
  let n = 0

  beforeAll(async () => {
    t = await createTestApp(kind)
    const seeded = await seedTeam(t, {
      owner: 'race-owner@example.com',
      members: { 'race-a@example.com': 'member', 'race-b@example.com': 'member' },
      wsId: ws,
    })
    a = seeded.members['race-a@example.com']!
    b = seeded.members['race-b@example.com']!
    await t.setPlan('race-a@example.com', 'pro')
    aId = (await t.get('/api/me', a)).body.user.id
    bId = (await t.get('/api/me', b)).body.user.id
    expect(
      (await t.post('/api/projects/create', seeded.owner, { id: team, name: 'Team', workspace_id: ws }))
        .status,
    ).toBe(200)
    expect(
      (await t.post('/api/projects/create', a, { id: personal, name: 'Mine', workspace_id: null })).status,
    ).toBe(200)
    t.ctx.events.onNote((note) => notes.push(note))
  })
  afterAll(() => t?.close())

  /** A new icon of the team's project, made by A, at revision `revisions` (renamed by A until then). */
  async function teamIcon(revisions = 1) {
    const id = randomUUID()
    const k = ++n
    const made = await t.post('/api/icons/create', a, {
      id,
      name: `race-${k}`,
      svg: svgOf(k),
      project_id: team,
      workspace_id: ws,
    })
    expect(made.status).toBe(200)
    for (let r = 2; r <= revisions; r++)
      expect((await t.post('/api/icons/update', a, { id, name: `race-${k}-${r}` })).status).toBe(200)
    return id
  }

  /**
   * The move and B's write at once. Even runs put them in the order that breaks a check made before
   * the write: the move's transaction waits until B's write opens its own (B has located the icon
   * and checked its rights by then), and B's transaction runs once the move's has committed. Odd
   * runs let them run freely, B started 0 to 9 ms later (the runs sweep the moments in between).
   */
  const race = async <M, W>(run: number, move: () => Promise<M>, write: () => Promise<W>) => {
    if (run % 2) {
      const later = new Promise<W>((resolve, reject) =>
        setTimeout(() => write().then(resolve, reject), run % 10),
      )
      return Promise.all([move(), later])
    }
    const db = t.ctx.store.db
    const open = db.transaction
    const bOpens = deferred()
    const moveDone = deferred()
    // Whose transaction it is: the request's async context tells (the app runs in the caller's).
    db.transaction = ((...args: Parameters<typeof open>) => {
      const who = whose.getStore()
      if (who === 'move') {
        const tx = bOpens.promise.then(() => open.apply(db, args))
        tx.then(moveDone.resolve, moveDone.resolve)
        return tx
      }
      if (who === 'write') {
        bOpens.resolve()
        return moveDone.promise.then(() => open.apply(db, args))
      }
      return open.apply(db, args)
    }) as typeof open
    try {
      const moving = whose.run('move', move).finally(moveDone.resolve)
      const writing = whose.run('write', write).finally(bOpens.resolve)
      return await Promise.all([moving, writing])
    } finally {
      db.transaction = open
    }
  }

  const moveToA = (id: string) => t.post('/api/icons/move', a, { ids: [id], project_id: personal })

  /** What every run must leave, whoever won: checked on the database itself. */
  async function consistent(id: string, moved: number, other: number) {
    const db = t.ctx.store.db
    // The move and B's write each either happened or answered 404 (never 403, never 500).
    expect([200, 404]).toContain(moved)
    expect([200, 404]).toContain(other)
    const versions = await db
      .select()
      .from(iconVersions)
      .where(eq(iconVersions.icon_id, id))
      .orderBy(asc(iconVersions.revision))
    // History: revisions 1..n without gap or repeat, the newest the icon's own.
    expect(versions.map((v) => v.revision)).toEqual(versions.map((_, i) => i + 1))
    // B never wrote a version of the icon in A's personal project.
    expect(versions.filter((v) => v.user_id === bId && v.project_id === personal)).toEqual([])
    const [row] = await db.select().from(icons).where(eq(icons.id, id))
    if (row) expect(row.revision).toBe(versions.at(-1)!.revision)
    const [trashed] = await db.select().from(deletedIcons).where(eq(deletedIcons.id, id))
    // A delete by B happened in the team's project, or not at all.
    if (trashed)
      expect({ project: trashed.project_id, by: trashed.deleted_by }).toEqual({ project: team, by: bId })
    // Nothing ever left A's personal space: no tombstone there.
    const there = await db
      .select()
      .from(syncTombstones)
      .where(and(eq(syncTombstones.scope, `user:${aId}`), eq(syncTombstones.id, id)))
    expect(there).toEqual([])
    if (moved === 200) expect(row?.project_id).toBe(personal)
    return { row, trashed }
  }

  it(
    `a delete racing the move never deletes in the personal project (${RUNS} runs)`,
    async () => {
      for (let run = 0; run < RUNS; run++) {
        const id = await teamIcon()
        const [moved, deleted] = await race(
          run,
          () => moveToA(id),
          () => t.post('/api/icons/delete', b, { id }),
        )
        const { row, trashed } = await consistent(id, moved.status, deleted.status)
        // Exactly one of them happened.
        expect([moved.status, deleted.status].sort()).toEqual([200, 404])
        if (deleted.status === 200) {
          expect(row).toBeUndefined()
          expect(trashed).toBeDefined()
          // The delete's note names the scope the row was deleted from: the team's.
          await expect
            .poll(() =>
              notes.find((x) => x.entity === 'icons' && x.op === 'delete' && x.id === id && !x.audience),
            )
            .toMatchObject({ scope: ws, workspace_id: ws })
        }
      }
    },
    RACES_BUDGET_MS,
  )

  for (const [label, write] of [
    ['rename', (id: string) => t.post('/api/icons/update', b, { id, name: `renamed-${id.slice(0, 8)}` })],
    ['restore', (id: string) => t.post('/api/icons/restore', b, { id, version: 1 })],
    ['replace', (id: string) => t.post('/api/icons/replace', b, { id, svg: svgOf(++n + 1000) })],
  ] as const) {
    it(
      `a ${label} racing the move never writes in the personal project (${RUNS} runs)`,
      async () => {
        for (let run = 0; run < RUNS; run++) {
          const id = await teamIcon(label === 'restore' ? 2 : 1)
          const [moved, wrote] = await race(
            run,
            () => moveToA(id),
            () => write(id),
          )
          const { row } = await consistent(id, moved.status, wrote.status)
          expect(moved.status).toBe(200)
          expect(row?.project_id).toBe(personal)
          // B's change, when it happened, was made while the icon was the team's, and answered so.
          if (wrote.status === 200)
            expect(wrote.body.data).toMatchObject({ id, project_id: team, workspace_id: ws })
        }
      },
      RACES_BUDGET_MS,
    )
  }
})
