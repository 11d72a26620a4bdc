// The duplicate index (ADR 0113) answers exactly what the all-pairs rule of ADR 0109 answers: on a
// two hundred real icons (Lucide, ISC) with near copies (nudged, recoloured) and exact copies mixed
// in, created in two create-many requests, every icon's duplicate_of and near_duplicate_of and
// the project's groups equal those of the rule applied to every pair (common/duplicates.ts, written
// out below as it stood before the index). Then the groups follow a create, a replace, a delete and
// a move, each indexing only the icons it changed; and keys emptied by a migration are made again
// at start exactly as indexing made them.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type Fingerprint,
  fingerprintDistance,
  NEAR_DUPLICATE_BITS,
  readFingerprint,
} from '../../common/duplicates.ts'
import { rekeyPrints } from '../../server/domain/duplicates/rekey-prints.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const lucide = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@iconify-json/lucide/icons.json'), 'utf8'),
) as { icons: Record<string, { body: string }> }
const stroke = (body: string, colour = 'currentColor') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="${colour}" stroke-width="2">${body}</svg>`

/** 150 Lucide icons, 20 nudged by a fifth of a unit, 20 recoloured, 10 drawn again: mixed. */
function drawings(): { name: string; svg: string }[] {
  const base = Object.entries(lucide.icons).slice(0, 150)
  const out = base.map(([name, { body }]) => ({ name, svg: stroke(body) }))
  for (let i = 0; i < 20; i++) {
    const [name, { body }] = base[i * 7]!
    out.push({ name: `${name}-nudged`, svg: stroke(`<g transform="translate(0.2 0.1)">${body}</g>`) })
    out.push({ name: `${name}-red`, svg: stroke(base[i * 5 + 1]![1].body, 'red') })
  }
  for (let i = 0; i < 10; i++)
    out.push({ name: `${base[i * 11]![0]}-again`, svg: stroke(base[i * 11]![1].body) })
  // A fixed shuffle: copies arrive before and after what they copy, in and across requests.
  return out
    .map((d, i) => ({ d, k: (i * 7919) % out.length }))
    .sort((a, b) => a.k - b.k)
    .map(({ d }) => d)
}

type Row = { id: string; hash: string; print: Fingerprint | null }
type Flags = { duplicate_of: string | null; near_duplicate_of: string | null }

/** The rule before the index: the first equal drawing, and the nearest other one within the threshold. */
function ruleFlags(item: Row, among: readonly Row[]): Flags {
  let duplicate: string | null = null
  let near: string | null = null
  let best = NEAR_DUPLICATE_BITS + 1
  for (const other of among) {
    if (!item.hash) break
    if (other.hash === item.hash) {
      duplicate ??= other.id
      continue
    }
    if (!item.print || !other.print) continue
    const d = fingerprintDistance(item.print, other.print, best)
    if (d < best) {
      best = d
      near = other.id
    }
  }
  return { duplicate_of: duplicate, near_duplicate_of: near }
}

/** The groups before the index: every pair of drawings (one per hash) compared. */
function ruleGroups(rows: readonly Row[]): { exact: string[][]; near: string[][] } {
  const byHash = new Map<string, string[]>()
  const firsts: Row[] = []
  for (const r of rows) {
    if (!r.hash) continue
    const group = byHash.get(r.hash)
    if (group) group.push(r.id)
    else {
      byHash.set(r.hash, [r.id])
      if (r.print) firsts.push(r)
    }
  }
  const parent = firsts.map((_, i) => i)
  const root = (i: number): number => (parent[i] === i ? i : root(parent[i]!))
  for (let i = 0; i < firsts.length; i++)
    for (let j = i + 1; j < firsts.length; j++)
      if (
        fingerprintDistance(firsts[i]!.print!, firsts[j]!.print!, NEAR_DUPLICATE_BITS) <= NEAR_DUPLICATE_BITS
      )
        parent[root(j)] = root(i)
  const order = new Map(rows.map((r, at) => [r.id, at]))
  const groups = new Map<number, { drawings: number; ids: string[] }>()
  firsts.forEach((f, i) => {
    const g = groups.get(root(i)) ?? { drawings: 0, ids: [] }
    g.drawings++
    g.ids.push(...byHash.get(f.hash)!)
    groups.set(root(i), g)
  })
  const near = [...groups.values()]
    .filter((g) => g.drawings > 1)
    .map((g) => g.ids.sort((a, b) => order.get(a)! - order.get(b)!))
  return { exact: [...byHash.values()].filter((g) => g.length > 1), near }
}

describe.each(dbKinds)('the duplicate index on %s', (kind) => {
  let t: TestApp
  let me: string
  const project = randomUUID()
  const other = randomUUID()
  const all = drawings()
  const answers: (Flags & { id: string })[] = []
  const requests: string[][] = []

  beforeAll(async () => {
    // The pool's patience is not under test: a busy machine's queue must not refuse the setup.
    t = await createTestApp(kind, {}, { svgPool: { maxWaitMs: 300_000 } })
    me = await t.signIn('dup-index@example.com')
    await t.setPlan('dup-index@example.com', 'pro')
    await t.post('/api/projects/create', me, { id: project, name: 'Index' })
    await t.post('/api/projects/create', me, { id: other, name: 'Elsewhere' })
    // The project in two requests (200 icons through the pipeline): 130, drawn and looked up in
    // chunks (draw-many.ts), near copies in another chunk of the same request; then 70.
    for (let at = 0; at < all.length; at += 130) {
      const icons = all.slice(at, at + 130).map((d) => ({ id: randomUUID(), ...d, project_id: project }))
      const res = await t.post('/api/icons/create-many', me, { icons })
      expect(res.status).toBe(200)
      answers.push(...res.body.data.results)
      requests.push(icons.map((i) => i.id))
    }
  })
  afterAll(() => t?.close())

  const rowsOf = async (projectId: string): Promise<Row[]> => {
    const result = (await t.ctx.store.db.execute(sql`
      select id, drawing_hash, fingerprint from icons where project_id = ${projectId} order by created_at, id`)) as unknown as {
      rows: { id: string; drawing_hash: string | null; fingerprint: string | null }[]
    }
    return result.rows.map((r) => ({
      id: r.id,
      hash: r.drawing_hash ?? '',
      print: readFingerprint(r.fingerprint ?? ''),
    }))
  }
  const groupsOf = async (projectId: string) => {
    const res = await t.get(`/api/icons/duplicates?project_id=${projectId}`, me)
    expect(res.status).toBe(200)
    return res.body.data
  }
  /** Icons of the project whose index is not that of their project and drawing. */
  const unindexed = async (projectId: string) => {
    const result = (await t.ctx.store.db.execute(sql`
      select count(*)::int as n from icons where project_id = ${projectId} and (drawing_hash is null or
        fingerprint is null or near_hash is distinct from drawing_hash or near_project is distinct from project_id)`)) as unknown as {
      rows: { n: number }[]
    }
    return result.rows[0]!.n
  }

  it('flags every created icon and groups the project exactly as the all-pairs rule does', async () => {
    const rows = await rowsOf(project)
    expect(rows).toHaveLength(all.length)
    const byId = new Map(rows.map((r) => [r.id, r]))
    // The rule: each request's icons against the project before it (oldest first), then the
    // request's earlier icons.
    const expected: Flags[] = []
    const before: Row[] = []
    for (const ids of requests) {
      const among = [...before]
      for (const id of ids) {
        expected.push(ruleFlags(byId.get(id)!, among))
        among.push(byId.get(id)!)
      }
      before.push(...ids.map((id) => byId.get(id)!))
    }
    expect(
      answers.map(({ duplicate_of, near_duplicate_of }) => ({ duplicate_of, near_duplicate_of })),
    ).toEqual(expected)
    // The mix holds what it is meant to: exact and near repeats, and near groups.
    expect(expected.filter((f) => f.duplicate_of).length).toBeGreaterThanOrEqual(10)
    expect(expected.filter((f) => f.near_duplicate_of).length).toBeGreaterThanOrEqual(20)
    const groups = await groupsOf(project)
    expect(groups).toEqual(ruleGroups(rows))
    expect(groups.near.length).toBeGreaterThanOrEqual(15)

    // Drawings checked without storing them, one excluded: the rule against the whole project.
    const probe = [all[3]!.svg, stroke(lucide.icons[Object.keys(lucide.icons)[14]!]!.body, 'blue')]
    const exclude = rows[0]!.id
    const check = await t.post('/api/icons/check-duplicates', me, {
      project_id: project,
      svgs: probe,
      exclude_id: exclude,
    })
    expect(check.status).toBe(200)
    const among = rows.filter((r) => r.id !== exclude)
    for (const result of check.body.data.results as (Flags & { drawing_hash: string })[]) {
      const same = rows.find((r) => r.hash === result.drawing_hash)
      const item = { id: '', hash: result.drawing_hash, print: same?.print ?? null }
      if (!same) continue // a drawing the project lacks: its fingerprint is not stored to compare
      expect({ duplicate_of: result.duplicate_of, near_duplicate_of: result.near_duplicate_of }).toEqual(
        ruleFlags(item, among),
      )
    }
  })

  it('keeps the groups up to date on create, replace, delete and move, indexing only what changed', async () => {
    const rows = await rowsOf(project)
    const lone = (await groupsOf(project)) as { exact: string[][]; near: string[][] }
    const grouped = new Set([...lone.exact, ...lone.near].flat())
    const single = rows.find((r) => !grouped.has(r.id) && r.print)!

    // Create: a copy of an icon in no group, nudged by a twentieth of a unit, makes a near group of the two.
    const stored = (await t.ctx.store.db.execute(
      sql`select svg from icons where id = ${single.id}`,
    )) as unknown as {
      rows: { svg: string }[]
    }
    const nudged = stored.rows[0]!.svg.replace(/(<svg[^>]*>)/, '$1<g transform="translate(0.05 0)">').replace(
      /<\/svg>\s*$/,
      '</g></svg>',
    )
    const copy = await t.post('/api/icons/create', me, {
      id: randomUUID(),
      name: 'nudged-copy',
      svg: nudged,
      project_id: project,
    })
    expect(copy.status).toBe(200)
    expect(await unindexed(project)).toBe(0) // the create indexed its icon
    let now = await groupsOf(project)
    expect(now).toEqual(ruleGroups(await rowsOf(project)))
    expect(now.near.some((g: string[]) => g.includes(single.id) && g.includes(copy.body.data.id))).toBe(true)

    // Replace: the copy drawn as something else leaves the group; only it is indexed again.
    const replaced = await t.post('/api/icons/replace', me, {
      id: copy.body.data.id,
      svg: stroke('<path d="M2 22 22 2M2 2l20 20"/><circle cx="12" cy="12" r="3"/>'),
    })
    expect(replaced.status).toBe(200)
    expect(await unindexed(project)).toBe(1)
    now = await groupsOf(project)
    expect(now).toEqual(ruleGroups(await rowsOf(project)))
    expect(now.near.some((g: string[]) => g.includes(single.id))).toBe(false)

    // Delete: an icon of a near group goes, and its links with it.
    const victim = now.near[0][0] as string
    expect((await t.post('/api/icons/delete', me, { id: victim })).status).toBe(200)
    now = await groupsOf(project)
    expect(now).toEqual(ruleGroups(await rowsOf(project)))
    expect(now.near.flat()).not.toContain(victim)

    // Move: an icon of a near group leaves for another project; both projects' groups follow.
    const moving = now.near[0][0] as string
    const moved = await t.post('/api/icons/move', me, { ids: [moving], project_id: other })
    expect(moved.status).toBe(200)
    expect(await unindexed(other)).toBe(1)
    now = await groupsOf(project)
    expect(now).toEqual(ruleGroups(await rowsOf(project)))
    expect(now.near.flat()).not.toContain(moving)
    expect(await groupsOf(other)).toEqual(ruleGroups(await rowsOf(other)))
    expect(await unindexed(other)).toBe(0)
  })
  it('makes keys a migration emptied again, as indexing made them (drizzle/0022)', async () => {
    const keysOf = async () => {
      const result = (await t.ctx.store.db.execute(sql`
        select icon_id, near_keys from icon_prints where solid is not null order by icon_id`)) as unknown as {
        rows: { icon_id: string; near_keys: (string | number)[] }[]
      }
      return result.rows.map((r) => ({ id: r.icon_id, keys: r.near_keys.map(Number).sort((a, b) => a - b) }))
    }
    const before = await keysOf()
    expect(before.length).toBeGreaterThanOrEqual(all.length - 1)
    await t.ctx.store.db.execute(sql`update icon_prints set near_keys = '{}' where solid is not null`)
    expect((await keysOf()).every((p) => p.keys.length === 0)).toBe(true)
    expect(await rekeyPrints(t.ctx.store.db)).toBe(before.length)
    expect(await keysOf()).toEqual(before)
    expect(await rekeyPrints(t.ctx.store.db)).toBe(0)
    // Checks find the project's near icons through them again: the rule against the whole project.
    const rows = await rowsOf(project)
    const check = await t.post('/api/icons/check-duplicates', me, {
      project_id: project,
      svgs: [all[3]!.svg],
    })
    expect(check.status).toBe(200)
    const [result] = check.body.data.results as (Flags & { drawing_hash: string })[]
    const same = rows.find((r) => r.hash === result!.drawing_hash)!
    expect({ duplicate_of: result!.duplicate_of, near_duplicate_of: result!.near_duplicate_of }).toEqual(
      ruleFlags({ id: '', hash: same.hash, print: same.print }, rows),
    )
  })
})
