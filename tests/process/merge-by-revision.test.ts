// Merging by revision, never by a clock (ADR 0300): two server processes on one Postgres, one of
// them with its clock ten minutes ahead (tests/setup/clock-skew.ts, a preload that shifts Date.now
// and new Date()), as two machines of a cluster whose clocks drifted. A row written first through the
// process ahead and then through the one on time carries the later clock stamp on its OLDER version;
// the browser's merge (client/local/apply.ts on a real IndexedDB, fake-indexeddb under Dexie) must
// keep the newer version whichever of the two arrives last (events and lists overtake each other).
import 'fake-indexeddb/auto'
import { randomBytes, randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import type { IconRow, ProjectRow } from '@common/schemas/rows.ts'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { applyServerRows } from '../../client/local/apply.ts'
import { StoredRows } from '../../client/local/bulk-write.ts'
import { db, openLocalDb, type RowTable, rwTransaction } from '../../client/local/db.ts'
import { type ApiUser, proUserWithProject } from '../setup/api-user.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createTestDb, type TestDb } from '../setup/test-db.ts'

const SKEW_MS = 10 * 60_000
const clockSkew = fileURLToPath(new URL('../setup/clock-skew.ts', import.meta.url))
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'

/** What the browser's local copy becomes after these server rows arrive, one after the other. */
async function arrive(table: RowTable, rows: readonly (IconRow | ProjectRow)[]) {
  for (const row of rows) {
    const stored = new StoredRows(table)
    await rwTransaction(() => applyServerRows(table, [{ id: row.id, row }], stored))
    stored.announce()
  }
  return table === 'icons' ? db.icons.get(rows[0]!.id) : db.projects.get(rows[0]!.id)
}

postgresOnly('two processes with skewed clocks: the browser keeps the newer version', () => {
  let smtp: TestSmtp
  let database: TestDb
  let ahead: AppProcess
  let onTime: AppProcess
  let user: ApiUser
  /** A write through `app` (both share the database and the secret: one session works on both). */
  const write = async <T>(app: AppProcess, path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      headers: { cookie: user.cookie, origin: app.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status, await res.clone().text()).toBe(200)
    return ((await res.json()) as { data: T }).data
  }

  beforeAll(async () => {
    smtp = await startTestSmtp()
    database = await createTestDb('postgres')
    const env: Record<string, string> = {
      SMTP_URL: smtp.url,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
    }
    if ('databaseUrl' in database.options) env.DATABASE_URL = database.options.databaseUrl
    onTime = await startApp({ env })
    ahead = await startApp({
      env: { ...env, NODE_OPTIONS: `--import ${clockSkew}`, ICONVAULT_TEST_CLOCK_SKEW_MS: String(SKEW_MS) },
    })
    user = await proUserWithProject(onTime.baseUrl, smtp, 'clock-skew@example.com')
  })

  afterAll(async () => {
    await ahead?.stop()
    await onTime?.stop()
    await smtp?.close()
    await database?.dispose()
  })

  beforeEach(async () => {
    await openLocalDb()
    await rwTransaction(async () => {
      for (const table of db.tables) await table.clear()
    })
  })

  it('an icon renamed through the process ahead, then through the one on time', async () => {
    const id = randomUUID()
    await write(onTime, '/api/icons/create', { id, name: 'draft', svg: SVG, project_id: user.projectId })
    const first = await write<IconRow>(ahead, '/api/icons/update', { id, name: 'first-rename' })
    const second = await write<IconRow>(onTime, '/api/icons/update', { id, name: 'second-rename' })
    // The clocks really differ: the later version carries the earlier stamp.
    expect(Date.parse(second.updated_at)).toBeLessThan(Date.parse(first.updated_at))
    expect(second.revision).toBeGreaterThan(first.revision)

    expect((await arrive('icons', [first, second]))?.name).toBe('second-rename')
    await db.icons.clear()
    // The older version arrives last (a list requested before, an event overtaken): it is ignored.
    expect((await arrive('icons', [second, first]))?.name).toBe('second-rename')
  })

  it('a change of what an icon means (no new revision) through both processes', async () => {
    const id = randomUUID()
    await write(onTime, '/api/icons/create', { id, name: 'meaning', svg: SVG, project_id: user.projectId })
    const first = await write<IconRow>(ahead, '/api/icons/update', { id, name: 'meaning', label: 'first' })
    const second = await write<IconRow>(onTime, '/api/icons/update', { id, name: 'meaning', label: 'second' })
    expect(second.revision).toBe(first.revision)
    expect(Date.parse(second.updated_at)).toBeLessThan(Date.parse(first.updated_at))
    expect(((await arrive('icons', [second, first])) as IconRow | undefined)?.label).toBe('second')
  })

  it('a project renamed through both processes', async () => {
    const first = await write<ProjectRow>(ahead, '/api/projects/update', {
      id: user.projectId,
      name: 'Ahead',
    })
    const second = await write<ProjectRow>(onTime, '/api/projects/update', {
      id: user.projectId,
      name: 'On time',
    })
    expect(Date.parse(second.updated_at)).toBeLessThan(Date.parse(first.updated_at))
    expect((await arrive('projects', [second, first]))?.name).toBe('On time')
    await db.projects.clear()
    expect((await arrive('projects', [first, second]))?.name).toBe('On time')
  })
})
