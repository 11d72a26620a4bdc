// Operations on the embedded database with real processes: `npm run backup` while the server runs
// (through its control socket) and while it does not, `npm run restore` refused while it runs and
// then bringing back exactly the backed-up data, and `npm run db:migrate`.
import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiUser, proUserWithProject } from '../setup/api-user.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'

/** Runs one of the operations scripts as `npm run` would, on DATA_DIR. */
function run(script: string, dataDir: string, ...args: string[]) {
  const res = spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { status: res.status, out: `${res.stdout}${res.stderr}` }
}

describe('backup and restore of the embedded database', () => {
  let smtp: TestSmtp
  let app: AppProcess
  let user: ApiUser
  const dataDir = mkdtempSync(join(tmpdir(), 'iconvault-ops-'))
  const backupFile = join(dataDir, '..', `${randomUUID()}.tar.gz`)

  const iconNames = async () =>
    (
      (await (await user.call(`/api/icons?project_id=${user.projectId}`)).json()).data as { name: string }[]
    ).map((i) => i.name)
  const addIcon = async (name: string) => {
    const res = await user.call('/api/icons/create', {
      id: randomUUID(),
      name,
      svg: SVG,
      project_id: user.projectId,
      workspace_id: null,
    })
    expect(res.status).toBe(200)
  }

  beforeAll(async () => {
    smtp = await startTestSmtp()
    app = await startApp({ dataDir, env: { SMTP_URL: smtp.url } })
    user = await proUserWithProject(app.baseUrl, smtp, 'ops@example.com')
  }, 90_000)

  afterAll(async () => {
    await app?.stop()
    await smtp?.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(backupFile, { force: true })
  })

  it('backs up the live database, refuses to restore under a running server, restores exactly the backup', async () => {
    for (const name of ['one', 'two', 'three']) await addIcon(name)
    const backup = run('backup', dataDir, backupFile)
    expect(backup.out).toContain('from the running server')
    expect(backup.status).toBe(0)
    expect(existsSync(`${backupFile}.partial`)).toBe(false)
    await addIcon('after the backup')
    expect(await iconNames()).toEqual(['one', 'two', 'three', 'after the backup'])

    const refused = run('restore', dataDir, backupFile)
    expect(refused.status).toBe(1)
    expect(refused.out).toContain('Another Iconvault process')

    await app.stop()
    expect(run('restore', dataDir, join(dataDir, 'no-such-file.tar.gz')).out).toContain('No such backup file')
    const restored = run('restore', dataDir, backupFile)
    expect(restored.out).toContain('Restored')
    expect(restored.status).toBe(0)
    expect(readdirSync(dataDir).some((f) => f.startsWith('pglite.before-restore-'))).toBe(true)

    app = await startApp({ dataDir, env: { SMTP_URL: smtp.url } })
    user = { ...user, baseUrl: app.baseUrl, call: rebind(user, app.baseUrl) }
    expect(await iconNames()).toEqual(['one', 'two', 'three'])
  }, 120_000)

  it('backs up without a running server, and migrates on its own', async () => {
    await app.stop()
    const offline = run('backup', dataDir, backupFile)
    expect(offline.out).toContain('no server running')
    expect(offline.status).toBe(0)
    const migrate = run('db-migrate', dataDir)
    expect(migrate.out).toContain(`Migrations applied to PGlite in ${dataDir}`)
    expect(migrate.status).toBe(0)
  }, 60_000)
})

/** The same user's calls against a restarted server (a new port). */
function rebind(user: ApiUser, baseUrl: string): ApiUser['call'] {
  return (path, body, init = {}) =>
    fetch(`${baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...init,
      headers: {
        cookie: user.cookie,
        origin: baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
}
