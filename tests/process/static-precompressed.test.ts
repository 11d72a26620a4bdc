// The built client through a real server process: brotli and gzip answers are the build's
// precompressed copies (scripts/vite-precompress.ts) and decode to the very bytes of the file; the
// encoding follows Accept-Encoding (never one refused with q=0), with `Vary: Accept-Encoding`, the
// file's Content-Type and the cache rules of server/static.ts (hashed assets immutable, pages and
// sw.js no-cache, other paths the SPA's index.html, a missing /assets/ file a 404).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../scripts/vite-precompress.ts'
import { acceptedEncodings } from '../../server/cache/precompressed.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'

const dist = fileURLToPath(new URL('../../dist/client', import.meta.url))

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A request as sent on the wire (fetch would ask for its own encodings and decode the body). */
function raw(url: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, method }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

const decode = (r: Raw) =>
  r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body)
      : r.body

it('reads Accept-Encoding: brotli first, q=0 refuses, * accepts', () => {
  expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip'])
  expect(acceptedEncodings('gzip;q=1.0, br;q=0')).toEqual(['gzip'])
  expect(acceptedEncodings('deflate')).toEqual([])
  expect(acceptedEncodings('*')).toEqual(['br', 'gzip'])
  expect(acceptedEncodings('*, br;q=0')).toEqual(['gzip'])
  expect(acceptedEncodings('identity')).toEqual([])
  expect(acceptedEncodings(undefined)).toEqual([])
})

describe('the built client through a real server process', () => {
  let app: AppProcess
  let script: string

  beforeAll(async () => {
    if (!existsSync(join(dist, 'index.html')))
      throw new Error('dist/client is not built: run `npm run build`')
    // A build from before precompression: write the copies the build writes now.
    if (!existsSync(join(dist, 'index.html.br'))) precompress(dist)
    const scripts = readdirSync(join(dist, 'assets')).filter((f) => /^index-.*\.js$/.test(f))
    script = `/assets/${scripts[0]}`
    app = await startApp()
  }, 60_000)
  afterAll(() => app?.stop())

  const get = (path: string, encoding?: string, method?: string) =>
    raw(`${app.baseUrl}${path}`, encoding === undefined ? {} : { 'accept-encoding': encoding }, method)

  it('sends a hashed script as brotli, gzip or as it is, the same bytes each way, cached for good', async () => {
    const file = readFileSync(join(dist, script))
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1.0, br;q=0', 'gzip'],
    ] as const) {
      const r = await get(script, accept)
      expect(r.status).toBe(200)
      expect(r.headers['content-encoding']).toBe(encoding)
      expect(r.headers['content-type']).toMatch(/^text\/javascript/)
      expect(r.headers.vary).toMatch(/accept-encoding/i)
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(r.body).toEqual(readFileSync(join(dist, `${script}.${encoding === 'br' ? 'br' : 'gz'}`)))
      expect(Number(r.headers['content-length'])).toBe(r.body.length)
      expect(decode(r)).toEqual(file)
    }
    const plain = await get(script, 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(plain.body).toEqual(file)
    const head = await get(script, 'br', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.body.length).toBe(0)
  })

  it('revalidates pages and the service worker, compressed the same', async () => {
    const index = readFileSync(join(dist, 'index.html'))
    for (const path of ['/', '/index.html', '/icons?projectId=x', '/no/such/page']) {
      for (const accept of ['br', 'gzip']) {
        const r = await get(path, accept)
        expect(r.status).toBe(200)
        expect(r.headers['content-encoding']).toBe(accept)
        expect(r.headers['content-type']).toMatch(/^text\/html/)
        expect(r.headers['cache-control']).toBe('no-cache')
        expect(r.headers.vary).toMatch(/accept-encoding/i)
        expect(decode(r)).toEqual(index)
      }
    }
    const sw = await get('/sw.js', 'br, gzip')
    expect(sw.headers['content-encoding']).toBe('br')
    expect(sw.headers['cache-control']).toBe('no-cache')
    expect(decode(sw)).toEqual(readFileSync(join(dist, 'sw.js')))
  })

  it('compresses on the fly what has no precompressed copy, and a missing asset is a 404', async () => {
    const map = `${script}.map`
    expect(existsSync(join(dist, `${map}.br`))).toBe(false)
    const r = await get(map, 'gzip, br')
    expect(r.status).toBe(200)
    expect(r.headers['content-encoding']).toBe('gzip')
    expect(r.headers.vary).toMatch(/accept-encoding/i)
    expect(decode(r)).toEqual(readFileSync(join(dist, map)))
    const missing = await get('/assets/index-nothere.js', 'br')
    expect(missing.status).toBe(404)
    expect(missing.headers['cache-control']).toBeUndefined()
  })
})
