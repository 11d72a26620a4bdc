// Vite plugin (build only): writes dist/client/sw.js from client/service-worker/sw.ts with the list of
// files to precache (every script, style, worker, page and public file of this build; not source maps,
// not the .br/.gz copies the server sends instead of their file, not files over 1 MB such as icon-set
// JSON, which are cached on first use) and a version hashed from
// that list and the worker's own code, so every deploy installs a new worker (ADR 0301).
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { type Plugin, transformWithOxc } from 'vite'

const PRECACHE_MAX_BYTES = 1_000_000
export const SERVICE_WORKER_FILE = 'sw.js'

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
}

/** The URL paths to precache from a built folder, sorted. */
export function precacheList(outDir: string): string[] {
  return filesUnder(outDir)
    .filter((path) => !/\.(map|br|gz)$/.test(path) && !path.endsWith(SERVICE_WORKER_FILE))
    .filter((path) => /\.(js|mjs|css|html)$/.test(path) || statSync(path).size <= PRECACHE_MAX_BYTES)
    .map((path) => `/${relative(outDir, path).split(sep).join('/')}`)
    .sort()
}

export function serviceWorker(source: string): Plugin {
  let outDir = ''
  return {
    name: 'iconvault-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      const list = precacheList(outDir)
      const { code } = await transformWithOxc(readFileSync(source, 'utf8'), source, { lang: 'ts' })
      // Hashed names change with their content; other files (index.html, public/) are hashed whole.
      const hash = createHash('sha256').update(code)
      for (const path of list) {
        hash.update(path)
        if (!path.startsWith('/assets/')) hash.update(readFileSync(join(outDir, path)))
      }
      const version = hash.digest('hex').slice(0, 16)
      const header = `const SW_VERSION = ${JSON.stringify(version)}\nconst SW_PRECACHE = ${JSON.stringify(list)}\n`
      writeFileSync(join(outDir, SERVICE_WORKER_FILE), header + code)
    },
  }
}
