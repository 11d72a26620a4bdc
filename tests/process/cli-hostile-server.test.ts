// The iconvault CLI owns only what it wrote (ADR 0020), against a fake hostile server (a real
// node:http server on loopback, tests/setup/fake-iconvault.ts) and a folder an attacker prepared:
// a release ZIP with traversal, absolute, drive and backslash names, a lock listing a file outside
// the folder, symbolic links in the folder. Each is refused with exit 2 and a message before
// anything is written or deleted (the whole temporary tree is compared), and a valid pull still
// works. Plain http to another host is refused without --insecure; 429 and 503 are asked again
// after their Retry-After, a bounded number of times.
import { randomUUID } from 'node:crypto'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IconRow } from '../../common/schemas/rows.ts'
import { runCli } from '../setup/cli-run.ts'
import { type FakeIconvault, startFakeIconvault } from '../setup/fake-iconvault.ts'

const SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'
const CIRCLE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="9"/></svg>'
const PROJECT = randomUUID()
const encoder = new TextEncoder()

const row = (name: string, svg: string): IconRow => ({
  id: randomUUID(),
  name,
  svg,
  user_id: null,
  origin_icon_id: null,
  project_id: PROJECT,
  workspace_id: null,
  icon_status: 'approved',
  created_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-01T10:00:00.000Z',
  revision: 1,
  aliases: [],
  label: '',
  description: '',
  decorative: false,
  tags: [],
  approved_revision: null,
  review_comment: '',
})

/** Every path under `dir` with its kind and bytes: what a refused pull must leave exactly as it was. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name)
      const stat = lstatSync(path)
      const key = relative(dir, path)
      if (stat.isDirectory()) {
        out[`${key}/`] = 'dir'
        walk(path)
      } else out[key] = stat.isSymbolicLink() ? 'link' : readFileSync(path, 'utf8')
    }
  }
  walk(dir)
  return out
}

describe('iconvault CLI against a hostile server and folder', () => {
  let fake: FakeIconvault
  const work = mkdtempSync(join(tmpdir(), 'iconvault-hostile-'))
  let rows: IconRow[] = []
  let changesSeen = 0
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCli(work, args, { ICONVAULT_URL: fake.url, ICONVAULT_TOKEN: 'ivt_fake', ...env })
  const release = (out: string) => [
    'pull',
    '--project',
    PROJECT,
    '--format',
    'svg',
    '--out',
    out,
    '--release',
    '1.0.0',
  ]
  const latest = (out: string) => ['pull', '--project', PROJECT, '--format', 'svg', '--out', out]
  const serveZip = (entries: Record<string, string>) =>
    fake.on('/api/projects/export', () => ({
      bytes: zipSync(
        Object.fromEntries(Object.entries(entries).map(([name, text]) => [name, encoder.encode(text)])),
      ),
    }))

  beforeAll(async () => {
    fake = await startFakeIconvault()
    fake.on('/api/icons', () => ({ json: { data: rows } }))
    // Without since: the cursor now; with it: every row as changed (the CLI applies them to its lock).
    fake.on('/api/icons/changes', (url) => {
      changesSeen++
      const since = url.searchParams.get('since')
      return {
        json: { data: { cursor: `c${changesSeen}`, changed: since ? rows : [], removed: [], more: false } },
      }
    })
  })
  afterAll(async () => {
    await fake?.close()
    rmSync(work, { recursive: true, force: true })
  })

  it('refuses a release ZIP whose entries leave the folder, writing nothing; a valid one is pulled', async () => {
    const base = join(work, 'zip')
    const out = join(base, 'a', 'b', 'out')
    mkdirSync(join(base, 'a', 'b'), { recursive: true })
    writeFileSync(join(base, 'a', 'keep.txt'), 'mine\n')
    const absolute = join(tmpdir(), `iconvault-abs-${randomUUID()}.svg`)
    for (const entry of [
      '../../x.svg',
      'deep/../../../y.svg',
      absolute,
      'C:\\evil.svg',
      '..\\..\\b.svg',
      'nul\u0000.svg',
      '.hidden.svg',
    ]) {
      serveZip({ 'house.svg': SQUARE, [entry]: CIRCLE })
      const before = tree(base)
      const run = await cli(release(out))
      expect(run.code, `${entry}: ${run.stderr}`).toBe(2)
      expect(run.stderr).toContain('The release export (a ZIP entry) names')
      expect(run.stderr).toContain(JSON.stringify(entry))
      expect(tree(base), entry).toEqual(before)
      expect(existsSync(absolute)).toBe(false)
    }

    serveZip({ 'house.svg': SQUARE, 'star.svg': CIRCLE, 'aliases.json': '{}' })
    const good = await cli(release(out))
    expect(good.code, good.stderr).toBe(0)
    expect(readdirSync(out).sort()).toEqual(['house.svg', 'iconvault.lock.json', 'star.svg'])
    expect(readFileSync(join(out, 'star.svg'), 'utf8')).toBe(CIRCLE)
    expect(readFileSync(join(base, 'a', 'keep.txt'), 'utf8')).toBe('mine\n')
  }, 120_000)

  it('refuses a release ZIP that would unpack past its bounds (a ZIP bomb), writing nothing', async () => {
    const out = join(work, 'bomb', 'out')
    mkdirSync(out, { recursive: true })
    // 17 MiB of zeros: a few KiB on the wire, past the 16 MiB an entry may unpack to.
    fake.on('/api/projects/export', () => ({
      bytes: zipSync({ 'house.svg': encoder.encode(SQUARE), 'big.svg': new Uint8Array(17 * 1024 * 1024) }),
    }))
    const before = tree(out)
    const run = await cli(release(out))
    expect(run.code, run.stderr).toBe(2)
    expect(run.stderr).toContain('The release export is too large')
    expect(tree(out)).toEqual(before)
  }, 120_000)

  it('refuses a lock whose entries name files outside the folder, deleting nothing', async () => {
    const base = join(work, 'lock')
    const out = join(base, 'out')
    mkdirSync(out, { recursive: true })
    const victim = join(base, 'victim.txt')
    writeFileSync(victim, 'mine\n')
    writeFileSync(join(out, 'house.svg'), SQUARE)
    rows = [row('house', SQUARE)]
    for (const file of ['../victim.txt', victim, '..\\victim.txt']) {
      const lock = {
        lockfile: 1,
        project: PROJECT,
        release: 'latest',
        format: 'svg',
        icons: [
          { id: rows[0]!.id, name: 'house', file: 'house.svg', sha256: 'a'.repeat(64) },
          { id: randomUUID(), name: 'victim', file, sha256: 'b'.repeat(64) },
        ],
        files: {},
      }
      writeFileSync(join(out, 'iconvault.lock.json'), JSON.stringify(lock))
      const before = tree(base)
      const hits = fake.total()
      const run = await cli(latest(out))
      expect(run.code, `${file}: ${run.stderr}`).toBe(2)
      expect(run.stderr).toContain(`icons[1].file ${JSON.stringify(file)}`)
      expect(run.stderr).toContain('is not a lock iconvault can trust')
      expect(tree(base)).toEqual(before)
      // Refused on reading the lock: not even a request was made.
      expect(fake.total()).toBe(hits)
    }
    expect(readFileSync(victim, 'utf8')).toBe('mine\n')
  }, 120_000)

  it('never writes through a symbolic link in the folder; pulls again once the links are gone', async () => {
    const base = join(work, 'links')
    const out = join(base, 'out')
    mkdirSync(base, { recursive: true })
    const outside = join(base, 'outside.txt')
    writeFileSync(outside, 'mine\n')
    rows = [row('house', SQUARE)]
    const first = await cli(latest(out))
    expect(first.code, first.stderr).toBe(0)
    expect(readFileSync(join(out, 'house.svg'), 'utf8')).toContain('<path')

    // A new icon whose file's place holds a link out of the folder.
    rows = [...rows, row('star', CIRCLE)]
    symlinkSync(outside, join(out, 'star.svg'))
    let before = tree(base)
    const newFile = await cli(latest(out))
    expect(newFile.code, newFile.stderr).toBe(2)
    expect(newFile.stderr).toMatch(/star\.svg is a symbolic link/)
    expect(tree(base)).toEqual(before)

    // A file of the lock replaced by a link, its icon changed on the server.
    unlinkSync(join(out, 'star.svg'))
    unlinkSync(join(out, 'house.svg'))
    symlinkSync(outside, join(out, 'house.svg'))
    rows = [{ ...rows[0]!, svg: CIRCLE }, rows[1]!]
    before = tree(base)
    const changed = await cli(latest(out))
    expect(changed.code, changed.stderr).toBe(2)
    expect(changed.stderr).toMatch(/house\.svg is a symbolic link/)
    expect(tree(base)).toEqual(before)
    expect(readFileSync(outside, 'utf8')).toBe('mine\n')

    unlinkSync(join(out, 'house.svg'))
    const repaired = await cli(latest(out))
    expect(repaired.code, repaired.stderr).toBe(0)
    expect(readdirSync(out).sort()).toEqual(['house.svg', 'iconvault.lock.json', 'star.svg'])
    expect(lstatSync(join(out, 'house.svg')).isFile()).toBe(true)
    expect(readFileSync(join(out, 'house.svg'), 'utf8')).toContain('<circle')
    expect(readFileSync(outside, 'utf8')).toBe('mine\n')
  }, 120_000)

  it("refuses an icon list that is not Iconvault's, writing nothing", async () => {
    const base = join(work, 'list')
    mkdirSync(base, { recursive: true })
    const out = join(base, 'out')
    const good = JSON.stringify(row('house', SQUARE))
    const bodies = {
      'a row that is no icon': `{"data":[${good},{"id":1,"name":"../x"}]}`,
      'a body cut short': `{"data":[${good},${good.slice(0, 40)}`,
      'another shape': `{"rows":[${good}]}`,
    }
    try {
      for (const [what, body] of Object.entries(bodies)) {
        fake.on('/api/icons', () => ({ bytes: encoder.encode(body) }))
        const before = tree(base)
        const run = await cli(latest(out))
        expect(run.code, `${what}: ${run.stderr}`).toBe(5)
        expect(run.stderr).toContain("The server's answer is not what Iconvault answers [/api/icons]")
        expect(tree(base), what).toEqual(before)
      }
    } finally {
      fake.on('/api/icons', () => ({ json: { data: rows } }))
    }
  }, 120_000)

  it('refuses plain http to another host unless --insecure', async () => {
    serveZip({ 'house.svg': SQUARE })
    rows = []
    const out = join(work, 'insecure')
    const url = `http://0.0.0.0:${fake.port}`
    const hits = fake.total()
    const refused = await cli(release(out), { ICONVAULT_URL: url })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('is plain http to another machine')
    expect(refused.stderr).toContain('--insecure')
    expect(fake.total()).toBe(hits)
    expect(existsSync(out)).toBe(false)

    const allowed = await cli([...release(out), '--insecure'], { ICONVAULT_URL: url })
    expect(allowed.code, allowed.stderr).toBe(0)
    expect(readFileSync(join(out, 'house.svg'), 'utf8')).toBe(SQUARE)
  }, 60_000)

  it('waits out 503 and 429 by their Retry-After (seconds, HTTP date), and gives up after a bound', async () => {
    rows = [row('house', SQUARE)]
    const busy: { status: number; retryAfter: () => string }[] = [
      { status: 503, retryAfter: () => '1' },
      { status: 429, retryAfter: () => new Date(Date.now() + 1000).toUTCString() },
    ]
    let asked = 0
    fake.on('/api/icons/changes', () => {
      asked++
      const next = busy.shift()
      if (next)
        return {
          status: next.status,
          headers: { 'retry-after': next.retryAfter() },
          json: { error: 'Too many requests', code: 'rate_limited' },
        }
      return { json: { data: { cursor: 'c1', changed: [], removed: [], more: false } } }
    })
    const out = join(work, 'busy')
    const run = await cli(latest(out))
    expect(run.code, run.stderr).toBe(0)
    expect(asked).toBe(3)
    expect(run.stderr).toMatch(/answered 503; waiting 1 s \(retry 1 of 4\)\. \[\/api\/icons\/changes\]/)
    expect(run.stderr).toMatch(/answered 429; waiting [0-2](\.\d+)? s \(retry 2 of 4\)/)
    expect(readFileSync(join(out, 'house.svg'), 'utf8')).toContain('<path')

    asked = 0
    fake.on('/api/icons/changes', () => {
      asked++
      return { status: 503, headers: { 'retry-after': '0' }, json: { error: 'Busy', code: 'unavailable' } }
    })
    const gaveUp = await cli(latest(join(work, 'busy-always')))
    expect(gaveUp.code).toBe(5)
    expect(asked).toBe(5)
    expect(gaveUp.stderr.match(/waiting 0 s/g)).toHaveLength(4)
    expect(gaveUp.stderr).toContain('iconvault: Busy (unavailable) [/api/icons/changes]')
  }, 60_000)
})
