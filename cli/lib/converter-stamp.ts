// What built a lock's files: a hash of the converter's source (common/svg and common/exports, read as
// text, not loaded). A lock from another converter is pulled whole, so files kept across a pull from
// the cursor never mix two converters' output (ADR 0020).
import { readdirSync, readFileSync } from 'node:fs'
import { sha256 } from './lock.ts'

const FOLDERS = ['../../common/svg/', '../../common/exports/']

export function converterStamp(): string {
  const texts: string[] = []
  for (const folder of FOLDERS) {
    const dir = new URL(folder, import.meta.url)
    for (const file of readdirSync(dir).sort())
      if (file.endsWith('.ts') && !file.endsWith('.test.ts'))
        texts.push(file, readFileSync(new URL(file, dir), 'utf8'))
  }
  return sha256(texts.join('\0')).slice(0, 12)
}
