// Builds the client into dist/client when it is missing or older than its sources. Run by
// `npm install` (prepare), so the first `npm start` only serves, and again by `npm start`.
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

/** Builds when needed; returns false when the build failed or Vite is not installed. */
export function buildClientIfStale(): boolean {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0
  if (builtAt >= Math.max(...sources.map(newestMtime))) return true
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  if (!existsSync(vite)) {
    console.error('The client is not built and Vite is not installed: run `npm install` first.')
    return false
  }
  console.log('Building the client (first start or sources changed)…')
  const res = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  return res.status === 0
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(buildClientIfStale() ? 0 : 1)
