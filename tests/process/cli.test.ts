// The iconvault CLI (ADR 0020) as a user runs it: a child process against a real
// server process, with a token made from the session. Pull twice (the second writes nothing, file
// times unchanged); a rename: --check exits 1, pull writes only what changed (the index keeps the
// old name as a deprecated re-export), --check exits 0; a release pulled by its version; push then
// pull round trip with a refused file, then the folder pushed again changes nothing (no revision
// moves); each error's exit code (2 usage and foreign folder, 3 revoked, 4 unknown project, 5 no
// server, 6 read token pushing). Every file equals convert(...) of its icon with what it means, as
// the export gives it (ADR 0106).
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportIcon, exportMeaning } from '../../common/exports/export-kinds.ts'
import type { IconRow } from '../../common/schemas/rows.ts'
import { type ConvertOptions, type CopyFormat, convert } from '../../common/svg/index.ts'
import { type ApiUser, proUserWithProject } from '../setup/api-user.ts'
import { type AppOn, startAppOn } from '../setup/app-on.ts'
import { type AppProcess, freePort } from '../setup/app-process.ts'
import { CLI_BIN, type CliRun, runCli } from '../setup/cli-run.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import type { TestSmtp } from '../setup/smtp.ts'
import type { DbKind } from '../setup/test-db.ts'

const SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'
const CIRCLE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9"/></svg>'
const DIAMOND =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 2l10 10-10 10L2 12z"/></svg>'

// One server per database kind: PGlite always, Postgres when TEST_DATABASE_URL is set.
describe('iconvault CLI against a real server on pglite', () => cliSuite('pglite'))
postgresOnly('iconvault CLI against a real server on postgres', () => cliSuite('postgres'))

function cliSuite(kind: DbKind) {
  let server: AppOn
  let smtp: TestSmtp
  let app: AppProcess
  let user: ApiUser
  let readToken: string
  let readTokenId: string
  let writeToken: string
  const work = mkdtempSync(join(tmpdir(), 'iconvault-cli-'))

  const cli = (args: string[], env: Record<string, string> = {}): Promise<CliRun> =>
    runCli(work, args, { ICONVAULT_URL: app.baseUrl, ICONVAULT_TOKEN: readToken, ...env })
  const icons = async (): Promise<IconRow[]> =>
    (await (await user.call(`/api/icons?project_id=${user.projectId}`)).json()).data
  const token = async (scope: 'read' | 'write') => {
    const res = await user.call('/api/tokens/create', { name: `cli ${scope}`, scope })
    expect(res.status).toBe(200)
    return (await res.json()).data as { id: string; token: string }
  }
  const times = (dir: string) =>
    Object.fromEntries(readdirSync(dir).map((file) => [file, statSync(join(dir, file)).mtimeMs]))

  beforeAll(async () => {
    server = await startAppOn(kind)
    ;({ app, smtp } = server)
    user = await proUserWithProject(app.baseUrl, smtp, `cli-${kind}@example.com`)
    for (const [name, svg] of [
      ['house', SQUARE],
      ['star', CIRCLE],
      ['arrow-left', DIAMOND],
    ])
      expect(
        (await user.call('/api/icons/create', { id: randomUUID(), name, svg, project_id: user.projectId }))
          .status,
      ).toBe(200)
    ;({ token: readToken, id: readTokenId } = await token('read'))
    ;({ token: writeToken } = await token('write'))
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    rmSync(work, { recursive: true, force: true })
  })

  it('pulls react-ts, writes nothing the second time, then only what a rename changed', async () => {
    const out = join(work, 'react')
    const pull = ['pull', '--project', user.projectId, '--format', 'react-ts', '--out', out]
    const first = await cli(pull)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain('3 added, 0 changed, 0 removed')
    expect(readdirSync(out).sort()).toEqual(
      ['ArrowLeft.tsx', 'House.tsx', 'Star.tsx', 'iconvault.lock.json', 'index.ts'].sort(),
    )
    for (const icon of await icons()) {
      const file = { house: 'House', star: 'Star', 'arrow-left': 'ArrowLeft' }[icon.name]
      expect(readFileSync(join(out, `${file}.tsx`), 'utf8')).toBe(exported(icon, 'react-ts'))
    }
    const lock = JSON.parse(readFileSync(join(out, 'iconvault.lock.json'), 'utf8'))
    expect(lock).toMatchObject({ project: user.projectId, release: 'latest', format: 'react-ts' })
    expect(lock.icons.map((i: { name: string }) => i.name).sort()).toEqual(['arrow-left', 'house', 'star'])
    expect(lock.icons[0].sha256).toMatch(/^[0-9a-f]{64}$/)

    const before = times(out)
    const second = await cli(pull)
    expect(second.code, second.stderr).toBe(0)
    // The lock's cursor: the server answered no change, the list was not downloaded again.
    expect(second.stdout).toMatch(/Up to date: nothing written \(3 icons, no change since the lock/)
    expect(times(out)).toEqual(before)
    expect((await cli([...pull, '--check'])).code).toBe(0)

    const house = (await icons()).find((i) => i.name === 'house')
    expect((await user.call('/api/icons/update', { id: house?.id, name: 'home' })).status).toBe(200)
    const check = await cli([...pull, '--check'])
    expect(check.code).toBe(1)
    expect(check.stdout).toContain('~ home (Home.tsx)')
    const dry = await cli([...pull, '--dry-run'])
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain('would delete House.tsx')
    expect(times(out)).toEqual(before)

    const third = await cli(pull)
    expect(third.code, third.stderr).toBe(0)
    expect(third.stdout).toContain('0 added, 1 changed, 0 removed')
    const after = times(out)
    expect(after['House.tsx']).toBeUndefined()
    expect(after['Star.tsx']).toBe(before['Star.tsx'])
    expect(after['ArrowLeft.tsx']).toBe(before['ArrowLeft.tsx'])
    expect(readFileSync(join(out, 'Home.tsx'), 'utf8')).toBe(
      exported(rowNamed(await icons(), 'home'), 'react-ts'),
    )
    expect(readFileSync(join(out, 'index.ts'), 'utf8')).toContain(
      "export { /** @deprecated Use Home. */ Home as House } from './Home.js'",
    )
    expect((await cli([...pull, '--check'])).code).toBe(0)

    // A file edited by hand is drift, though the project did not change: --check fails, pull repairs it.
    writeFileSync(join(out, 'Star.tsx'), 'edited by hand\n')
    const drift = await cli([...pull, '--check'])
    expect(drift.code).toBe(1)
    expect(drift.stdout).toContain('1 file to write, 0 to delete')
    expect((await cli(pull)).code).toBe(0)
    expect(readFileSync(join(out, 'Star.tsx'), 'utf8')).toBe(
      exported(rowNamed(await icons(), 'star'), 'react-ts'),
    )
    expect((await cli([...pull, '--check'])).code).toBe(0)

    // A release, pulled by its version into another folder: the same files.
    const release = await user.call('/api/projects/release', { project_id: user.projectId })
    expect(release.status).toBe(200)
    const { version } = (await release.json()).data
    const released = join(work, 'released')
    const fromRelease = await cli([
      'pull',
      '--project',
      user.projectId,
      '--format',
      'react-ts',
      '--out',
      released,
      '--release',
      version,
    ])
    expect(fromRelease.code, fromRelease.stderr).toBe(0)
    for (const file of ['Home.tsx', 'Star.tsx', 'index.ts'])
      expect(readFileSync(join(released, file), 'utf8')).toBe(readFileSync(join(out, file), 'utf8'))
    expect(JSON.parse(readFileSync(join(released, 'iconvault.lock.json'), 'utf8')).release).toBe(version)
  }, 90_000)

  it('pushes a folder (create, replace, refuse) and pulls it back as svg', async () => {
    const src = join(work, 'push')
    mkdirSync(src)
    writeFileSync(join(src, 'star.svg'), DIAMOND)
    writeFileSync(join(src, 'moon.svg'), SQUARE)
    writeFileSync(join(src, 'broken.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><nothing/></svg>')
    const pushed = await cli(['push', src, '--project', user.projectId], { ICONVAULT_TOKEN: writeToken })
    expect(pushed.code, pushed.stderr).toBe(0)
    expect(pushed.stdout).toContain('+ moon')
    expect(pushed.stdout).toContain('~ star')
    expect(pushed.stdout).toMatch(/refused broken\.svg: \S+/)
    expect(pushed.stdout).toContain('1 created, 1 replaced, 0 unchanged, 1 refused')

    const out = join(work, 'svg')
    const pull = await cli(['pull', '--project', user.projectId, '--format', 'svg', '--out', out])
    expect(pull.code, pull.stderr).toBe(0)
    const rows = await icons()
    expect(rows.map((r) => r.name).sort()).toEqual(['arrow-left', 'home', 'moon', 'star'])
    for (const row of rows)
      expect(readFileSync(join(out, `${row.name}.svg`), 'utf8')).toBe(
        exported(row, 'svg', { instance: row.name }),
      )

    // Pushed again unchanged: the same drawings, nothing sent that changes the project (no icon's
    // revision moves, no replace is recorded).
    const revisions = Object.fromEntries(rows.map((r) => [r.name, r.revision]))
    const again = await cli(['push', src, '--project', user.projectId], { ICONVAULT_TOKEN: writeToken })
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toContain('0 created, 0 replaced, 2 unchanged, 1 refused')
    expect(Object.fromEntries((await icons()).map((r) => [r.name, r.revision]))).toEqual(revisions)
  }, 90_000)

  it('exits 2 on usage and a foreign folder, 6 for a read token pushing, 4, 5 and 3 when revoked', async () => {
    const usage = await cli(['pull', '--project', user.projectId])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toMatch(/^iconvault: pull needs --project, --format and --out/)
    expect((await cli(['frobnicate'])).code).toBe(2)
    const mixed = ['--format', 'svg', '--out', join(work, 'x'), '--release', '1.0.0', '--approved-only']
    expect((await cli(['pull', '--project', user.projectId, ...mixed])).code).toBe(2)

    const foreign = join(work, 'foreign')
    mkdirSync(foreign)
    writeFileSync(join(foreign, 'mine.txt'), 'not the CLI’s')
    const refused = await cli(['pull', '--project', user.projectId, '--format', 'svg', '--out', foreign])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/no iconvault\.lock\.json: it is not a folder iconvault wrote/)
    expect(readdirSync(foreign)).toEqual(['mine.txt'])

    const readPush = await cli(['push', join(work, 'push'), '--project', user.projectId])
    expect(readPush.code).toBe(6)
    expect(readPush.stderr).toMatch(/token_read_only/)

    const target = ['--format', 'svg', '--out', join(work, 'nowhere')]
    const missing = await cli(['pull', '--project', randomUUID(), ...target])
    expect(missing.code).toBe(4)
    const offline = await cli(['pull', '--project', user.projectId, ...target], {
      ICONVAULT_URL: `http://127.0.0.1:${await freePort()}`,
    })
    expect(offline.code).toBe(5)
    expect(offline.stderr).toMatch(/^iconvault: Cannot reach/)

    // login keeps the URL and token (0600) for runs without the variables.
    const login = spawn(process.execPath, [CLI_BIN, 'login'], {
      cwd: work,
      env: { PATH: process.env.PATH ?? '', HOME: work, XDG_CONFIG_HOME: join(work, 'config') },
    })
    login.stdin.end(`${app.baseUrl}\n${readToken}\n`)
    expect(await new Promise((resolve) => login.on('exit', resolve))).toBe(0)
    expect(statSync(join(work, 'config/iconvault/config.json')).mode & 0o777).toBe(0o600)
    const stored = await cli(
      ['pull', '--project', user.projectId, '--format', 'css', '--out', join(work, 'css')],
      {
        ICONVAULT_URL: '',
        ICONVAULT_TOKEN: '',
      },
    )
    expect(stored.code, stored.stderr).toBe(0)
    expect(stored.stdout).toContain('4 added')
    // CSS as the app copies it: under the project's default class prefix ("Pool" → pool-).
    expect(readFileSync(join(work, 'css', 'star.css'), 'utf8')).toBe(
      exported(rowNamed(await icons(), 'star'), 'css', { classPrefix: 'pool-' }),
    )

    expect((await user.call('/api/tokens/revoke', { id: readTokenId })).status).toBe(200)
    const revoked = await cli(['pull', '--project', user.projectId, ...target])
    expect(revoked.code).toBe(3)
    expect(revoked.stderr).toMatch(/token_revoked/)
  }, 90_000)
}

/** The icon of that name (the server keeps its own optimised markup). */
function rowNamed(rows: IconRow[], name: string): IconRow {
  const row = rows.find((r) => r.name === name)
  if (!row) throw new Error(`no icon named ${name}`)
  return row
}

/** The file the export makes of a row: converted with what it means (ADR 0106). */
const exported = (row: IconRow, format: CopyFormat, extra: ConvertOptions = {}) =>
  convert(row.svg, format, row.name, { ...exportMeaning(exportIcon(row)), ...extra })
