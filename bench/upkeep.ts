// What the embedded database's upkeep changes (server/db/upkeep.ts, ADR 0025): a PGlite data
// directory opened as the server opens it, one project of N icons stored as the duplicate index
// leaves them (measured, then marked indexed: two updates of every row, as in use), and the look a
// create makes twice for icons not yet indexed (`indexProject` with nothing to do) timed before and
// after one upkeep pass. The peer is the same look after the pass.
// `node bench/upkeep.ts [icons=50000] [looks=20]`; prints JSON lines.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { openStore } from '../server/db/client.ts'
import type { Deps } from '../server/domain/deps.ts'
import { indexProject } from '../server/domain/duplicates/near-index.ts'
import { realIcons } from './vault-setup.ts'

const ICONS = Number(process.argv[2] ?? 50_000)
const LOOKS = Number(process.argv[3] ?? 20)
const log = (o: object) =>
  console.log(JSON.stringify({ bench: 'upkeep', icons: ICONS, load: loadavg()[0]!.toFixed(2), ...o }))

/** Real markup (the installed Iconify sets, vault-setup.ts), repeated up to `n`. */
function markup(n: number): string[] {
  const real = realIcons(Number.POSITIVE_INFINITY)
  return Array.from({ length: n }, (_, i) => real[i % real.length]!.svg)
}

const dir = mkdtempSync(join(tmpdir(), 'upkeep-bench-'))
// Looks only when this script asks (tick), so the figures before the pass are of no pass.
const HOUR = 3_600_000
const store = await openStore({ dataDir: dir, upkeep: { everyMs: HOUR, writes: 1, staleMs: HOUR } })
try {
  const user = randomUUID()
  const project = randomUUID()
  await store.db.execute(
    sql`insert into "user" (id, name, email) values (${user}, 'Bench', ${`${user}@example.com`})`,
  )
  await store.db.execute(sql`insert into projects (id, name, user_id) values (${project}, 'Bench', ${user})`)
  const svgs = markup(ICONS)
  for (let at = 0; at < svgs.length; at += 5_000) {
    const values = svgs
      .slice(at, at + 5_000)
      .map((svg, i) => ({ id: randomUUID(), name: `icon-${at + i}`, svg }))
    await store.db.execute(sql`
      insert into icons (id, name, svg, user_id, project_id)
      select v.id, v.name, v.svg, ${user}, ${project}
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, name text, svg text)`)
  }
  // As the duplicate index leaves them: measured (hash, fingerprint), then marked indexed.
  await store.db.execute(sql`update icons set drawing_hash = md5(svg), fingerprint = ''`)
  await store.db.execute(sql`update icons set near_hash = drawing_hash, near_project = project_id`)
  const deps = { db: store.db } as unknown as Pick<Deps, 'db' | 'svg'>
  const looks = async () => {
    const ms: number[] = []
    for (let i = 0; i < LOOKS; i++) {
      const started = performance.now()
      await indexProject(deps, project)
      ms.push(performance.now() - started)
    }
    ms.sort((a, b) => a - b)
    return { median: +ms[Math.floor(ms.length / 2)]!.toFixed(2), worst: +ms.at(-1)!.toFixed(2) }
  }
  log({ step: 'the look for icons to index, before any pass (ms)', ...(await looks()) })
  // The store's first look took the count when it opened: the writes above make a pass due.
  const pass = async (step: string) => {
    const started = performance.now()
    const ran = await store.upkeep!.tick()
    log({ step, ran, ms: Math.round(performance.now() - started) })
  }
  await pass('the first pass, after the bulk writes (ms)')
  log({ step: 'the look for icons to index, after the pass (ms)', ...(await looks()) })
  await store.db.execute(sql`select pg_current_xact_id()`) // one write: the next pass has little to do
  await pass('a pass with little changed (ms)')
} finally {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
}
