// JavaScript a browser loads before it shows something: on /icons of a project, every .js file
// the page requested before the grid's first tiles painted (the 'vault:grid-painted' mark), and on
// /sign-in before the e-mail field shows; as files, gzip bytes (level 9, what the server sends to a
// gzip-only browser), brotli bytes and raw bytes. Target: ≤ 200 KB gzip before the vault
// paints. Each page is measured on a first visit (new browser profile) and on a reload.
// Run: node bench/first-js.ts [icons]   (needs `npm run build`; prints one JSON line per page; on
// Postgres with DATABASE_URL set, on a fresh PGlite DATA_DIR otherwise: the bytes do not depend on it)
import { readFileSync } from 'node:fs'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { startApp } from '../tests/setup/app-process.ts'
import { launchBrowser, signIn } from '../tests/setup/browser.ts'
import { startTestSmtp } from '../tests/setup/smtp.ts'
import { createProject, subscribe } from '../tests/setup/subscribe.ts'
import { insertIconsMany, realIcons, type VaultBench } from './vault-setup.ts'

const ICONS = Number(process.argv[2] ?? 200)
const EMAIL = `first-js-${Date.now()}@example.com`
const TARGET_KB = 200

const smtp = await startTestSmtp()
const databaseUrl = process.env.DATABASE_URL
const app = await startApp({
  env: { SMTP_URL: smtp.url, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
})
const setup = await launchBrowser()
await signIn(setup.page, app, smtp, EMAIL)
if (!(await subscribe(setup.page, app.baseUrl, 'pro'))) throw new Error('could not subscribe to pro')
const projectId = crypto.randomUUID()
await createProject(setup.page, app.baseUrl, { id: projectId, name: 'Benchmark' })
const cookie = (await setup.context.cookies(app.baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ')
await setup.close()
const bench = { app, smtp, projectId, cookie } as VaultBench
await insertIconsMany(bench, realIcons(ICONS))

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>()
async function sizeOf(path: string) {
  let size = sizes.get(path)
  if (!size) {
    const res = await fetch(`${bench.app.baseUrl}${path}`, { headers: { 'accept-encoding': 'identity' } })
    const bytes = Buffer.from(await res.arrayBuffer())
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    }
    sizes.set(path, size)
  }
  return size
}

/** The .js paths requested before the moment `ready` resolves with (ms from navigation start). */
async function jsBefore(page: Page, readyMs: number) {
  const paths = await page.evaluate(
    (before) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.startTime <= before)
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('.js')),
    readyMs,
  )
  const unique = [...new Set(paths)]
  const files = await Promise.all(unique.map(async (path) => ({ path, ...(await sizeOf(path)) })))
  const kb = (n: number) => Math.round(n / 102.4) / 10
  const sum = (k: 'raw' | 'gzip' | 'brotli') => kb(files.reduce((t, f) => t + f[k], 0))
  return {
    files: files.length,
    gzipKB: sum('gzip'),
    brotliKB: sum('brotli'),
    rawKB: sum('raw'),
    largest: files
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 6)
      .map((f) => `${f.path.replace('/assets/', '')} ${kb(f.gzip)}`),
  }
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const log = (o: object) => console.log(JSON.stringify({ bench: 'first-js', load: load(), ...o }))

async function vault(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName('vault:grid-painted').length > 0, null, {
    timeout: 60_000,
  })
  const painted = await page.evaluate(() => performance.getEntriesByName('vault:grid-painted')[0]!.startTime)
  return { paintedMs: Math.round(painted), ...(await jsBefore(page, painted)) }
}

async function signInPage(page: Page) {
  const shown = (await page.waitForFunction(
    () => (document.querySelector('input[type="email"]') ? performance.now() : 0),
    null,
    { polling: 'raf', timeout: 60_000 },
  )) as { jsonValue(): Promise<number> }
  const at = await shown.jsonValue()
  return { shownMs: Math.round(at), ...(await jsBefore(page, at)) }
}

const url = `${bench.app.baseUrl}/icons?projectId=${bench.projectId}`
// A new profile (empty HTTP cache and local database) signed in, then /icons of the project.
const fresh = await launchBrowser({ viewport: { width: 1440, height: 900 } })
await signIn(fresh.page, bench.app, bench.smtp, EMAIL)
await fresh.page.goto('about:blank')
await fresh.page.goto(url)
const first = await vault(fresh.page)
log({ page: '/icons', visit: 'first', ...first, target: `≤ ${TARGET_KB} KB gzip` })
await fresh.page.reload()
log({ page: '/icons', visit: 'reload', ...(await vault(fresh.page)) })
await fresh.close()

const anonymous = await launchBrowser()
await anonymous.page.goto(`${bench.app.baseUrl}/sign-in`)
log({ page: '/sign-in', visit: 'first', ...(await signInPage(anonymous.page)) })
await anonymous.close()

await app.stop()
await smtp.close()
if (first.gzipKB > TARGET_KB) process.exitCode = 1
