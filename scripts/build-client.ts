// Builds the client into dist/client when it is missing or older than its sources. Run by
// `npm install` (prepare), so the first `npm start` only serves, and again by `npm start`. The
// prepare run also makes the empty-database template (server/db/pglite-template.ts) meanwhile.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const builtIndex = join(root, 'dist/client/index.html')
const sources = [
  'client',
  'common',
  'vite.config.ts',
  'package.json',
  'scripts/vite-service-worker.ts',
  'scripts/vite-precompress.ts',
]

/** Whether anything under `path` (file or folder, entries added or removed) changed after `time`. */
function changedAfter(path: string, time: number): boolean {
  if (!existsSync(path)) return false
  const stat = statSync(path)
  if (stat.mtimeMs > time) return true
  if (!stat.isDirectory()) return false
  return readdirSync(path).some((entry) => changedAfter(join(path, entry), time))
}

/** Whether dist/client is missing or older than one of its sources (stops at the first newer one). */
export function clientIsStale(): boolean {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0
  return builtAt === 0 || sources.some((path) => changedAfter(join(root, path), builtAt))
}

/** Builds when needed; resolves false when the build failed or Vite is not installed. */
export async function buildClientIfStale(): Promise<boolean> {
  if (!clientIsStale()) return true
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  if (!existsSync(vite)) {
    console.error('The client is not built and Vite is not installed: run `npm install` first.')
    return false
  }
  console.log('Building the client (first start or sources changed)…')
  const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  return new Promise((resolve) => {
    child.on('error', () => resolve(false))
    child.on('exit', (code) => resolve(code === 0))
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ensurePgliteTemplate } = await import('../server/db/pglite-template.ts')
  const [built] = await Promise.all([buildClientIfStale(), ensurePgliteTemplate()])
  process.exit(built ? 0 : 1)
}
