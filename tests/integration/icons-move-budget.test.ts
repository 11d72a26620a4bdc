// POST /api/icons/move answers every icon it names with its markup, so the markup of one move is
// bounded (ADR 0308): over MAX_MOVE_MARKUP_BYTES together, it is refused with 413 and a message
// naming the limit, before any markup is read, and nothing moves; at the budget exactly, it moves.
// The icons' markup is grown in the database (the SVG pipeline is not what is tested here).
import { randomUUID } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_MOVE_MARKUP_BYTES } from '../../common/icon-limits.ts'
import { appMessages } from '../../common/messages.ts'
import { icons } from '../../server/db/schema/index.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

describe.each(dbKinds)('the byte budget of POST /api/icons/move on %s', (kind) => {
  let t: TestApp
  let owner: string
  const ws = randomUUID()
  const [from, to] = [randomUUID(), randomUUID()]
  /** Eight icons of 512 KB each: exactly the budget together. */
  const big: string[] = []
  let small = ''

  const db = () => t.ctx.store.db
  /** Gives an icon's stored markup exactly `bytes` bytes (a <desc> of x's inside the drawing). */
  const sizeTo = (id: string, bytes: number) =>
    db().execute(sql`
      update icons set svg = replace(
        regexp_replace(svg, '<desc>x*</desc>', ''), '</svg>',
        '<desc>' || repeat('x', ${bytes} - octet_length(regexp_replace(svg, '<desc>x*</desc>', '')) - 13) || '</desc></svg>'
      ) where id = ${id}`)
  const where = async (ids: string[]) =>
    (
      await db()
        .select({ id: icons.id, project_id: icons.project_id })
        .from(icons)
        .where(inArray(icons.id, ids))
    )
      .map((r) => r.project_id)
      .sort()
  const scopeVersion = async () =>
    (await t.get(`/api/sync?scope=${ws}&since=0&icons=0&limit=1000`, owner)).body.data.version as number
  const markup = async (ids: string[]) =>
    Number(
      (
        await db()
          .select({ bytes: sql<number>`sum(octet_length(${icons.svg}))` })
          .from(icons)
          .where(inArray(icons.id, ids))
      )[0]!.bytes,
    )

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('move-budget@example.com')
    await t.setPlan('move-budget@example.com', 'gold')
    await t.post('/api/workspaces/create', owner, { id: ws, name: 'Budget movers', description: '' })
    for (const id of [from, to])
      expect((await t.post('/api/projects/create', owner, { id, name: id, workspace_id: ws })).status).toBe(
        200,
      )
    const ids = Array.from({ length: 9 }, () => randomUUID())
    const made = await t.post('/api/icons/create-many', owner, {
      icons: ids.map((id, n) => ({
        id,
        name: `Big ${n}`,
        svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n} 2h4v${2 + n}h-4z"/></svg>`,
        project_id: from,
        origin_icon_id: null,
        workspace_id: ws,
        icon_status: 'approved',
      })),
    })
    expect(made.status).toBe(200)
    expect(await where(ids)).toEqual(Array(9).fill(from))
    small = ids.pop()!
    big.push(...ids)
    for (const id of big) await sizeTo(id, 512 * 1024)
    expect(await markup(big)).toBe(MAX_MOVE_MARKUP_BYTES)
  })
  afterAll(() => t?.close())

  it('over the budget (by one icon, or by one byte): 413 naming the limit, nothing moves', async () => {
    const before = await scopeVersion()
    const over = await t.post('/api/icons/move', owner, { ids: [...big, small], project_id: to })
    expect(over.status).toBe(413)
    // (toMatchObject: the answer may carry more than the message, e.g. an error code.)
    expect(over.body).toMatchObject({ error: appMessages.moveTooLarge('4 MB') })
    expect(over.body.error).toBe(
      'One move can take at most 4 MB of SVG together. Move fewer icons at a time.',
    )

    await sizeTo(big[0]!, 512 * 1024 + 1)
    expect(await markup(big)).toBe(MAX_MOVE_MARKUP_BYTES + 1)
    const byOne = await t.post('/api/icons/move', owner, { ids: big, project_id: to })
    expect(byOne.status).toBe(413)
    expect(byOne.body.error).toBe(appMessages.moveTooLarge('4 MB'))

    expect(await where([...big, small])).toEqual(Array(9).fill(from))
    expect(await scopeVersion()).toBe(before)
    await sizeTo(big[0]!, 512 * 1024)
  })

  it('at the budget exactly it moves, and answers every icon with its markup; the rest moves after', async () => {
    const res = await t.request('/api/icons/move', { cookie: owner, json: { ids: big, project_id: to } })
    expect(res.status).toBe(200)
    const text = await res.text()
    const answer: Json[] = JSON.parse(text).data
    expect(answer.map((r) => r.id)).toEqual(big)
    expect(answer.every((r) => r.project_id === to && typeof r.svg === 'string')).toBe(true)
    // What one answer holds: the budget of markup and the JSON around it.
    expect(Buffer.byteLength(text)).toBeLessThan(1.25 * MAX_MOVE_MARKUP_BYTES)
    expect(await where(big)).toEqual(Array(8).fill(to))

    const rest = await t.post('/api/icons/move', owner, { ids: [small], project_id: to })
    expect(rest.status).toBe(200)
    expect(await where([...big, small])).toEqual(Array(9).fill(to))
  })
})
