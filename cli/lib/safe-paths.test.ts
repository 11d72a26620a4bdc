// The CLI's one path rule (safe-paths.ts): which names are plain file names inside a folder, and that
// reads, writes and deletes never go through a symbolic link or outside the folder.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CliError } from './errors.ts'
import {
  assertFileName,
  assertPlan,
  deleteInside,
  fileNameProblem,
  readPlain,
  writeInside,
} from './safe-paths.ts'

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

  it('refuses a folder in the file place and names outside the folder', () => {
    setUp()
    mkdirSync(join(out, 'house.svg'))
    expect(() => assertPlan(out, ['house.svg'])).toThrow(/is a folder/)
    expect(() => writeInside(out, '../outside.txt', 'icon')).toThrow(/has a folder in it/)
    expect(() => deleteInside(out, '../outside.txt')).toThrow(/has a folder in it/)
    expect(readFileSync(outside, 'utf8')).toBe('mine\n')
  })
})
