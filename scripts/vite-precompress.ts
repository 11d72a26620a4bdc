// Vite plugin (build only): writes a .br and a .gz beside every compressible file of the build
// (scripts, styles, pages, JSON, SVG; not source maps) of at least 1 KB, when it comes out smaller,
// so the server sends them as they are instead of compressing on each request (server/static.ts,
// ADR 0406). node:zlib on the thread pool; brotli quality 10 for what a page loads and 5 for files
// over 1 MB (icon-set JSON: quality 10 would add seconds to every build for a few percent).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/
const MIN_BYTES = 1024
const LARGE_BYTES = 1_000_000

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

function compressible(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => COMPRESSIBLE.test(path) && statSync(path).isFile())
}

/** Writes path.br and path.gz for each compressible file under dir; returns how many files. */
export async function precompress(dir: string): Promise<number> {
  const files = compressible(dir)
  let written = 0
  await Promise.all(
    files.map(async (path) => {
      const bytes = readFileSync(path)
      if (bytes.length < MIN_BYTES) return
      const quality = bytes.length > LARGE_BYTES ? 5 : 10
      const [br, gzipped] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gz(bytes, { level: 9 }),
      ])
      // Not worth a file (and a header) when it saves under 5%.
      if (br.length < bytes.length * 0.95) writeFileSync(`${path}.br`, br)
      if (gzipped.length < bytes.length * 0.95) writeFileSync(`${path}.gz`, gzipped)
      written++
    }),
  )
  return written
}

export function precompressPlugin(): Plugin {
  let outDir = ''
  return {
    name: 'iconvault-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir
    },
    // Last and alone, after the service worker plugin has written sw.js: that is compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompress(outDir)
      },
    },
  }
}
