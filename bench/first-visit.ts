// A signed-in user's first visit on a new device (item 3): /icons?projectId= of a project
// of 1,200 real icons in a browser with nothing stored (a new profile holding only the session
// cookie). Measures, from navigation start: when the first tiles paint (target ≤ 1.5 s), when the
// picker shows the project's name, and the start-up chain of API requests (start → first byte →
// end) to see what waits for what; then the page's JavaScript heap once the list has come, and
// again once it is stored (ADR 0423). The
// peer, in the same browser and run: the same page's own fetch of /api/me and of the project's list
// one after the other once the page is idle, the floor the network and the server set; the figure
// reported is the ratio first tiles / floor.
// Run: node bench/first-visit.ts [count] [rounds] [--postgres]   (one JSON line per round, then a
// summary; --postgres: on a throwaway database of TEST_DATABASE_URL's server instead of PGlite)
import { readFileSync, rmSync } from 'node:fs'
import { startApp } from '../tests/setup/app-process.ts'
import { launchBrowser } from '../tests/setup/browser.ts'
import { createTestDb } from '../tests/setup/test-db.ts'
import { insertIconsMany, realIcons, setUpVault } from './vault-setup.ts'

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const COUNT = Number(args[0] ?? 1200)
const ROUNDS = Number(args[1] ?? 5)
const postgres = process.argv.includes('--postgres')
if (postgres && !process.env.TEST_DATABASE_URL) throw new Error('--postgres needs TEST_DATABASE_URL')
const database = postgres ? await createTestDb('postgres') : null
const serverEnv: Record<string, string> = database
  ? { DATABASE_URL: (database.options as { databaseUrl: string }).databaseUrl }
  : {}
// More than pro's 20,000 icons of a personal project need gold (common/plans.ts).
const bench = await setUpVault('first-visit-bench@example.com', serverEnv, COUNT > 20_000 ? 'gold' : 'pro')
const log = (o: object) => console.log(JSON.stringify({ bench: 'first-visit', ...o }))

await bench.browser.page.goto('about:blank')
const { failed } = await insertIconsMany(bench, realIcons(COUNT))
if (failed) throw new Error(`${failed} icons were refused`)
const cookies = await bench.browser.context.cookies(bench.app.baseUrl)
await bench.browser.close()

const url = () => `${bench.app.baseUrl}/icons?projectId=${bench.projectId}`
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const tiles: number[] = []
const ratios: number[] = []

/**
 * In the page: whether the local database has the project whole: marked held, which the list's last
 * transaction does once every icon is stored (until then the list's parsed rows are still in use).
 */
const storedHere = (projectId: string) =>
  new Promise<boolean>((resolve) => {
    const open = indexedDB.open('Iconvault')
    open.onerror = () => resolve(false)
    open.onsuccess = () => {
      const idb = open.result
      if (!idb.objectStoreNames.contains('held')) {
        idb.close()
        return resolve(false)
      }
      const get = idb.transaction('held').objectStore('held').get(projectId)
      get.onsuccess = () => resolve(get.result !== undefined)
      get.onerror = () => resolve(false)
      get.transaction!.oncomplete = () => idb.close()
    }
  })

/** One first visit in a new profile: the figures of the page, and the peer's floor. */
async function visit(round: number | string) {
  const browser = await launchBrowser({ viewport: { width: 1280, height: 800 } })
  await browser.context.addCookies(
    cookies.map((c) => ({ ...c, domain: new URL(bench.app.baseUrl).hostname })),
  )
  const { page } = browser
  await page.addInitScript(() => {
    // When the picker first names a project (the top bar's button), from navigation start.
    new MutationObserver((_, observer) => {
      const picker = document.querySelector('[data-testid="project-picker"]')
      if (picker?.textContent?.includes('Benchmark')) {
        performance.mark('bench:picker-named')
        observer.disconnect()
      }
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  await page.goto(url())
  await page.waitForFunction(() => performance.getEntriesByName('vault:grid-painted').length > 0, null, {
    timeout: 60_000,
  })
  const paint = await page.evaluate(() => {
    const at = (name: string) => {
      const mark = performance.getEntriesByName(name)[0]
      return mark ? Math.round(mark.startTime) : null
    }
    const chain: Record<string, string> = {}
    for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const path = new URL(e.name).pathname
      if (!path.startsWith('/api/') || path in chain) continue
      chain[path] = [e.startTime, e.responseStart, e.responseEnd].map(Math.round).join('→')
    }
    return { firstTilesMs: at('vault:grid-painted'), chain }
  })
  // The page's JavaScript heap once the whole list is held (the toolbar counts every icon, the
  // network idle 0.5 s) and garbage is collected: what the open project holds (the page's own
  // isolate; a worker's is its own).
  await page
    .getByTestId('icon-count')
    .filter({ hasText: `${COUNT.toLocaleString('en')} icon` })
    .waitFor({ timeout: 120_000 })
  await page.waitForLoadState('networkidle').catch(() => {})
  // The picker names the project once the sync has brought it, which may be after the first tiles.
  const pickerNamedMs = await page.evaluate(() => {
    const mark = performance.getEntriesByName('bench:picker-named')[0]
    return mark ? Math.round(mark.startTime) : null
  })
  const cdp = await page.context().newCDPSession(page)
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    return Math.round((usedSize / 2 ** 20) * 10) / 10
  }
  // While the list is stored (its rows and their drawings held until IndexedDB has them), then once
  // the local database holds the project whole (marked held): what the open project keeps.
  const heapWhileStoringMiB = await heap()
  const storing = performance.now()
  while (!(await page.evaluate(storedHere, bench.projectId))) {
    if (performance.now() - storing > 120_000) throw new Error('the list was not stored within 2 minutes')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const heapMiB = await heap()
  // The peer: the same two answers fetched by the page itself, one after the other, no app code.
  const floorMs = await page.evaluate(async (projectId) => {
    const t0 = performance.now()
    await (await fetch('/api/me', { cache: 'no-store' })).text()
    await (await fetch(`/api/icons?project_id=${projectId}`, { cache: 'no-store' })).text()
    return Math.round(performance.now() - t0)
  }, bench.projectId)
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
  log({
    round,
    icons: COUNT,
    db: postgres ? 'postgres' : 'pglite',
    load,
    ...paint,
    pickerNamedMs,
    floorMs,
    heapWhileStoringMiB,
    heapMiB,
  })
  await browser.close()
  return { tilesMs: paint.firstTilesMs!, floorMs }
}

for (let round = 1; round <= ROUNDS; round++) {
  const { tilesMs, floorMs } = await visit(round)
  tiles.push(tilesMs)
  ratios.push(tilesMs / floorMs)
}
log({
  summary: `first tiles on a new device, ${COUNT} icons, ${ROUNDS} rounds, ${postgres ? 'Postgres' : 'PGlite'}`,
  medianFirstTilesMs: median(tiles),
  worstFirstTilesMs: Math.max(...tiles),
  medianRatioToFloor: Number(median(ratios).toFixed(2)),
  target: 'first tiles ≤ 1500 ms',
  load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
})
// The same first visit right after the server restarted: nothing of the served markup memoised.
const { child, dataDir } = bench.app
const exited = new Promise((resolve) => child.once('exit', resolve))
child.kill('SIGTERM') // not app.stop(): that deletes the data folder
await exited
bench.app = await startApp({ dataDir, env: { SMTP_URL: bench.smtp.url, ...serverEnv } })
await visit('after a server restart')
await bench.app.stop()
rmSync(dataDir, { recursive: true, force: true })
await bench.smtp.close()
await database?.dispose()
