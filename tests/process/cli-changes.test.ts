// The iconvault CLI's pull from the lock's cursor (ADR 0020) against a real server
// process: after a rename, a new drawing, a delete, moves out and in and a create, only those files
// are written (the others keep their times) and the folder equals a whole pull into an empty one;
// a change to another project writes nothing, not even the lock; a lock without a cursor (an
// earlier CLI's), a refused cursor and a new name equal to a kept icon's fall back to the whole list.
// A release pulled over the previous one writes only what the release changed, the renamed icon's
// deprecated re-export present, --check 1 before and 0 after. Exit 3 for an unknown token, 6 for a
// plan that cannot save.
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IconRow } from '../../common/schemas/rows.ts'
import { type ApiUser, proUserWithProject, signInApi } from '../setup/api-user.ts'
import { type AppOn, startAppOn } from '../setup/app-on.ts'
import type { AppProcess } from '../setup/app-process.ts'
import { runCli } from '../setup/cli-run.ts'
import { postgresOnly } from '../setup/postgres-only.ts'
import type { TestSmtp } from '../setup/smtp.ts'
import type { DbKind } from '../setup/test-db.ts'

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n} 2h4v${3 + n}h-4z"/></svg>`

describe('iconvault pull from the lock’s cursor on pglite', () => suite('pglite'))
postgresOnly('iconvault pull from the lock’s cursor on postgres', () => suite('postgres'))

function suite(kind: DbKind) {
  let server: AppOn
  let smtp: TestSmtp
  let app: AppProcess
  let user: ApiUser
  let token: string
  const other = randomUUID()
  const work = mkdtempSync(join(tmpdir(), 'iconvault-changes-'))

  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCli(work, args, { ICONVAULT_URL: app.baseUrl, ICONVAULT_TOKEN: token, ...env })
  const pullInto = (out: string, ...more: string[]) =>
    cli(['pull', '--project', user.projectId, '--format', 'react-ts', '--out', join(work, out), ...more])
  const ok = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200)
    return (await res.json()).data
  }
  const create = (name: string, n: number, project = user.projectId) =>
    user.call('/api/icons/create', { id: randomUUID(), name, svg: svgOf(n), project_id: project }).then(ok)
  const icons = async (project = user.projectId): Promise<IconRow[]> =>
    ok(await user.call(`/api/icons?project_id=${project}`))
  const byName = async (name: string, project?: string) =>
    (await icons(project)).find((i) => i.name === name)!
  const times = (dir: string) =>
    Object.fromEntries(readdirSync(join(work, dir)).map((f) => [f, statSync(join(work, dir, f)).mtimeMs]))
  const lockOf = (dir: string) => JSON.parse(readFileSync(join(work, dir, 'iconvault.lock.json'), 'utf8'))
  /** Every file of `dir` equals the same file of a whole pull into an empty folder (the lock but its cursor). */
  async function equalsWholePull(dir: string) {
    const whole = `whole-${randomUUID()}`
    expect((await pullInto(whole)).code).toBe(0)
    expect(readdirSync(join(work, dir)).sort()).toEqual(readdirSync(join(work, whole)).sort())
    for (const file of readdirSync(join(work, whole)))
      if (file !== 'iconvault.lock.json')
        expect(readFileSync(join(work, dir, file), 'utf8'), file).toBe(
          readFileSync(join(work, whole, file), 'utf8'),
        )
    const { state: _a, ...mine } = lockOf(dir)
    const { state: _b, ...theirs } = lockOf(whole)
    expect(mine).toEqual(theirs)
  }

  beforeAll(async () => {
    server = await startAppOn(kind)
    ;({ app, smtp } = server)
    user = await proUserWithProject(app.baseUrl, smtp, `changes-${kind}@example.com`)
    await ok(await user.call('/api/projects/create', { id: other, name: 'Other', workspace_id: null }))
    for (const [n, name] of ['house', 'star', 'arrow-left', 'moon', 'sun', 'cloud'].entries())
      await create(name, n)
    await create('comet', 7, other)
    token = (await ok(await user.call('/api/tokens/create', { name: 'ci', scope: 'read' }))).token
  }, 90_000)
  afterAll(async () => {
    await server?.stop()
    rmSync(work, { recursive: true, force: true })
  })

  it('writes only what changed since the cursor, and the folder equals a whole pull', async () => {
    expect((await pullInto('inc')).code).toBe(0)
    expect(lockOf('inc').state).toMatch(/^[0-9a-f]{12}\.\d+$/)
    const before = times('inc')

    const house = await byName('house')
    await ok(await user.call('/api/icons/update', { id: house.id, name: 'home' }))
    await ok(await user.call('/api/icons/replace', { id: (await byName('star')).id, svg: svgOf(11) }))
    await ok(await user.call('/api/icons/delete', { id: (await byName('moon')).id }))
    await ok(await user.call('/api/icons/move', { ids: [(await byName('sun')).id], project_id: other }))
    const comet = await byName('comet', other)
    await ok(await user.call('/api/icons/move', { ids: [comet.id], project_id: user.projectId }))
    await create('rain', 12)

    expect((await pullInto('inc', '--check')).code).toBe(1)
    const pulled = await pullInto('inc')
    expect(pulled.code, pulled.stderr).toBe(0)
    expect(pulled.stdout).toContain('2 added, 2 changed, 2 removed; 6 files written, 3 deleted')
    const after = times('inc')
    for (const kept of ['ArrowLeft.tsx', 'Cloud.tsx']) expect(after[kept], kept).toBe(before[kept])
    for (const gone of ['House.tsx', 'Moon.tsx', 'Sun.tsx']) expect(after[gone], gone).toBeUndefined()
    expect(readFileSync(join(work, 'inc/index.ts'), 'utf8')).toContain(
      "export { /** @deprecated Use Home. */ Home as House } from './Home.js'",
    )
    await equalsWholePull('inc')
    expect((await pullInto('inc', '--check')).code).toBe(0)

    // Nothing changed here, a change to another project: nothing written, the lock neither.
    const unchanged = times('inc')
    await create('hail', 13, other)
    const again = await pullInto('inc')
    expect(again.stdout).toMatch(/Up to date: nothing written \(6 icons, no change since the lock/)
    expect(times('inc')).toEqual(unchanged)
  }, 90_000)

  it('falls back to the whole list for a lock without a cursor, a refused one, and a name already kept', async () => {
    expect((await pullInto('fallback')).code).toBe(0)
    const files = times('fallback')
    const lock = lockOf('fallback')
    for (const state of [undefined, 'ffffffffffff.1', `${lock.state.split('.')[0]}.999999`]) {
      writeFileSync(
        join(work, 'fallback/iconvault.lock.json'),
        `${JSON.stringify({ ...lock, state }, null, 2)}\n`,
      )
      const res = await pullInto('fallback')
      expect(res.code, res.stderr).toBe(0)
      expect(res.stdout).toContain("the lock's cursor renewed")
      expect(lockOf('fallback').state).toMatch(/^[0-9a-f]{12}\.\d+$/)
      // Only the lock was written.
      expect({ ...times('fallback'), 'iconvault.lock.json': 0 }).toEqual({
        ...files,
        'iconvault.lock.json': 0,
      })
    }
    // A second "cloud": which of the two is Cloud2 depends on their markup, which the lock does not keep.
    await create('cloud', 14)
    const clash = await pullInto('fallback')
    expect(clash.code, clash.stderr).toBe(0)
    expect(clash.stdout).toContain('1 added')
    await equalsWholePull('fallback')
  }, 90_000)

  it('pulls a release over the previous one: only what it changed, the old name deprecated', async () => {
    const first = await ok(await user.call('/api/projects/release', { project_id: user.projectId }))
    expect((await pullInto('rel', '--release', first.version)).code).toBe(0)
    const before = times('rel')
    const arrow = await byName('arrow-left')
    await ok(await user.call('/api/icons/update', { id: arrow.id, name: 'arrow-back' }))
    const second = await ok(await user.call('/api/projects/release', { project_id: user.projectId }))
    expect((await pullInto('rel', '--release', second.version, '--check')).code).toBe(1)
    const res = await pullInto('rel', '--release', second.version)
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout).toContain('0 added, 1 changed, 0 removed; 3 files written, 1 deleted')
    const after = times('rel')
    expect(after['ArrowLeft.tsx']).toBeUndefined()
    expect(after['ArrowBack.tsx']).toBeDefined()
    for (const file of ['Home.tsx', 'Star.tsx', 'Cloud.tsx']) expect(after[file], file).toBe(before[file])
    expect(readFileSync(join(work, 'rel/index.ts'), 'utf8')).toContain(
      "export { /** @deprecated Use ArrowBack. */ ArrowBack as ArrowLeft } from './ArrowBack.js'",
    )
    expect((await pullInto('rel', '--release', second.version, '--check')).code).toBe(0)
  }, 90_000)

  it('exits 3 for a token the server never issued and 6 when the plan cannot save', async () => {
    const unknown = await cli(
      ['pull', '--project', user.projectId, '--format', 'svg', '--out', join(work, 'x')],
      {
        ICONVAULT_TOKEN: `ivt_${'A'.repeat(43)}`,
      },
    )
    expect(unknown.code).toBe(3)
    expect(unknown.stderr).toMatch(/token_invalid/)

    // A free account may keep a project but not save icons into it.
    const cookie = await signInApi(app.baseUrl, smtp, `free-${kind}@example.com`)
    const call = (path: string, body: unknown) =>
      fetch(`${app.baseUrl}${path}`, {
        method: 'POST',
        headers: { cookie, origin: app.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const project = randomUUID()
    await ok(await call('/api/projects/create', { id: project, name: 'Free', workspace_id: null }))
    const write = (await ok(await call('/api/tokens/create', { name: 'push', scope: 'write' }))).token
    const src = join(work, 'free-src')
    mkdirSync(src)
    writeFileSync(join(src, 'dot.svg'), svgOf(1))
    const pushed = await cli(['push', src, '--project', project], { ICONVAULT_TOKEN: write })
    expect(pushed.code, pushed.stdout + pushed.stderr).toBe(6)
    expect(pushed.stderr).toMatch(/plan_required/)
  }, 90_000)
}
