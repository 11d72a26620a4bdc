import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { isPrivateDir, privateDataDir } from './private-files.ts'

const mode = (path: string) => statSync(path).mode & 0o777

describe('privateDataDir', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it("makes a DATA_DIR left open by an older version private: the app's entries, not an operator's files", () => {
    const dir = mkdtempSync(join(tmpdir(), 'iconvault-modes-'))
    dirs.push(dir)
    mkdirSync(join(dir, 'pglite/base'), { recursive: true })
    mkdirSync(join(dir, 'mail'))
    writeFileSync(join(dir, 'pglite/base/1'), 'x')
    writeFileSync(join(dir, 'mail/a.eml'), 'x')
    writeFileSync(join(dir, 'auth-secret'), 'x')
    writeFileSync(join(dir, 'notes.txt'), 'x')
    symlinkSync('/etc/hostname', join(dir, 'pglite/link'))
    for (const p of ['', 'pglite', 'pglite/base', 'mail']) chmodSync(join(dir, p), 0o777)
    for (const p of ['pglite/base/1', 'mail/a.eml', 'auth-secret', 'notes.txt'])
      chmodSync(join(dir, p), 0o666)

    privateDataDir(dir)

    for (const p of ['', 'pglite', 'pglite/base', 'mail']) expect(mode(join(dir, p)), p).toBe(0o700)
    for (const p of ['pglite/base/1', 'mail/a.eml', 'auth-secret']) expect(mode(join(dir, p)), p).toBe(0o600)
    expect(mode(join(dir, 'notes.txt'))).toBe(0o666)
    expect(isPrivateDir(dir)).toBe(true)
  })

  it('does nothing for a DATA_DIR that does not exist yet', () => {
    expect(() => privateDataDir(join(tmpdir(), 'iconvault-missing-', String(Date.now())))).not.toThrow()
  })
})
