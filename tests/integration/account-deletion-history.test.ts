// Deleting an account leaves none of its ids behind (ADR 0012, 0015), on PGlite and Postgres: every
// column of every table of the database (read from information_schema, so a table added later is
// checked too) is searched for the account's id, its personal projects' and its own workspace's ids
// and their icons' ids (live, edited, in a trash, in a deleted project, moved in from the team): none
// holds one, but the team scope's tombstone of an icon that left it (what teammates' pulls must drop).
// What the team keeps stays whole: the icon the account made there, with its history, and the team
// font's code points (a gone icon's point stays reserved).
import { randomUUID } from 'node:crypto'
import { eq, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { iconCodePoints, icons } from '../../server/db/schema/index.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

const svg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n} 2h4v${n + 3}h-4z"/></svg>`

/** Both drivers answer raw queries with `{ rows }`. */
const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? []) as T[]

function historyFlow(kind: DbKind) {
  let t: TestApp
  const db = () => t.ctx.store.db

  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t?.close())

  const ok = async (res: Promise<{ status: number; body: Json }>) => {
    const r = await res
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body
  }
  const newProject = async (cookie: string, workspaceId: string | null) => {
    const id = randomUUID()
    await ok(
      t.post('/api/projects/create', cookie, { id, name: `P ${id.slice(0, 6)}`, workspace_id: workspaceId }),
    )
    return id
  }
  let n = 0
  const newIcon = async (cookie: string, projectId: string, workspaceId: string | null) => {
    const id = randomUUID()
    n++
    await ok(
      t.post('/api/icons/create', cookie, {
        id,
        name: `icon-${n}`,
        svg: svg(n),
        project_id: projectId,
        workspace_id: workspaceId,
      }),
    )
    return id
  }

  /** Every (table, column) of the database, and how many of its rows hold any of `ids` as text. */
  async function holders(ids: string[]) {
    const columns = rowsOf<{ table_name: string; column_name: string }>(
      await db().execute(sql`
        select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by 1, 2`),
    )
    expect(columns.length).toBeGreaterThan(50)
    const found: { table: string; column: string; rows: Json[] }[] = []
    for (const { table_name, column_name } of columns) {
      const column = sql.raw(`"${table_name}"."${column_name}"::text`)
      const any: SQL = sql.join(
        ids.map((id) => sql`${column} like ${`%${id}%`}`),
        sql` or `,
      )
      const rows = rowsOf<Json>(
        await db().execute(sql`select * from ${sql.raw(`"${table_name}"`)} where ${any}`),
      )
      if (rows.length) found.push({ table: table_name, column: column_name, rows })
    }
    return found
  }

  // A long story (two accounts, a font export, a deletion): given time on a busy machine.
  it('leaves none of its ids in any table, and the team keeps what it made whole', {
    timeout: 120_000,
  }, async () => {
    const team = await seedTeam(t, {
      owner: 'adh-owner@example.com',
      members: { 'adh-leaver@example.com': 'member' },
    })
    const leaver = team.members['adh-leaver@example.com']!
    await t.setPlan('adh-leaver@example.com', 'gold')
    const leaverId = (await t.get('/api/me', leaver)).body.user.id as string

    // The personal space: icons edited, deleted, in a deleted project.
    const personal = await newProject(leaver, null)
    const edited = await newIcon(leaver, personal, null)
    for (const name of ['edited-twice', 'edited-thrice'])
      await ok(t.post('/api/icons/update', leaver, { id: edited, name }))
    const plain = await newIcon(leaver, personal, null)
    const trashed = await newIcon(leaver, personal, null)
    await ok(t.post('/api/icons/delete', leaver, { id: trashed }))
    const deletedProject = await newProject(leaver, null)
    const inDeletedProject = await newIcon(leaver, deletedProject, null)
    await ok(t.post('/api/projects/delete', leaver, { id: deletedProject }))

    // A workspace of its own, nobody else in it: it goes at once.
    const solo = randomUUID()
    await ok(t.post('/api/workspaces/create', leaver, { id: solo, name: 'Solo', description: '' }))
    const soloProject = await newProject(leaver, solo)
    const soloIcon = await newIcon(leaver, soloProject, solo)

    // The team: an icon the leaver made there (kept, with its history), and one it moved from there
    // into its personal space after the team's font gave it a code point (goes).
    const teamProject = await newProject(team.owner, team.wsId)
    const madeInTeam = await newIcon(leaver, teamProject, team.wsId)
    const movedIn = await newIcon(leaver, teamProject, team.wsId)
    const font = await t.request(`/api/projects/export?project_id=${teamProject}&format=font`, {
      cookie: team.owner,
    })
    expect(font.status).toBe(200)
    await font.arrayBuffer()
    const pointsBefore = await db()
      .select()
      .from(iconCodePoints)
      .where(eq(iconCodePoints.project_id, teamProject))
    expect(pointsBefore.map((p) => p.icon_id).sort()).toEqual([madeInTeam, movedIn].sort())
    await ok(t.post('/api/icons/move', leaver, { ids: [movedIn], project_id: personal }))

    expect((await t.request('/api/auth/delete-user', { cookie: leaver, json: {} })).status).toBe(200)

    const gone = [
      leaverId,
      personal,
      deletedProject,
      solo,
      soloProject,
      edited,
      plain,
      trashed,
      inDeletedProject,
      soloIcon,
      movedIn,
    ]
    const found = await holders(gone)
    // The one thing allowed: the team scope's tombstone of the icon that left it, which a teammate's
    // pull from an older cursor must still be told of (pruned with the scope's other tombstones).
    const isTeamTombstone = (f: (typeof found)[number]) =>
      f.table === 'sync_tombstones' &&
      f.rows.every((r) => r.scope === team.wsId && r.entity === 'icons' && r.id === movedIn)
    expect(
      found
        .filter((f) => !isTeamTombstone(f))
        .map((f) => `${f.table}.${f.column}: ${JSON.stringify(f.rows)}`),
    ).toEqual([])

    // What the team keeps: the icon, a former member's, with its history.
    const kept = await db().select().from(icons).where(eq(icons.project_id, teamProject))
    expect(kept.map((i) => [i.id, i.user_id])).toEqual([[madeInTeam, null]])
    const history = await t.get(`/api/icons/history?id=${madeInTeam}`, team.owner)
    expect(history.status).toBe(200)
    expect(history.body.data.map((v: Json) => v.change.kind)).toEqual(['created'])
    // The team's font keeps every point where it was; the gone icon's stays reserved under no one's id.
    const pointsAfter = await db()
      .select()
      .from(iconCodePoints)
      .where(eq(iconCodePoints.project_id, teamProject))
    expect(pointsAfter.map((p) => p.code_point).sort()).toEqual(pointsBefore.map((p) => p.code_point).sort())
    const pointOf = (rows: typeof pointsBefore, id: string) => rows.find((p) => p.icon_id === id)?.code_point
    expect(pointOf(pointsAfter, madeInTeam)).toBe(pointOf(pointsBefore, madeInTeam))
  })
}

describe('account deletion leaves no ids on pglite', () => historyFlow('pglite'))
postgresOnly('account deletion leaves no ids on postgres', () => historyFlow('postgres'))
