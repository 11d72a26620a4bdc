// `npm run bench [name…]`: runs the benchmarks one after another (all of them, or those named,
// e.g. `npm run bench svg-pipeline vault-grid`), each in its own Node process so one does not warm
// or load the next. Each prints JSON lines; bench/README.md explains them and keeps the last figures.
// The vault benchmarks need the client built (`npm run build`) and Chromium at /usr/bin/chromium.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'

const dir = new URL('.', import.meta.url)
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'vault-setup.ts'].includes(f))
  .map((f) => f.slice(0, -3))
const wanted = process.argv.slice(2)
const unknown = wanted.filter((name) => !all.includes(name))
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${all.join(', ')}`)
  process.exit(2)
}

let failed = 0
for (const name of wanted.length ? wanted : all) {
  console.error(`# ${name}`)
  const run = spawnSync(process.execPath, [new URL(`${name}.ts`, dir).pathname], { stdio: 'inherit' })
  if (run.status !== 0) {
    failed++
    console.error(`# ${name} failed (exit ${run.status ?? run.signal})`)
  }
}
process.exit(failed ? 1 : 0)
