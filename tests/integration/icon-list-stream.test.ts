// GET /api/icons of a large project (ADR 0304): read in keyset pages and streamed, compressed as it
// goes. Through a real HTTP server (the app under @hono/node-server, as server/index.ts serves it) on
// real PGlite and Postgres: a streamed list is byte for byte the kept list of the same data (plain,
// brotli, gzip), in (created_at, id) order across ties and pages; its weak ETag answers 304 without
// reading a row; a client gone stops the reading; a change or a database error mid-stream ends the
// answer as a failed transfer, never a body that looks complete.
import { randomUUID } from 'node:crypto'
import { type IncomingHttpHeaders, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { icons, user } from '../../server/db/schema/index.ts'
import { listLimits, listStreams } from '../../server/domain/icons/icon-list-pages.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'
import { dbKinds } from '../setup/test-db.ts'

const defaults = { ...listLimits }
/** A drawing of about `bytes` characters (a long path), distinct per `n`. */
const drawing = (n: number, bytes: number) => {
  const step = `M${n % 20} ${n % 17}h1v1h-1z`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${step.repeat(Math.max(1, Math.floor(bytes / step.length)))}"/></svg>`
}

/** Waits (polled every 20 ms, up to 15 s) until no list stream is open any more. */
const streamsClosed = () =>
  expect
    .poll(() => listStreams.open, { interval: 20, timeout: 15_000, message: 'the stream to close' })
    .toBe(0)

describe.each(dbKinds)('icon list streamed on %s', (kind) => {
  let t: TestApp
  let cookie: string
  let base: string
  let server: ReturnType<typeof serve>
  const project = randomUUID()
  const big = randomUUID()
  let userId: string
  const path = (id = project) => `/api/icons?project_id=${id}`
  const get = (p: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${p}`, { headers: { cookie, ...headers } })
  /** The answer's bytes as they travel (fetch would decode brotli and gzip). */
  const raw = (p: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      request(`${base}${p}`, { headers: { cookie, ...headers } }, (res) => {
        const parts: Buffer[] = []
        res.on('data', (d: Buffer) => parts.push(d))
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }),
        )
        res.on('error', reject)
      })
        .on('error', reject)
        .end()
    })

  /** `count` icons straight into the database; `tie` consecutive icons share one created_at. */
  async function addIcons(projectId: string, count: number, bytes: number, tie = 1, from = 0) {
    const at = Date.now()
    const rows = Array.from({ length: count }, (_, k) => ({
      id: randomUUID(),
      name: `icon ${from + k}`,
      svg: drawing(from + k, bytes),
      user_id: userId,
      project_id: projectId,
      workspace_id: null,
      created_at: new Date(at + Math.floor((from + k) / tie)),
    }))
    for (let i = 0; i < rows.length; i += 200)
      await t.ctx.store.db.insert(icons).values(rows.slice(i, i + 200))
  }

  beforeAll(async () => {
    t = await createTestApp(kind)
    cookie = await t.signIn('stream@example.com')
    await t.setPlan('stream@example.com', 'pro')
    const [me] = await t.ctx.store.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'stream@example.com'))
    userId = me!.id
    for (const id of [project, big])
      await t.post('/api/projects/create', cookie, { id, name: id, workspace_id: null })
    // 600 small icons, three to a created_at, then moved by 0-6 microseconds (some ties left, some
    // split below the millisecond a JavaScript Date holds), across pages.
    await addIcons(project, 600, 300, 3)
    await t.ctx.store.db.execute(
      sql`update icons set created_at = created_at + make_interval(secs => (get_byte(uuid_send(id), 0) % 7) / 1e6) where project_id = ${project}`,
    )
    // ~24 MB of markup: far more than a socket and the streams between hold.
    await addIcons(big, 300, 80_000)
    server = serve({ fetch: t.ctx.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((r) => server.once('listening', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }, 120_000)
  afterEach(() => {
    Object.assign(listLimits, defaults)
  })
  afterAll(async () => {
    await new Promise((r) => server?.close(r))
    await t?.close()
  })

  it('streams the kept list byte for byte, in (created_at, id) order, plain, brotli and gzip', async () => {
    Object.assign(listLimits, { keepBytes: 0, pageRows: 70, pageBytes: 8_000 })
    const plain = await raw(path())
    expect(plain.status).toBe(200)
    const etag = plain.headers.etag!
    expect(etag).toMatch(/^W\/"/)
    expect(plain.headers['transfer-encoding']).toBe('chunked')
    expect(plain.headers['cache-control']).toBe('private, no-cache')
    expect(plain.headers['content-security-policy']).toBeTruthy()
    expect(plain.headers['x-request-id']).toBeTruthy()
    const streamed = plain.body
    const br = await raw(path(), { 'accept-encoding': 'gzip, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.etag).toBe(etag)
    expect(brotliDecompressSync(br.body).equals(streamed)).toBe(true)
    expect(br.body.length).toBeLessThan(streamed.length / 3)
    const gz = await raw(path(), { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).equals(streamed)).toBe(true)

    // The same data through the kept path (the whole list within keepBytes).
    Object.assign(listLimits, defaults)
    const kept = await raw(path())
    expect(kept.headers.etag).toMatch(/^"[\w-]+"$/)
    expect(kept.headers['content-length']).toBe(String(kept.body.length))
    expect(kept.body.equals(streamed)).toBe(true)
    const keptBr = await raw(path(), { 'accept-encoding': 'br' })
    expect(brotliDecompressSync(keptBr.body).equals(streamed)).toBe(true)

    // What the list is (ADR 0412): `{ data: [...] }` of every icon, oldest first, ties by id.
    const data = JSON.parse(streamed.toString()).data as { id: string; created_at: string; name: string }[]
    const stored = await t.ctx.store.db
      .select({ id: icons.id })
      .from(icons)
      .where(eq(icons.project_id, project))
      .orderBy(icons.created_at, icons.id)
    expect(data.map((i) => i.id)).toEqual(stored.map((i) => i.id))
    expect(JSON.stringify({ data })).toBe(streamed.toString())
  })

  it('answers 304 to a client that has the streamed version, without reading a row', async () => {
    Object.assign(listLimits, { keepBytes: 0, pageRows: 100 })
    const first = await get(path(), { 'accept-encoding': 'br' })
    await first.arrayBuffer()
    const etag = first.headers.get('etag')!
    const pages = listStreams.pages
    const again = await get(path(), { 'if-none-match': etag, 'accept-encoding': 'br' })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect(await again.text()).toBe('')
    expect(listStreams.pages).toBe(pages)
    // Any change of the list makes another version: 200 with the change.
    const [one] = JSON.parse(await (await get(path())).text()).data
    await t.ctx.store.db.update(icons).set({ name: 'renamed' }).where(eq(icons.id, one.id))
    const changed = await get(path(), { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    expect(JSON.parse(await changed.text()).data[0].name).toBe('renamed')
  })

  it('keeps a list again once it is small again', async () => {
    // Streamed while it is past keepBytes; then remembered as large (its answer starts after one page).
    Object.assign(listLimits, { keepBytes: 20_000, pageRows: 50 })
    const large = await raw(path())
    expect(large.headers.etag).toMatch(/^W\//)
    // Small again: the first answer still streams (and measures it), the next one is kept.
    Object.assign(listLimits, { keepBytes: 4_000_000 })
    const again = await raw(path(), { 'if-none-match': '"other"' })
    expect(again.headers.etag).toBe(large.headers.etag)
    expect(again.body.equals(large.body)).toBe(true)
    const kept = await raw(path())
    expect(kept.headers.etag).toMatch(/^"/)
    expect(kept.body.equals(large.body)).toBe(true)
  })

  it('stops reading when the client goes away', async () => {
    Object.assign(listLimits, { keepBytes: 0, pageRows: 2, pageBytes: 1 })
    const total = 300 // a page per icon
    const pages = listStreams.pages
    const res = await get(path(big), { 'accept-encoding': 'identity' })
    const reader = res.body!.getReader()
    expect((await reader.read()).done).toBe(false)
    expect(listStreams.open).toBe(1)
    await reader.cancel()
    await streamsClosed()
    // A few pages went into the socket's buffers (~80 KB each); far from all of them.
    expect(listStreams.pages - pages).toBeLessThan(total / 2)
  })

  it('ends the transfer as failed when the list changes mid-stream', async () => {
    Object.assign(listLimits, { keepBytes: 0, pageRows: 2, pageBytes: 1 })
    const res = await get(path(big), { 'accept-encoding': 'identity' })
    const reader = res.body!.getReader()
    expect((await reader.read()).done).toBe(false)
    await addIcons(big, 1, 100, 1, 300)
    await expect(drain(reader)).rejects.toThrow()
    // Asked again, the whole new list.
    Object.assign(listLimits, { pageRows: 50, pageBytes: 4_000_000 })
    const again = await raw(path(big), { 'accept-encoding': 'br' })
    const data = JSON.parse(brotliDecompressSync(again.body).toString()).data
    expect(data).toHaveLength(301)
    await t.ctx.store.db.delete(icons).where(eq(icons.name, 'icon 300'))
  })

  it('ends the transfer as failed when the database fails mid-stream', async () => {
    Object.assign(listLimits, { keepBytes: 0, pageRows: 2, pageBytes: 1 })
    const res = await get(path(big), { 'accept-encoding': 'gzip' })
    const reader = res.body!.getReader()
    expect((await reader.read()).done).toBe(false)
    await t.ctx.store.db.execute(sql`alter table icons rename to icons_away`)
    try {
      await expect(drain(reader)).rejects.toThrow()
    } finally {
      await t.ctx.store.db.execute(sql`alter table icons_away rename to icons`)
    }
    await streamsClosed()
  })
})

/** Reads a body to its end (rejects when the transfer fails). */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>) {
  for (;;) if ((await reader.read()).done) return
}
