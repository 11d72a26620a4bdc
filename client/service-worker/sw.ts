// The service worker (built into dist/client/sw.js by scripts/vite-service-worker.ts, ADR 0301): the app
// shell, every chunk and every worker of the build come from a versioned cache, so the app opens and
// imports offline; pages are network-first (a deploy shows at once), /api is never touched. A new
// version takes over at once; older versions' caches stay until no tab opened before it is left.

/** Set by the build: a hash of the precached files, and their paths. */
declare const SW_VERSION: string
declare const SW_PRECACHE: readonly string[]

// The service-worker scope's own types, as far as used here (the DOM library has no worker scope).
interface SwEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface SwFetchEvent extends SwEvent {
  readonly request: Request
  respondWith(response: Promise<Response>): void
}
interface SwScope {
  readonly location: Location
  readonly clients: {
    get(id: string): Promise<{ id: string } | undefined>
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<{ id: string }[]>
    claim(): Promise<void>
  }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: SwEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: SwFetchEvent) => void): void
}

const sw = self as unknown as SwScope
const PREFIX = 'iconvault-v-'
const CACHE = `${PREFIX}${SW_VERSION}`
/** Which older caches wait for which tabs to go (a JSON entry in a cache of its own). */
const META = 'iconvault-sw-meta'
const RETIRED = '/__service-worker/retired'
const INDEX = '/index.html'
/** A page request that takes longer falls back to the cached shell (a server that hangs). */
const PAGE_TIMEOUT_MS = 5000
const precached = new Set(SW_PRECACHE)
/** Whether older caches may wait for tabs to go (read from META once after a restart). */
let retiredMaybe = true
let pruning: Promise<void> | null = null

type Retired = { caches: string[]; clients: string[] }

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE)
      await cache.addAll(SW_PRECACHE.map((path) => new Request(path, { cache: 'no-cache' })))
      await sw.skipWaiting()
    })(),
  )
})

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Tabs open now may run an older version: its cache stays until they all reloaded or closed.
      const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      const open = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const retired = await readRetired()
      retiredMaybe = true
      await writeRetired({
        caches: [...new Set([...retired.caches, ...older])],
        clients: [...new Set([...retired.clients, ...open.map((client) => client.id)])],
      })
      await sw.clients.claim()
      await pruneRetired()
    })(),
  )
})

sw.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== sw.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/')) return
  if (request.mode === 'navigate') {
    event.respondWith(page(request))
  } else if (precached.has(url.pathname) || url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request, url, event))
  } else return
  // A reloading tab still exists while its page is requested: its files' requests come after it left.
  if (retiredMaybe) event.waitUntil(pruneOnce())
})

/** One pruning at a time, however many requests ask. */
function pruneOnce(): Promise<void> {
  if (!pruning) {
    pruning = pruneRetired().finally(() => {
      pruning = null
    })
  }
  return pruning
}

/** Network first; the cached shell when the server cannot be reached, fails or hangs. */
async function page(request: Request): Promise<Response> {
  let response: Response | undefined
  try {
    response = await Promise.race([
      fetch(request),
      new Promise<undefined>((resolve) => setTimeout(resolve, PAGE_TIMEOUT_MS)),
    ])
    if (response && response.status < 500) return response
  } catch {
    // offline, or nothing listens
  }
  return (await caches.match(INDEX, { cacheName: CACHE })) ?? response ?? Response.error()
}

/** Hashed files never change: any version's cache first (an older tab finds its own), then the network. */
async function asset(request: Request, url: URL, event: SwEvent): Promise<Response> {
  const cached = await caches.match(request, { ignoreVary: true })
  if (cached) return cached
  const response = await fetch(request)
  const isPage = response.headers.get('content-type')?.startsWith('text/html')
  if (response.ok && !isPage && url.pathname.startsWith('/assets/')) {
    // Files too large to precache (icon-set JSON) are kept once used.
    const copy = response.clone()
    event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)))
  }
  return response
}

async function readRetired(): Promise<Retired> {
  const stored = await (await caches.open(META)).match(RETIRED)
  try {
    const value = (await stored?.json()) as Retired | undefined
    if (value && Array.isArray(value.caches) && Array.isArray(value.clients)) return value
  } catch {
    // unreadable: start again
  }
  return { caches: [], clients: [] }
}

async function writeRetired(value: Retired) {
  const body = new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } })
  await (await caches.open(META)).put(RETIRED, body)
}

/** Drops older versions' caches once every tab that was open when this version took over is gone. */
async function pruneRetired() {
  const retired = await readRetired()
  if (!retired.caches.length) {
    retiredMaybe = false
    return
  }
  const alive = (await Promise.all(retired.clients.map((id) => sw.clients.get(id)))).filter(
    (client) => client !== undefined,
  )
  if (alive.length) {
    if (alive.length < retired.clients.length)
      await writeRetired({ caches: retired.caches, clients: alive.map((client) => client.id) })
    return
  }
  await Promise.all(retired.caches.filter((name) => name !== CACHE).map((name) => caches.delete(name)))
  await writeRetired({ caches: [], clients: [] })
  retiredMaybe = false
}
