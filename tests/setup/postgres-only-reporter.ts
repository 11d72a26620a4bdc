// Vitest reporter (vitest.config.ts): after a run on PGlite only (TEST_PGLITE_ONLY=1), one line
// naming the Postgres-only suites (tests/setup/postgres-only.ts) that were not run.
import { basename } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import { NEEDS_POSTGRES } from './postgres-only.ts'

export default class PostgresOnlyReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const notRun = modules.flatMap((m) =>
      [...m.children.allSuites()]
        .filter((s) => s.name.endsWith(NEEDS_POSTGRES))
        .map((s) => `${basename(m.moduleId)} › ${s.name.slice(0, -NEEDS_POSTGRES.length).trim()}`),
    )
    if (notRun.length === 0) return
    process.stdout.write(
      `\nPostgres-only, NOT RUN (TEST_PGLITE_ONLY=1): ${notRun.join('; ')}. ` +
        'Leave TEST_PGLITE_ONLY out, with Postgres at TEST_DATABASE_URL ' +
        '(default postgres://postgres@127.0.0.1:5432/postgres), to run them.\n',
    )
  }
}
