// The lock is input (lock.ts): a pull request can edit it, so every file it lists must be a plain
// file name inside the folder, or the whole lock is refused, naming the entry.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { LOCK_FILE, type Lock, lockProblem, lockText, readLock } from './lock.ts'

const HASH = 'a'.repeat(64)
const lock = (icons: unknown[], files: Record<string, unknown> = {}) => ({
  lockfile: 1,
  project: 'p',
  release: 'latest',
  format: 'svg',
  icons,
  files,
})
const icon = (file: unknown) => ({ id: 'i', name: 'house', file, sha256: HASH })

describe('lockProblem', () => {
  it('trusts a lock of plain names', () => {
    expect(
      lockProblem(lock([icon('house.svg'), { ...icon('x.svg'), id: null }], { 'index.ts': HASH })),
    ).toBeNull()
  })
  it('names the first entry that is no plain file name inside the folder', () => {
    expect(lockProblem(lock([icon('house.svg'), icon('../victim.txt')]))).toMatch(
      /^icons\[1\]\.file "\.\.\/victim\.txt"/,
    )
    expect(lockProblem(lock([icon('/etc/passwd')]))).toMatch(/icons\[0\]\.file/)
    expect(lockProblem(lock([icon('C:\\x.svg')]))).toMatch(/icons\[0\]\.file/)
    expect(lockProblem(lock([icon(LOCK_FILE)]))).toMatch(/the lock file itself/)
    expect(lockProblem(lock([], { '../index.ts': HASH }))).toMatch(/^files "\.\.\/index\.ts"/)
    expect(lockProblem(lock([{ ...icon('a.svg'), sha256: 'x' }]))).toMatch(/sha256/)
    expect(lockProblem(lock([7]))).toMatch(/icons\[0\] is not an object/)
    expect(lockProblem({ ...lock([]), files: [] })).toMatch(/files/)
  })
  it('names what is missing or of the wrong kind', () => {
    expect(lockProblem(null)).toBe('it is not version 1 of the format')
    expect(lockProblem('text')).toBe('it is not version 1 of the format')
    expect(lockProblem({ ...lock([]), lockfile: 2 })).toBe('it is not version 1 of the format')
    expect(lockProblem({ ...lock([]), project: 7 })).toBe('"project" is not a text')
    expect(lockProblem({ ...lock([]), release: undefined })).toBe('"release" is not a text')
    expect(lockProblem({ ...lock([]), format: null })).toBe('"format" is not a text')
    expect(lockProblem({ ...lock([]), icons: {} })).toBe('"icons" is not a list')
    expect(lockProblem({ ...lock([]), files: null })).toBe('"files" is not an object')
    expect(lockProblem(lock([{ ...icon('a.svg'), name: 3 }]))).toBe('icons[0].name is not a text')
    expect(lockProblem(lock([{ ...icon('a.svg'), id: 3 }]))).toBe('icons[0].id is not a text or null')
    expect(lockProblem(lock([{ ...icon('a.svg'), aliases: 'x' }]))).toBe('icons[0].aliases is not a list')
    expect(lockProblem(lock([{ ...icon('a.svg'), sha256: 'A'.repeat(64) }]))).toBe(
      'icons[0].sha256 is not a sha256',
    )
    expect(lockProblem(lock([], { 'index.ts': 'x' }))).toBe('files["index.ts"] is not a sha256')
  })
})

describe('readLock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'iconvault-lock-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  it('reads a trusted lock as written (lockText), and a folder without one as null', () => {
    expect(readLock(dir)).toBeNull()
    const written = lock([icon('house.svg')], { 'index.ts': HASH })
    writeFileSync(join(dir, LOCK_FILE), lockText(written as Lock))
    expect(readLock(dir)).toEqual(written)
  })
  it('refuses a lock that is not JSON', () => {
    writeFileSync(join(dir, LOCK_FILE), '{"lockfile": 1,')
    expect(() => readLock(dir)).toThrow(/not a lock iconvault can trust: it is not version 1/)
  })
  it('refuses an untrusted lock with exit 2, naming the file and the entry', () => {
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(lock([icon('../victim.txt')])))
    expect(() => readLock(dir)).toThrow(
      /iconvault\.lock\.json is not a lock iconvault can trust: icons\[0\]\.file "\.\.\/victim\.txt"/,
    )
  })
})
