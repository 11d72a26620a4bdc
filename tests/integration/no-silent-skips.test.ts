// No test passes by being skipped (item 8): no test file skips itself or one of its tests
// by a condition (`runIf`, `skipIf`, `.skip`, `.todo`). A suite that needs Postgres is declared with
// postgresOnly (tests/setup/postgres-only.ts): it runs on the default Postgres, and is listed as not
// run only when TEST_PGLITE_ONLY=1 asked for that (refused under CI).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const dirs = ['common', 'server', 'client', 'scripts', 'tests']

function* testFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'fixtures') yield* testFiles(path)
    } else if (entry.name.endsWith('.test.ts')) yield path
  }
}

it('no test file skips a suite or a test by itself', () => {
  const skipping = dirs.flatMap((dir) =>
    [...testFiles(join(root, dir))].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /\b(describe|it|test|suite)\s*\.\s*(runIf|skipIf|skip|todo)\b/.test(line)
            ? [
                `${relative(root, file)}:${i + 1}: ${line.trim()} (use postgresOnly from tests/setup/postgres-only.ts)`,
              ]
            : [],
        ),
    ),
  )
  expect(skipping).toEqual([])
})
