// JSON answers: brotli or gzip by Accept-Encoding from 1 KB on, an ETag on GETs and 304 when the
// client already has the answer; through app.request() and through a real server process.
import { randomUUID } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pickEncoding } from '../../server/middleware/compress-json.ts'
import { type ApiUser, proUserWithProject } from '../setup/api-user.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20H2z"/></svg>'

describe('compressed answers and 304', () => {
  let t: TestApp
  let cookie: string
  let projectId: string

  beforeAll(async () => {
    t = await createTestApp('pglite')
    cookie = await t.signIn('gzip@example.com')
    await t.setPlan('gzip@example.com', 'pro')
    projectId = randomUUID()
    await t.post('/api/projects/create', cookie, {
      id: projectId,
      name: 'P',
      description: '',
      workspace_id: null,
    })
    for (let i = 0; i < 20; i++)
      await t.post('/api/icons/create', cookie, {
        id: randomUUID(),
        name: `icon ${i}`,
        svg: SVG,
        project_id: projectId,
        workspace_id: null,
      })
  })
  afterAll(() => t?.close())

  it('chooses brotli, then gzip, never what the client refuses', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(pickEncoding('identity')).toBeNull()
    expect(pickEncoding(undefined)).toBeNull()
  })

  it('compresses a list, tags it, and answers 304 to a client that has it', async () => {
    const path = `/api/icons?project_id=${projectId}`
    const plain = await t.request(path, { cookie })
    const text = await plain.text()
    expect(plain.headers.get('content-encoding')).toBeNull()
    const etag = plain.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(plain.headers.get('cache-control')).toBe('private, no-cache')

    const br = await t.request(path, { cookie, headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    const packed = Buffer.from(await br.arrayBuffer())
    expect(brotliDecompressSync(packed).toString()).toBe(text)
    expect(packed.length).toBeLessThan(text.length / 3)
    const gz = await t.request(path, { cookie, headers: { 'accept-encoding': 'gzip' } })
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text)

    const again = await t.request(path, { cookie, headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    await t.post('/api/icons/update', cookie, { id: JSON.parse(text).data[0].id, name: 'renamed' })
    expect((await t.request(path, { cookie, headers: { 'if-none-match': etag } })).status).toBe(200)
  })

  it('leaves small answers, refusals and mutations without an ETag', async () => {
    const me = await t.request('/api/me', { cookie, headers: { 'accept-encoding': 'br' } })
    expect(me.headers.get('content-encoding')).toBeNull()
    const missing = await t.request(`/api/icons?project_id=${randomUUID()}`, { cookie })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('etag')).toBeNull()
    expect(missing.headers.get('cache-control')).toBe('no-store')
  })
})

describe('through a real server process', () => {
  let smtp: TestSmtp
  let app: AppProcess
  let user: ApiUser

  beforeAll(async () => {
    smtp = await startTestSmtp()
    app = await startApp({ env: { SMTP_URL: smtp.url } })
    user = await proUserWithProject(app.baseUrl, smtp, 'gzip-process@example.com')
    for (let i = 0; i < 20; i++)
      await user.call('/api/icons/create', {
        id: randomUUID(),
        name: `icon ${i}`,
        svg: SVG,
        project_id: user.projectId,
        workspace_id: null,
      })
  }, 60_000)
  afterAll(async () => {
    await app?.stop()
    await smtp?.close()
  })

  it('sends compressed bytes on the wire and 304 for an unchanged list', async () => {
    const path = `/api/icons?project_id=${user.projectId}`
    // fetch asks for gzip and deflate (and br where it can) and decodes what comes back.
    const first = await user.call(path)
    expect(first.headers.get('content-encoding')).toMatch(/^(br|gzip)$/)
    expect((await first.json()).data).toHaveLength(20)
    const etag = first.headers.get('etag')!
    const second = await fetch(`${app.baseUrl}${path}`, {
      headers: { cookie: user.cookie, 'if-none-match': etag },
    })
    expect(second.status).toBe(304)
  })
})
