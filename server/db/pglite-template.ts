// A new embedded database starts as a copy of an initialised and migrated empty one: PGlite's initdb
// takes 5–10 s and the migrations 0.3–2 s (more on a loaded machine), a copy a fraction of a second.
// The template is made once per PGlite version and set of migrations, in .cache/ (by `npm install`,
// or by the first start that needs it); the start then migrates the copy as any database (nothing
// left to do). ADR 0009; figures: bench/README.md (start-up).
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { keepWasmOnBaselineCompiler } from './pglite-settings.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const cacheDir = join(root, '.cache')
const migrationsFolder = join(root, 'drizzle')
const PREFIX = 'pglite-template-'

/** PGlite's version and a hash of every migration file: a template is valid for these only. */
function templateName(): string {
  const pkg = join(root, 'node_modules/@electric-sql/pglite/package.json')
  const { version } = JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }
  const hash = createHash('sha256')
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrationsFolder, file)
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(path))
  }
  return `${PREFIX}${version}-${hash.digest('hex').slice(0, 12)}`
}

/** The template's folder, made when missing; null when it cannot be made (then initdb runs in place). */
export async function ensurePgliteTemplate(): Promise<string | null> {
  try {
    const name = templateName()
    const dir = join(cacheDir, name)
    if (existsSync(join(dir, 'PG_VERSION'))) return dir
    mkdirSync(cacheDir, { recursive: true })
    const building = mkdtempSync(join(cacheDir, 'building-pglite-'))
    try {
      keepWasmOnBaselineCompiler()
      const pg = await PGlite.create(building)
      await migrate(drizzle(pg), { migrationsFolder })
      await pg.close()
      // Another process may have finished first: its template is as good as ours.
      if (!existsSync(join(dir, 'PG_VERSION'))) renameSync(building, dir)
    } finally {
      rmSync(building, { recursive: true, force: true })
    }
    // Templates of other migrations or versions go once nobody can still be copying them.
    for (const old of readdirSync(cacheDir).filter((n) => n.startsWith(PREFIX) && n !== name)) {
      const path = join(cacheDir, old)
      if (Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true })
    }
    return existsSync(join(dir, 'PG_VERSION')) ? dir : null
  } catch {
    return null
  }
}

/** Fills an empty or missing PGlite folder from the template; leaves an existing database alone. */
export async function seedFromTemplate(pgliteDir: string): Promise<void> {
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length) return
  const template = await ensurePgliteTemplate()
  if (!template) return
  // Copied beside it and renamed, so that an interrupted copy never looks like a database.
  const partial = `${pgliteDir}.copying`
  rmSync(partial, { recursive: true, force: true })
  cpSync(template, partial, { recursive: true })
  rmSync(pgliteDir, { recursive: true, force: true })
  renameSync(partial, pgliteDir)
}
