// A server process killed around its commit never leaves a stored change unannounced. A
// real app process on Postgres gets a 60-icon drop and is SIGKILLed at a different moment each round;
// whatever it committed must have reached a listener on the change channel (the note is sent in the
// writing transaction, so Postgres delivers it on commit, whether or not the process lives on).
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, expect, it } from 'vitest'
import { proUserWithProject } from '../setup/api-user.ts'
import { type AppProcess, freePort, startApp } from '../setup/app-process.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createTestDb, type TestDb } from '../setup/test-db.ts'

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h4v${2 + (n % 19)}h-4z"/></svg>`

postgresOnly('a writer killed around its commit, on Postgres', () => {
  let db: TestDb
  let smtp: TestSmtp
  let app: AppProcess | undefined
  let listener: pg.Client | undefined
  afterAll(async () => {
    await app?.stop()
    await listener?.end()
    await smtp?.close()
    await db?.dispose()
  })

  it('announces every icon it stored, whenever the process died', { timeout: 120_000 }, async () => {
    db = await createTestDb('postgres')
    smtp = await startTestSmtp()
    const url = (db.options as { databaseUrl: string }).databaseUrl
    const port = await freePort()
    const env = {
      DATABASE_URL: url,
      SMTP_URL: smtp.url,
      AUTH_SECRET: 'kill-test-secret-kill-test-secret-0123',
    }
    app = await startApp({ env, port })
    const user = await proUserWithProject(app.baseUrl, smtp, 'kill@example.com')

    listener = new pg.Client({ connectionString: url })
    await listener.connect()
    const heard = new Set<string>()
    const sentinels = new Map<string, () => void>()
    listener.on('notification', (msg) => {
      const note = JSON.parse(msg.payload ?? '{}')
      for (const id of note.ids ?? [note.id]) if (id) heard.add(id)
      if (note.entity === 'test') sentinels.get(note.mark)?.()
    })
    await listener.query('listen iconvault_changes')
    /** Notes arrive in commit order: once our own later note arrives, every earlier one has. */
    const settle = async () => {
      const mark = randomUUID()
      const arrived = new Promise<void>((resolve) => sentinels.set(mark, resolve))
      await listener!.query("select pg_notify('iconvault_changes', $1)", [
        JSON.stringify({ entity: 'test', mark }),
      ])
      await arrived
    }

    let stored = 0
    for (const [round, delay] of [0, 20, 40, 80, 160, -1].entries()) {
      const icons = Array.from({ length: 60 }, (_, n) => ({
        id: randomUUID(),
        name: `Kill ${round}.${n}`,
        svg: svgOf(n),
        project_id: user.projectId,
        workspace_id: null,
      }))
      const sent = user.call('/api/icons/create-many', { icons }).then(
        (r) => r.status,
        () => 0,
      )
      if (delay >= 0) {
        await new Promise((r) => setTimeout(r, delay))
        app.child.kill('SIGKILL')
      }
      await sent
      if (delay >= 0) {
        const child = app.child
        if (child.exitCode === null && child.signalCode === null)
          await new Promise((r) => child.once('exit', r))
        app = await startApp({ env, port })
      }
      await settle()
      const ids = icons.map((i) => i.id)
      const rows = await listener.query('select id from icons where id = any($1::uuid[])', [ids])
      const kept: string[] = rows.rows.map((r: { id: string }) => r.id)
      stored += kept.length
      expect(kept.filter((id) => !heard.has(id))).toEqual([])
    }
    // The last round ran to its end: something was stored and heard, so the check above had teeth.
    expect(stored).toBeGreaterThanOrEqual(60)
  })
})
