// Creates of one workspace that wait while another write of it runs go in one transaction together
// (insert-batches.ts, ADR 0420), on a real Postgres: the workspace's version row is held by a test
// transaction while one create waits on it, three more creates by three members queue behind it,
// and once it is let go all are stored, each as its own creator's, with its own first version, in
// two transactions (the scope's version moves by two). A batch whose icons together pass the
// workspace's quota is written again one create at a time: only the create that passes it is refused.
import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { icons, iconVersions, syncScopes } from '../../server/db/schema/index.ts'
import { insertsWaiting } from '../../server/domain/icons/insert-icons.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { seedTeam } from '../setup/seed-team.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n} 1h${n + 2}v${n + 3}z"/></svg>`
const MEMBERS = ['bm1@example.com', 'bm2@example.com', 'bm3@example.com', 'bm4@example.com']

postgresOnly('creates batched per workspace', () => {
  let t: TestApp
  let admin: pg.Client
  let drawn = 0
  const teams: { wsId: string; projectId: string; owner: string; members: Record<string, string> }[] = []

  const create = (cookie: string, team: (typeof teams)[number]) =>
    t.post('/api/icons/create', cookie, {
      id: randomUUID(),
      name: `icon ${++drawn}`,
      svg: svgOf(drawn),
      project_id: team.projectId,
      workspace_id: team.wsId,
    })
  const versionOf = async (scope: string) =>
    Number(
      (await t.ctx.store.db.select().from(syncScopes).where(eq(syncScopes.scope, scope)))[0]?.version ?? 0,
    )

  /** While the workspace's version row is held: one create waiting on it, three more queued behind it. */
  async function queuedBehindALock(team: (typeof teams)[number]) {
    await admin.query('begin')
    await admin.query('select 1 from sync_scopes where scope = $1 for update', [team.wsId])
    const [first, ...rest] = MEMBERS.map((email) => team.members[email]!)
    const running = create(first!, team)
    // The first create waits for the row inside its transaction.
    await expect
      .poll(async () => {
        const { rows } = await admin.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        )
        return rows[0].n
      })
      .toBe(1)
    // Queued one after another, so that the batch's order is theirs.
    const queued: ReturnType<typeof create>[] = []
    for (const cookie of rest) {
      queued.push(create(cookie, team))
      await expect.poll(() => insertsWaiting(t.ctx.store.db)).toBe(queued.length)
    }
    await admin.query('commit')
    return [await running, ...(await Promise.all(queued))]
  }

  beforeAll(async () => {
    t = await createTestApp('postgres', { PLAN_WORKSPACE_ICONS_GOLD: '6' })
    admin = new pg.Client({ connectionString: (t.dbOptions as { databaseUrl: string }).databaseUrl })
    await admin.connect()
    for (const name of ['Batched', 'Full']) {
      const team = await seedTeam(t, {
        owner: `${name.toLowerCase()}-owner@example.com`,
        members: Object.fromEntries(MEMBERS.map((email) => [`${name.toLowerCase()}-${email}`, 'member'])),
        name,
      })
      const members = Object.fromEntries(
        MEMBERS.map((email) => [email, team.members[`${name.toLowerCase()}-${email}`]!]),
      )
      const projectId = randomUUID()
      const made = await t.post('/api/projects/create', team.owner, {
        id: projectId,
        name,
        workspace_id: team.wsId,
      })
      expect(made.status).toBe(200)
      teams.push({ ...team, projectId, members })
    }
  })
  afterAll(async () => {
    await admin?.end()
    await t?.close()
  })

  it('stores every waiting create in one transaction, each as its own creator’s', async () => {
    const team = teams[0]!
    expect((await create(team.owner, team)).status).toBe(200)
    const before = await versionOf(team.wsId)
    const answers = await queuedBehindALock(team)
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    expect(await versionOf(team.wsId)).toBe(before + 2)
    const ids = answers.map((a) => a.body.data.id as string)
    const stored = await t.ctx.store.db.select().from(icons).where(inArray(icons.id, ids))
    const firstVersions = await t.ctx.store.db
      .select()
      .from(iconVersions)
      .where(inArray(iconVersions.icon_id, ids))
    const creators = answers.map((a) => a.body.data.user_id as string)
    expect(new Set(creators).size).toBe(4)
    for (const [at, id] of ids.entries()) {
      expect(stored.find((row) => row.id === id)?.user_id).toBe(creators[at])
      expect(firstVersions.filter((v) => v.icon_id === id).map((v) => [v.revision, v.user_id])).toEqual([
        [1, creators[at]],
      ])
    }
    // The batch's icons come after the first create's, each at a time of its own.
    const times = ids.map((id) => stored.find((row) => row.id === id)!.created_at.getTime())
    expect(new Set(times).size).toBe(4)
    expect(Math.min(...times.slice(1))).toBeGreaterThan(times[0]!)
  })

  it('refuses only the create that passes the quota when a batch passes it together', async () => {
    const team = teams[1]!
    for (let i = 0; i < 3; i++) expect((await create(team.owner, team)).status).toBe(200)
    const before = await versionOf(team.wsId)
    const answers = await queuedBehindALock(team)
    // 3 + the first = 4; the batch of three would make 7 of 6: written one by one, the third is refused.
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 403])
    expect(answers[3]!.body.code).toBe('quota_reached')
    expect(await versionOf(team.wsId)).toBe(before + 3)
  })
})
