// A first start as a careless deployment's (ADR 0007): the real server started with umask 000 and an
// https BASE_URL on a DATA_DIR it creates. Nothing under DATA_DIR (database, dev mailbox with a
// sign-in link, auth secret, lock, backup socket) has a group or other permission bit, the socket's
// folder is 0700, a backup still goes through the socket, and the start says the test checkout is off.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppProcess, startApp } from '../setup/app-process.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const BASE_URL = 'https://iconvault.example'

/** Every path under `dir` (itself included) whose mode lets group or others in, with that mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = []
  const visit = (path: string) => {
    const stat = statSync(path)
    if (stat.mode & 0o077) found.push(`${(stat.mode & 0o777).toString(8)} ${path}`)
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name))
  }
  visit(dir)
  return found
}

describe('DATA_DIR after a first start with umask 000', () => {
  const parent = mkdtempSync(join(tmpdir(), 'iconvault-private-'))
  const dataDir = join(parent, 'data')
  let app: AppProcess

  beforeAll(async () => {
    app = await startApp({ dataDir, umask: '000', env: { BASE_URL, LOG_LEVEL: 'info' } })
    // The dev mailbox writes the sign-in link under DATA_DIR/mail.
    const res = await fetch(`${app.baseUrl}/api/auth/sign-in/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE_URL },
      body: JSON.stringify({ email: 'ada@example.com' }),
    })
    expect(res.status).toBe(200)
  }, 60_000)

  afterAll(async () => {
    await app?.stop()
    rmSync(parent, { recursive: true, force: true })
  })

  it('keeps every folder and file of DATA_DIR to its own user, the socket in a 0700 folder', () => {
    expect(readdirSync(join(dataDir, 'mail'))).toHaveLength(1)
    const socket = join(dataDir, 'iconvault.sock')
    expect(statSync(socket).isSocket()).toBe(true)
    expect(statSync(dirname(socket)).mode & 0o777).toBe(0o700)
    for (const name of ['auth-secret', 'iconvault.lock', 'pglite', 'mail'])
      expect(readdirSync(dataDir)).toContain(name)
    expect(openToOthers(dataDir)).toEqual([])
  })

  it('still answers a backup through the socket; says at start that the test checkout is off', () => {
    const file = join(parent, 'backup.tar.gz')
    const backup = spawnSync(process.execPath, ['scripts/backup.ts', file], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(`${backup.stdout}${backup.stderr}`).toContain('from the running server')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(app.output()).toMatch(/test checkout is off \(BASE_URL is https/)
  }, 40_000)

  it('has still nothing open to others once stopped (the database closed)', async () => {
    await app.stop()
    expect(openToOthers(dataDir)).toEqual([])
  }, 20_000)
})
