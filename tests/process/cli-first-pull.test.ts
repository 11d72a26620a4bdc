// A first pull of a large project into a new folder writes its files while it converts the rest
// (writer threads fed as each file is made, ADR 0020): every file exactly what the export makes of
// its icon, the index and the lock last, and a pull right after is up to date. A file that appears in
// the folder during the pull (after it was found empty) is never overwritten: the pull stops with
// the CLI's refusal and writes no lock. Against a fake server (tests/setup/fake-iconvault.ts).
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildFiles } from '../../cli/lib/build-files.ts'
import { sha256 } from '../../cli/lib/lock.ts'
import { THREADED_FROM } from '../../cli/lib/write-files.ts'
import { runCli } from '../setup/cli-run.ts'
import { type FakeIconvault, startFakeIconvault } from '../setup/fake-iconvault.ts'
import { iconRow } from '../setup/icon-row.ts'

const PROJECT = randomUUID()
const COUNT = THREADED_FROM + 500
/** Distinct drawings, names with characters of several UTF-8 lengths now and then. */
const rows = Array.from({ length: COUNT }, (_, i) =>
  iconRow({
    id: randomUUID(),
    name: i % 97 ? `icon ${i}` : `icône ${i} ✓`,
    project_id: PROJECT,
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${i % 20} 2h${1 + (i % 17)}v${2 + (i % 19)}h-1z"/></svg>`,
  }),
)

describe('a first pull of a large project', () => {
  let fake: FakeIconvault
  const work = mkdtempSync(join(tmpdir(), 'iconvault-first-pull-'))
  const pull = (out: string) =>
    runCli(work, ['pull', '--project', PROJECT, '--format', 'react-ts', '--out', out], {
      ICONVAULT_URL: fake.url,
      ICONVAULT_TOKEN: 'ivt_fake',
    })

  beforeAll(async () => {
    fake = await startFakeIconvault()
    fake.on('/api/icons', () => ({ json: { data: rows } }))
    fake.on('/api/icons/changes', () => ({
      json: { data: { cursor: 'c1', changed: [], removed: [], more: false } },
    }))
  })
  afterAll(async () => {
    await fake?.close()
    rmSync(work, { recursive: true, force: true })
  })

  it('writes every file as the export makes it, the lock last; a pull right after is up to date', async () => {
    const out = join(work, 'icons')
    const run = await pull(out)
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain(`${COUNT.toLocaleString('en')} added`)
    const built = buildFiles(rows, 'react-ts', '')!
    const expected = new Map([
      ...built.icons.map((icon) => [icon.file, icon.text!] as const),
      ...built.extra.map(({ file, text }) => [file, text] as const),
    ])
    expect(readdirSync(out).sort()).toEqual([...expected.keys(), 'iconvault.lock.json'].sort())
    for (const [file, text] of expected) expect(readFileSync(join(out, file), 'utf8'), file).toBe(text)
    const lock = JSON.parse(readFileSync(join(out, 'iconvault.lock.json'), 'utf8')) as {
      icons: { file: string; sha256: string }[]
    }
    expect(lock.icons).toHaveLength(COUNT)
    for (const { file, sha256: hash } of lock.icons) expect(sha256(readFileSync(join(out, file)))).toBe(hash)

    const again = await pull(out)
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toContain('Up to date')
  }, 120_000)

  it('never overwrites a file that appeared during the pull, and writes no lock', async () => {
    const out = join(work, 'raced')
    const planted = join(out, 'Icon2000.tsx')
    // The folder is found empty; while the list is asked for, someone puts a file there.
    fake.on('/api/icons', () => {
      mkdirSync(out, { recursive: true })
      writeFileSync(planted, 'not ours\n')
      return { json: { data: rows } }
    })
    try {
      const run = await pull(out)
      expect(run.code, run.stderr).toBe(2)
      expect(run.stderr).toContain('Icon2000.tsx appeared during the pull')
      expect(readFileSync(planted, 'utf8')).toBe('not ours\n')
      expect(existsSync(join(out, 'iconvault.lock.json'))).toBe(false)
    } finally {
      fake.on('/api/icons', () => ({ json: { data: rows } }))
    }
  }, 120_000)
})
