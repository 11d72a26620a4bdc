// A large pull's files go to writer threads, their bytes in one moved buffer each (write-files.ts):
// every file holds exactly its own text (multi-byte characters included, so a wrong offset shows),
// a file the folder held is replaced, and a name that appeared since the folder was listed stops
// the pull with the CLI's own refusal.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CliError, EXIT } from './errors.ts'
import { writeFiles } from './write-files.ts'

const dirs: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'iconvault-write-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** 2,500 files (past the threads' threshold), every third with characters of 2, 3 and 4 bytes. */
const files = Array.from(
  { length: 2_500 },
  (_, i) =>
    [`Icon${i}.tsx`, `export const Icon${i} = '${i % 3 ? 'plain' : 'é€😀'.repeat(i % 7)}'\n`] as const,
)

describe('writeFiles in writer threads', () => {
  it('writes every file with its own bytes and replaces the ones the folder held', async () => {
    const dir = freshDir()
    writeFileSync(join(dir, 'Icon7.tsx'), 'old')
    await writeFiles(dir, [...files, ['iconvault.lock.json', '{}\n']], new Set(['Icon7.tsx']))
    expect(readdirSync(dir).sort()).toEqual([...files.map(([f]) => f), 'iconvault.lock.json'].sort())
    for (const [file, text] of files) expect(readFileSync(join(dir, file), 'utf8')).toBe(text)
  })

  it('refuses a name that appeared since the folder was listed', async () => {
    const dir = freshDir()
    writeFileSync(join(dir, 'Icon2000.tsx'), 'not ours')
    const failed = await writeFiles(dir, files, new Set()).catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(CliError)
    expect((failed as CliError).exitCode).toBe(EXIT.usage)
    expect((failed as CliError).message).toContain('Icon2000.tsx appeared during the pull')
    expect(readFileSync(join(dir, 'Icon2000.tsx'), 'utf8')).toBe('not ours')
  })
})
