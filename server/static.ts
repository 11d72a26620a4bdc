// Serves the built SPA from dist/client: the build's brotli or gzip copy of a file when the browser
// accepts one (server/cache/precompressed.ts), otherwise the file compressed on the fly; hashed assets
// cached for a year, pages and the service worker (sw.js) revalidated on every use, every other
// path answered with index.html (never cached) so the client router takes over; a missing file
// under /assets/ is a 404. `onPage` hears each request answered with the page (a navigation).
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono } from 'hono'
import { compress } from 'hono/compress'
import { builtFile, sendPrecompressed } from './cache/precompressed.ts'

const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url))

const IMMUTABLE = 'public, max-age=31536000, immutable'
const cacheControl = (path: string) =>
  path.endsWith('.html') || path.endsWith('/sw.js') ? 'no-cache' : 'public, max-age=3600'

export function mountSpa(app: Hono, dir = clientDir, onPage?: (c: Context) => void) {
  const indexFile = `${dir}/index.html`
  const precompressed = (c: Context, file: string | null, cache: string) => {
    const res =
      file && (c.req.method === 'GET' || c.req.method === 'HEAD') ? sendPrecompressed(c, file) : null
    if (res) res.headers.set('Cache-Control', cache)
    return res
  }
  // gzip/deflate for what compresses and has no precompressed copy; never for /api.
  app.use('*', async (c, next) => (c.req.path.startsWith('/api/') ? next() : compress()(c, next)))
  app.use('/assets/*', async (c, next) => precompressed(c, builtFile(dir, c.req.path), IMMUTABLE) ?? next())
  app.use(
    '/assets/*',
    serveStatic({
      root: dir,
      onFound: (_path, c) => {
        c.header('Cache-Control', IMMUTABLE)
      },
    }),
  )
  // A hashed file that is not there (an older deploy's) is a 404, never the page in its place.
  app.get('/assets/*', (c) => c.text('Not found', 404))
  app.use('*', async (c, next) => {
    const file = builtFile(dir, c.req.path)
    return (file && precompressed(c, file, cacheControl(file))) || next()
  })
  app.use(
    '*',
    serveStatic({
      root: dir,
      onFound: (path, c) => {
        c.header('Cache-Control', cacheControl(path))
      },
    }),
  )
  let index: string | undefined
  app.get('*', (c) => {
    onPage?.(c)
    const packed = precompressed(c, indexFile, 'no-cache')
    if (packed) return packed
    if (index === undefined && existsSync(indexFile)) index = readFileSync(indexFile, 'utf8')
    if (index === undefined) return c.text('The client is not built: run `npm run build`.', 503)
    c.header('Cache-Control', 'no-cache')
    return c.html(index)
  })
}
