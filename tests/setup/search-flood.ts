// A real server process with a project of many icons (written straight into its database while it is
// stopped: PGlite has one process at a time), and the search flood of ADR 0108 against it: loops of
// 100-word searches with limit=1000 by one user while /api/health is sampled. For
// tests/process/search-flood.test.ts and bench/search-flood.ts.
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { openStore } from '../../server/db/client.ts'
import { type ApiUser, proUserWithProject } from './api-user.ts'
import { type AppProcess, DATA_TEMPLATE_ENV, freePort, startApp } from './app-process.ts'
import { startTestSmtp, type TestSmtp } from './smtp.ts'
import { createTestDb, type DbKind, type TestDb } from './test-db.ts'

const WORDS = [
  'arrow',
  'settings',
  'home',
  'user',
  'chevron',
  'right',
  'left',
  'star',
  'heart',
  'mail',
  'file',
]
/** 100 one-letter words (a query holds at most 200 characters): the review's flood. */
export const LETTERS = Array.from({ length: 100 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ')
/** 100 words every icon holds as text (all are named icon-…): with limit=1000, 1,000 hits explained. */
export const BROAD = Array.from({ length: 100 }, (_, i) => ['i', 'c', 'o', 'n'][i % 4]).join(' ')

/** `icons` icons named icon-<word>-<word>-<n>, two tags each, a label on every fifth. */
async function seed(
  options: TestDb['options'] | { dataDir: string },
  projectId: string,
  userId: string,
  icons: number,
) {
  const store = await openStore(options)
  const words = sql.raw(`array[${WORDS.map((w) => `'${w}'`).join(',')}]`)
  await store.db.execute(sql`
    insert into icons (id, name, svg, user_id, project_id, tags, label)
    select gen_random_uuid(),
      'icon-' || (${words})[1 + g % 11] || '-' || (${words})[1 + (g * 7) % 11] || '-' || g,
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>',
      ${userId}, ${projectId}::uuid,
      jsonb_build_array((${words})[1 + (g * 3) % 11], (${words})[1 + (g * 5) % 11]),
      case when g % 5 = 0 then 'a ' || (${words})[1 + g % 11] || ' sign' else '' end
    from generate_series(1, ${icons}) g`)
  await store.close()
}

export type SeededApp = { app: AppProcess; user: ApiUser; stop(): Promise<void> }

export async function startSeededApp(kind: DbKind, icons: number, email: string): Promise<SeededApp> {
  const smtp: TestSmtp = await startTestSmtp()
  const testDb = kind === 'postgres' ? await createTestDb('postgres') : null
  const dataDir = mkdtempSync(join(tmpdir(), 'iconvault-search-flood-'))
  const template = process.env[DATA_TEMPLATE_ENV]
  if (template && !testDb) cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true })
  const env: Record<string, string> = { SMTP_URL: smtp.url }
  if (testDb && 'databaseUrl' in testDb.options) env.DATABASE_URL = testDb.options.databaseUrl
  const port = await freePort()
  let app: AppProcess | undefined
  const stop = async () => {
    await app?.stop()
    await smtp.close()
    await testDb?.dispose()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    app = await startApp({ env, dataDir, port })
    const user = await proUserWithProject(app.baseUrl, smtp, email)
    const me = (await (await user.call('/api/me')).json()) as { user: { id: string } }
    await app.stop()
    await seed(testDb?.options ?? { dataDir }, user.projectId, me.user.id, icons)
    app = await startApp({ env, dataDir, port })
    return { app, user, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** A search by `user` with limit=1000: its status and hits. */
export async function searchAll(user: ApiUser, q: string) {
  const res = await user.call(
    `/api/icons/search?project_id=${user.projectId}&q=${encodeURIComponent(q)}&limit=1000`,
  )
  const body = (await res.json()) as { data?: { id: string; name: string }[]; error?: string }
  return { status: res.status, hits: body.data ?? [], error: body.error }
}

/**
 * /api/health asked in a loop by a process of its own (its timings never wait for this process's work
 * on the searches' answers) until its stdin closes; then it prints { health: [ms…], statuses }. A few
 * first asks warm it up (its first fetch loads the HTTP client) before it says `ready`.
 */
function sampleHealth(baseUrl: string) {
  const code = `
    const health = [], statuses = new Set()
    for (let i = 0; i < 5; i++) await (await fetch(process.argv[1] + '/api/health')).text()
    process.stdout.write('ready\\n')
    let open = true
    process.stdin.on('end', () => { open = false }).resume()
    while (open) {
      const started = performance.now()
      const res = await fetch(process.argv[1] + '/api/health')
      await res.text()
      health.push(performance.now() - started)
      statuses.add(res.status)
      await new Promise((r) => setTimeout(r, 5))
    }
    process.stdout.write(JSON.stringify({ health, statuses: [...statuses] }))`
  const child = spawn(process.execPath, ['--input-type=module', '-e', code, baseUrl], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout?.on('data', (chunk) => {
    out += chunk
  })
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject)
    child.on('exit', () => resolve())
  })
  const ready = new Promise<void>((resolve, reject) => {
    const check = () => (out.includes('ready\n') ? resolve() : undefined)
    child.stdout?.on('data', check)
    exited.then(() => reject(new Error(`the health sampler ended before it was ready: ${out}`)), reject)
  })
  return {
    ready,
    /** Stops sampling: the latencies (ms) and the statuses seen. */
    async stop(): Promise<{ health: number[]; statuses: number[] }> {
      child.stdin?.end()
      await exited
      return JSON.parse(out.slice(out.indexOf('ready\n') + 'ready\n'.length))
    },
  }
}

/**
 * `loops` concurrent loops of `rounds` searches each (LETTERS and BROAD in turn) while /api/health is
 * sampled (at least `sampleMs`); halfway, each loop renames `renamed` (the next search brings the index
 * up to date).
 */
export async function flood(
  baseUrl: string,
  user: ApiUser,
  options: { loops: number; rounds: number; renamed?: string; sampleMs?: number },
) {
  const sampler = sampleHealth(baseUrl)
  await sampler.ready
  const searches: { status: number; hits: number; ms: number }[] = []
  const renames: number[] = []
  const loops = Array.from({ length: options.loops }, async (_, loop) => {
    for (let round = 0; round < options.rounds; round++) {
      const started = performance.now()
      const { status, hits } = await searchAll(user, round % 2 ? BROAD : LETTERS)
      searches.push({ status, hits: hits.length, ms: performance.now() - started })
      if (round === Math.floor(options.rounds / 2) && options.renamed) {
        const res = await user.call('/api/icons/update', { id: options.renamed, name: `renamed-${loop}` })
        renames.push(res.status)
      }
    }
  })
  const sampled = new Promise((r) => setTimeout(r, options.sampleMs ?? 0))
  await Promise.all([...loops, sampled]).catch(async (error) => {
    await sampler.stop()
    throw error
  })
  const { health, statuses } = await sampler.stop()
  const sorted = [...health].sort((a, b) => a - b)
  return {
    health,
    healthStatuses: new Set(statuses),
    healthMedian: sorted[Math.floor(sorted.length / 2)] ?? 0,
    healthWorst: sorted.at(-1) ?? 0,
    searches,
    renames,
  }
}
