// Serves the built SPA from dist/client, compressed: hashed assets cached for a year, pages and the
// service worker (sw.js) revalidated on every use, every other path answered with index.html (never
// cached) so the client router takes over; a missing file under /assets/ is a 404.
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { compress } from 'hono/compress'

const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url))

export function mountSpa(app: Hono, dir = clientDir) {
  const indexFile = `${dir}/index.html`
  // gzip/deflate for what compresses (scripts, styles, icon-set JSON); never for /api.
  app.use('*', async (c, next) => (c.req.path.startsWith('/api/') ? next() : compress()(c, next)))
  app.use(
    '/assets/*',
    serveStatic({
      root: dir,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable')
      },
    }),
  )
  // A hashed file that is not there (an older deploy's) is a 404, never the page in its place.
  app.get('/assets/*', (c) => c.text('Not found', 404))
  app.use(
    '*',
    serveStatic({
      root: dir,
      onFound: (path, c) => {
        const revalidate = path.endsWith('.html') || path.endsWith('/sw.js')
        c.header('Cache-Control', revalidate ? 'no-cache' : 'public, max-age=3600')
      },
    }),
  )
  let index: string | undefined
  app.get('*', (c) => {
    if (index === undefined && existsSync(indexFile)) index = readFileSync(indexFile, 'utf8')
    if (index === undefined) return c.text('The client is not built: run `npm run build`.', 503)
    c.header('Cache-Control', 'no-cache')
    return c.html(index)
  })
}
