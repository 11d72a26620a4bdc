// 5,000 small SVG files dropped on /icons (a DataTransfer dispatched in the page): time until all
// are processed and stored in the browser's database, and until the outbox has sent them all to
// the server (target ≤ 10 s). Run: node bench/vault-drop.ts [count]

import { outboxCount } from '../tests/setup/vault-page.ts'
import { realIcons, setUpVault } from './vault-setup.ts'

const COUNT = Number(process.argv[2] ?? 5000)
const bench = await setUpVault('drop-bench@example.com')
const { page } = bench.browser
const log = (o: object) => console.log(JSON.stringify({ bench: 'vault-drop', ...o }))

const files = realIcons(COUNT).map((icon) => ({ name: `${icon.name}.svg`, text: icon.svg }))
await page.goto(`${bench.app.baseUrl}/icons?projectId=${bench.projectId}`)
await page.getByTestId('empty-vault').waitFor()

// The files are made first (the user's files exist before the drop): the clock times the app only.
await page.evaluate((list) => {
  const data = new DataTransfer()
  for (const f of list) data.items.add(new File([f.text], f.name, { type: 'image/svg+xml' }))
  ;(window as unknown as { benchDrop: DataTransfer }).benchDrop = data
}, files)
const t0 = Date.now()
await page.evaluate(() => {
  const data = (window as unknown as { benchDrop: DataTransfer }).benchDrop
  for (const type of ['dragenter', 'dragover', 'drop']) {
    document.body.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }))
  }
})
await page.locator('[data-testid="import-progress"][data-state="done"]').waitFor({ timeout: 600_000 })
const storedMs = Date.now() - t0
const added = await page.getByTestId('import-progress').textContent()
log({ step: 'processed and stored locally', files: COUNT, ms: storedMs, report: added })

while ((await outboxCount(page)) > 0) await page.waitForTimeout(250)
const syncedMs = Date.now() - t0
const server = await fetch(`${bench.app.baseUrl}/api/icons?project_id=${bench.projectId}`, {
  headers: { cookie: bench.cookie },
})
const onServer = ((await server.json()) as { data: unknown[] }).data.length
log({ step: 'synced to the server (outbox empty)', files: COUNT, ms: syncedMs, onServer })
await bench.close()
