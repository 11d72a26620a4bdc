// A process's copy of a project's prints (near-cache.ts, ADR 0113 round five) answers a drop's early
// lookup as the lookup in SQL (near-lookup.ts) would: on real Lucide icons and near copies of them,
// for every icon's drawing asked again under another hash, the same icons at the same distances. It
// follows prints written since (a create) and written over (a replace), and leaves a project it
// cannot hold to SQL.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Fingerprint, readFingerprint } from '../../common/duplicates.ts'
import { nearFromCopy, printsHeld } from '../../server/domain/duplicates/near-cache.ts'
import { type NearIcon, nearIcons, rowsOf } from '../../server/domain/duplicates/near-lookup.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const lucide = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@iconify-json/lucide/icons.json'), 'utf8'),
) as { icons: Record<string, { body: string }> }
const stroke = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">${body}</svg>`
const nudge = (body: string, dx: number) => stroke(`<g transform="translate(${dx} 0.05)">${body}</g>`)

type Asked = { id: string; hash: string; print: Fingerprint }
/** Each drawing's answer as what a user is shown of it: which icons, how far. */
/** Waits for a signal however busy the machine: the polls' own deadline is 1 s, a test's 30 s. */
const PATIENCE = { timeout: 20_000, interval: 20 }
const found = (near: NearIcon[][]) => near.map((n) => n.map(({ id, distance }) => `${id} ${distance}`).sort())

describe.each(dbKinds)("a process's copy of a project's prints on %s", (kind) => {
  let t: TestApp
  let me: string
  const project = randomUUID()
  const bodies = Object.entries(lucide.icons).slice(400, 480)

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { svgPool: { maxWaitMs: 300_000 } })
    me = await t.signIn('near-cache@example.com')
    await t.setPlan('near-cache@example.com', 'pro')
    await t.post('/api/projects/create', me, { id: project, name: 'Copy' })
    const icons = [
      ...bodies.map(([name, { body }]) => ({ name, svg: stroke(body) })),
      ...bodies.slice(0, 20).map(([name, { body }]) => ({ name: `${name}-nudged`, svg: nudge(body, 0.1) })),
    ].map((d) => ({ id: randomUUID(), ...d, project_id: project }))
    expect((await t.post('/api/icons/create-many', me, { icons })).status).toBe(200)
  })
  afterAll(() => t?.close())

  /** Every icon of the project drawn as it is, asked under another hash and id. */
  const askedAgain = async (): Promise<(Asked & { icon: string })[]> =>
    rowsOf<{ id: string; drawing_hash: string; fingerprint: string }>(
      await t.ctx.store.db.execute(
        sql`select id, drawing_hash, fingerprint from icons where project_id = ${project} order by id`,
      ),
    ).map((r) => ({
      icon: r.id,
      id: randomUUID(),
      hash: `${r.drawing_hash}-asked`,
      print: readFingerprint(r.fingerprint)!,
    }))
  /** The copy's answer once its first read has ended (until then it answers null: SQL looks up). */
  const fromCopy = async (projectId: string, asked: Asked[]) => {
    let answer: Awaited<ReturnType<typeof nearFromCopy>> = null
    await expect
      .poll(async () => {
        answer = await nearFromCopy(t.ctx.store.db, projectId, asked)
        return answer
      }, PATIENCE)
      .not.toBeNull()
    return answer!
  }
  const inSql = (asked: Asked[]) => t.ctx.store.db.transaction((tx) => nearIcons(tx, project, asked))

  it('answers each drawing what the lookup in SQL answers, and the greatest seq it holds', async () => {
    const all = await askedAgain()
    // Ten icons and their nudged copies, and five others (the lookup in SQL of a project's own
    // drawings is slow: ~0.3 s each on PGlite).
    const names = new Set(bodies.slice(0, 10).flatMap(([name]) => [name, `${name}-nudged`]))
    for (const [name] of bodies.slice(50, 55)) names.add(name)
    const picked = rowsOf<{ id: string }>(
      await t.ctx.store.db.execute(
        sql`select id from icons where project_id = ${project} and name = any(${`{${[...names].join(',')}}`}::text[])`,
      ),
    ).map((r) => r.id)
    const asked = all.filter((a) => picked.includes(a.icon))
    expect(asked).toHaveLength(25)
    const copied = await fromCopy(project, asked)
    const expected = found(await inSql(asked))
    expect(found(copied!.near)).toEqual(expected)
    // Every icon finds itself at 0; the ten nudged pairs find each other.
    expect(expected.flat().length).toBeGreaterThanOrEqual(asked.length + 20)
    const [last] = rowsOf<{ seq: string }>(
      await t.ctx.store.db.execute(
        sql`select max(seq) as seq from icon_prints where project_id = ${project}`,
      ),
    )
    expect(copied!.seq).toBe(Number(last!.seq))
    expect(printsHeld(t.ctx.store.db)).toBe(all.length)
  })

  it('follows a print written since, and a print written over answers no more', async () => {
    const [name, { body }] = bodies[30]!
    // Written since: a near copy of the 31st icon, created alone (its lookup in its transaction).
    const [target] = rowsOf<{ id: string }>(
      await t.ctx.store.db.execute(
        sql`select id from icons where project_id = ${project} and name = ${name}`,
      ),
    )
    const copy = await t.post('/api/icons/create', me, {
      id: randomUUID(),
      name: `${name}-again`,
      svg: nudge(body, 0.15),
      project_id: project,
    })
    expect(copy.status).toBe(200)
    let asked = (await askedAgain()).filter((a) => a.icon === target!.id)
    let copied = await fromCopy(project, asked)
    expect(found(copied!.near)).toEqual(found(await inSql(asked)))
    expect(found(copied!.near)[0]!.map((f) => f.split(' ')[0])).toContain(copy.body.data.id)

    // Written over: the copy drawn as something else, indexed again by the project's next check.
    const before = asked
    expect(
      (
        await t.post('/api/icons/replace', me, {
          id: copy.body.data.id,
          svg: stroke('<path d="M2 22 22 2M2 2l20 20"/><circle cx="12" cy="12" r="3"/>'),
        })
      ).status,
    ).toBe(200)
    expect((await t.get(`/api/icons/duplicates?project_id=${project}`, me)).status).toBe(200)
    copied = await fromCopy(project, before)
    expect(found(copied!.near)).toEqual(found(await inSql(before)))
    expect(found(copied!.near)[0]!.map((f) => f.split(' ')[0])).not.toContain(copy.body.data.id)
    asked = (await askedAgain()).filter((a) => a.icon === copy.body.data.id)
    copied = await fromCopy(project, asked)
    expect(found(copied!.near)).toEqual([[`${copy.body.data.id} 0`]])
  })

  it('leaves a project it cannot hold to SQL, and lets its copy go', async () => {
    const asked = await askedAgain()
    expect(await nearFromCopy(t.ctx.store.db, project, asked, 10)).toBeNull()
    expect(printsHeld(t.ctx.store.db)).toBe(0)
    const fresh = randomUUID()
    await t.post('/api/projects/create', me, { id: fresh, name: 'Large' })
    const icons = bodies
      .slice(0, 12)
      .map(([name, { body }]) => ({ id: randomUUID(), name, svg: stroke(body), project_id: fresh }))
    expect((await t.post('/api/icons/create-many', me, { icons })).status).toBe(200)
    // Its copy, made by that drop and read, past the bound once refreshed; then none made, its
    // prints counted first.
    await fromCopy(fresh, asked)
    expect(await nearFromCopy(t.ctx.store.db, fresh, asked, 10)).toBeNull()
    expect(printsHeld(t.ctx.store.db)).toBe(0)
    expect(await nearFromCopy(t.ctx.store.db, fresh, asked, 10)).toBeNull()
    expect(printsHeld(t.ctx.store.db)).toBe(0)
    await fromCopy(fresh, asked)
    expect(printsHeld(t.ctx.store.db)).toBe(12)
  })
})
