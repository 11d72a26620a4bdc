// Vite plugin (build only): writes a .br and a .gz beside every compressible file of the build
// (scripts, styles, pages, JSON, SVG; not source maps) of at least 1 KB, when it comes out smaller,
// so the server sends them as they are instead of compressing on each request (server/static.ts,
// ADR 0406). node:zlib, synchronous (the async calls, 16 KB at a time through the thread pool,
// took four times as long for the whole build). Brotli quality 8 (10 saved 7 % more and took 13 times
// as long: seconds on every build), 5 and gzip level 6 for files over 1 MB (icon-set JSON).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/
const MIN_BYTES = 1024
const LARGE_BYTES = 1_000_000

function compressible(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => COMPRESSIBLE.test(path) && statSync(path).isFile())
}

/** Writes path.br and path.gz for each compressible file under dir; returns how many files. */
export function precompress(dir: string): number {
  let written = 0
  for (const path of compressible(dir)) {
    const bytes = readFileSync(path)
    if (bytes.length < MIN_BYTES) continue
    const large = bytes.length > LARGE_BYTES
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: large ? 5 : 8,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    })
    const gzipped = gzipSync(bytes, { level: large ? 6 : 9 })
    // Not worth a file (and a header) when it saves under 5%.
    if (br.length < bytes.length * 0.95) writeFileSync(`${path}.br`, br)
    if (gzipped.length < bytes.length * 0.95) writeFileSync(`${path}.gz`, gzipped)
    written++
  }
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
      handler() {
        precompress(outDir)
      },
    },
  }
}
