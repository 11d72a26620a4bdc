// The CLI's one path rule (safe-paths.ts): which names are plain file names inside a folder, and that
// reads, writes and deletes never go through a symbolic link or outside the folder.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CliError, EXIT } from './errors.ts'
import {
  assertFileName,
  assertPlan,
  createInside,
  deleteInside,
  fileNameProblem,
  namesIn,
  readPlain,
  replaceInside,
  writeInside,
} from './safe-paths.ts'
import { writeFiles } from './write-files.ts'

describe('fileNameProblem', () => {
  it('lets the formats own names through', () => {
    for (const name of [
      'house.svg',
      'ArrowLeft.tsx',
      'index.ts',
      'index.js',
      'star-2.css',
      'iconvault.lock.json',
    ])
      expect(fileNameProblem(name), name).toBeNull()
  })

  it('refuses traversal, absolute and drive paths, separators, NUL, hidden and device names', () => {
    for (const name of [
      '',
      '..',
      '.',
      '../../x.svg',
      'deep/../../../y.svg',
      'deep/y.svg',
      '/tmp/abs.svg',
      'C:\\evil.svg',
      'C:evil.svg',
      '..\\..\\b.svg',
      'a\\b.svg',
      'nul\u0000.svg',
      'line\n.svg',
      '.bashrc',
      'CON',
      'lpt1.svg',
      'trailing.',
      'trailing ',
      `${'a'.repeat(252)}.svg`,
      42,
      null,
    ])
      expect(fileNameProblem(name), JSON.stringify(name)).not.toBeNull()
  })

  it('throws exit 2 naming the entry', () => {
    const error = (() => {
      try {
        assertFileName('../../x.svg', 'The release export (a ZIP entry)')
      } catch (e) {
        return e as CliError
      }
    })()
    expect(error).toBeInstanceOf(CliError)
    expect(error?.exitCode).toBe(2)
    expect(error?.message).toContain('"../../x.svg"')
  })
})

describe('reads, writes and deletes inside a folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'iconvault-safe-'))
  const out = join(root, 'out')
  const outside = join(root, 'outside.txt')
  afterEach(() => {
    rmSync(out, { recursive: true, force: true })
    rmSync(outside, { force: true })
  })
  const setUp = () => {
    mkdirSync(out)
    writeFileSync(outside, 'mine\n')
  }

  it('writes a new file and replaces a plain one, leaving no temporary file', () => {
    setUp()
    writeInside(out, 'house.svg', 'one')
    writeInside(out, 'house.svg', 'two')
    expect(readFileSync(join(out, 'house.svg'), 'utf8')).toBe('two')
    expect(readPlain(out, 'house.svg')?.toString()).toBe('two')
    expect(readPlain(out, 'star.svg')).toBeNull()
    deleteInside(out, 'house.svg')
    expect(existsSync(join(out, 'house.svg'))).toBe(false)
    expect(readFileSync(outside, 'utf8')).toBe('mine\n')
  })

  it('refuses a symbolic link in the file place: nothing read, written or deleted through it', () => {
    setUp()
    symlinkSync(outside, join(out, 'house.svg'))
    for (const act of [
      () => readPlain(out, 'house.svg'),
      () => assertPlan(out, ['star.svg', 'house.svg']),
      () => writeInside(out, 'house.svg', 'icon'),
      () => deleteInside(out, 'house.svg'),
    ])
      expect(act).toThrow(/symbolic link/)
    expect(readFileSync(outside, 'utf8')).toBe('mine\n')
    expect(existsSync(join(out, 'house.svg'))).toBe(true)
  })

  it('passes a plan of absent and plain files; deleting an absent file is done', () => {
    setUp()
    writeInside(out, 'house.svg', 'icon')
    expect(() => assertPlan(out, ['house.svg', 'star.svg', 'index.ts'])).not.toThrow()
    expect(() => deleteInside(out, 'star.svg')).not.toThrow()
    expect(() => assertPlan(out, ['house.svg', '../outside.txt'])).toThrow(/has a folder in it/)
  })

  it('refuses a folder in the file place and names outside the folder', () => {
    setUp()
    mkdirSync(join(out, 'house.svg'))
    expect(() => assertPlan(out, ['house.svg'])).toThrow(/is a folder/)
    expect(() => writeInside(out, '../outside.txt', 'icon')).toThrow(/has a folder in it/)
    expect(() => deleteInside(out, '../outside.txt')).toThrow(/has a folder in it/)
    expect(readFileSync(outside, 'utf8')).toBe('mine\n')
  })

  it('creates a name the listing did not hold exclusively: a link or file put there since is refused, never followed', async () => {
    setUp()
    const present = namesIn(out)
    expect(present.size).toBe(0)
    expect(namesIn(join(out, 'absent')).size).toBe(0)
    symlinkSync(outside, join(out, 'house.svg'))
    writeFileSync(join(out, 'star.svg'), 'theirs')
    await expect(createInside(out, 'house.svg', 'icon')).rejects.toThrow(/appeared during the pull/)
    await expect(createInside(out, 'star.svg', 'icon')).rejects.toThrow(/appeared during the pull/)
    await expect(createInside(out, '../outside.txt', 'icon')).rejects.toThrow(/has a folder in it/)
    expect(readFileSync(outside, 'utf8')).toBe('mine\n')
    expect(readFileSync(join(out, 'star.svg'), 'utf8')).toBe('theirs')
    await createInside(out, 'moon.svg', 'icon')
    expect(readFileSync(join(out, 'moon.svg'), 'utf8')).toBe('icon')
  })

  it('checks only the listed names on disk, and every name by the rule', () => {
    setUp()
    symlinkSync(outside, join(out, 'house.svg'))
    expect(() => assertPlan(out, ['house.svg'], namesIn(out))).toThrow(/symbolic link/)
    expect(() => assertPlan(out, ['star.svg'], namesIn(out))).not.toThrow()
    expect(() => assertPlan(out, ['../star.svg'], new Set())).toThrow(/has a folder in it/)
  })

  it('writes a plan: new files, replaced ones, the lock last; no temporary file is left', async () => {
    setUp()
    writeFileSync(join(out, 'house.svg'), 'old')
    symlinkSync(outside, join(out, 'link.svg'))
    await expect(replaceInside(out, 'link.svg', 'icon')).rejects.toThrow(/symbolic link/)
    const writes = [
      ...Array.from({ length: 40 }, (_, i) => [`star-${i}.svg`, `star ${i}`] as const),
      ['iconvault.lock.json', '{}'] as const,
      ['house.svg', 'new'] as const,
    ]
    await writeFiles(out, writes, namesIn(out))
    expect(readFileSync(join(out, 'house.svg'), 'utf8')).toBe('new')
    expect(readFileSync(join(out, 'star-39.svg'), 'utf8')).toBe('star 39')
    expect(readFileSync(join(out, 'iconvault.lock.json'), 'utf8')).toBe('{}')
    expect(namesIn(out).size).toBe(43)
    expect(readFileSync(outside, 'utf8')).toBe('mine\n')
  })

  it('stops at the first refused write and leaves the lock unwritten', async () => {
    setUp()
    const present = namesIn(out)
    symlinkSync(outside, join(out, 'star-3.svg'))
    const writes = [
      ...Array.from({ length: 10 }, (_, i) => [`star-${i}.svg`, 'icon'] as const),
      ['iconvault.lock.json', '{}'] as const,
    ]
    await expect(writeFiles(out, writes, present)).rejects.toThrow(/appeared during the pull/)
    expect(existsSync(join(out, 'iconvault.lock.json'))).toBe(false)
    expect(readFileSync(outside, 'utf8')).toBe('mine\n')
  })

  it('a large pull is written by threads, by the same rules: new files exclusive, held ones replaced, the lock last', async () => {
    setUp()
    writeFileSync(join(out, 'held-7.svg'), 'old')
    const present = namesIn(out)
    const writes = [
      ['iconvault.lock.json', '{}'] as const,
      ...Array.from({ length: 2_400 }, (_, i) => [`icon-${i}.svg`, `icon ${i}`] as const),
      ['held-7.svg', 'new'] as const,
    ]
    await writeFiles(out, writes, present)
    expect(readFileSync(join(out, 'icon-2399.svg'), 'utf8')).toBe('icon 2399')
    expect(readFileSync(join(out, 'held-7.svg'), 'utf8')).toBe('new')
    expect(readFileSync(join(out, 'iconvault.lock.json'), 'utf8')).toBe('{}')
    expect(namesIn(out).size).toBe(2_402)
  })

  it("a large pull stops at a link put in a new name's place, follows nothing and leaves the lock unwritten", async () => {
    setUp()
    const present = namesIn(out)
    symlinkSync(outside, join(out, 'icon-1500.svg'))
    const writes = [
      ...Array.from({ length: 3_000 }, (_, i) => [`icon-${i}.svg`, 'icon'] as const),
      ['iconvault.lock.json', '{}'] as const,
    ]
    const failure = await writeFiles(out, writes, present).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(CliError)
    expect((failure as CliError).exitCode).toBe(EXIT.usage)
    expect((failure as CliError).message).toMatch(/icon-1500\.svg appeared during the pull/)
    expect(existsSync(join(out, 'iconvault.lock.json'))).toBe(false)
    expect(readFileSync(outside, 'utf8')).toBe('mine\n')
  })
})
