// `npm start`: builds the client when dist/client is missing or older than its sources,
// then runs the server in this process.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const builtIndex = join(root, 'dist/client/index.html')
const sources = ['client', 'common', 'vite.config.ts', 'package.json'].map((p) => join(root, p))

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Building the client (first start or sources changed)…')
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (res.status !== 0) process.exit(res.status ?? 1)
}

await import('../server/index.ts')
