// The Iconify endpoint as callers other than Iconify's own clients meet it (ADR 0021), through the real
// app on PGlite and Postgres: a list of more names than one request looks up answers every name (the
// first 500 distinct ones looked up, the rest in not_found, none left out unsaid); a CORS preflight
// (a page's fetch with a header of its own) is answered for any origin; `palette` in collections and
// in the exported package follows the icons (a multicolour icon added turns it true at once, the kept
// answer included).
import { randomUUID } from 'node:crypto'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresOnly } from '../setup/postgres-only.ts'
import { createTestApp, type Json, type TestApp } from '../setup/test-app.ts'
import type { DbKind } from '../setup/test-db.ts'

const MONO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M3 9l9-7 9 7v11H3z"/></svg>'
const MULTI =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#e11d48" d="M2 2h10v10H2z"/><path fill="#2563eb" d="M12 12h10v10H12z"/></svg>'

function callersFlow(kind: DbKind) {
  let t: TestApp
  let owner: string
  let token: string
  const project = randomUUID()
  const base = () => `/api/iconify/${token}`
  const get = (path: string) => t.request(path, { origin: null, headers: { origin: 'https://site.example' } })

  beforeAll(async () => {
    t = await createTestApp(kind)
    owner = await t.signIn('iconify-callers@example.com')
    await t.setPlan('iconify-callers@example.com', 'pro')
    const made = await t.post('/api/projects/create', owner, {
      id: project,
      name: 'Callers',
      workspace_id: null,
    })
    expect(made.status).toBe(200)
    const icons = Array.from({ length: 3 }, (_, i) => ({
      id: randomUUID(),
      name: `glyph-${i}`,
      svg: MONO,
      project_id: project,
      workspace_id: null,
    }))
    expect((await t.post('/api/icons/create-many', owner, { icons })).status).toBe(200)
    const res = await t.post('/api/tokens/create', owner, {
      name: 'Pages',
      scope: 'read',
      project_ids: [project],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    token = (res.body.data as { token: string }).token
  })
  afterAll(() => t?.close())

  it('answers every name of a long list: past the first 500 distinct names, in not_found', async () => {
    const fillers = Array.from({ length: 520 }, (_, i) => `missing-${String(i).padStart(3, '0')}`)
    const asked = [...fillers.slice(0, 499), 'glyph-0', 'glyph-0', ...fillers.slice(499), 'glyph-1']
    const res = await get(`${base()}/callers.json?icons=${asked.join(',')}`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { icons: Record<string, unknown>; not_found?: string[] }
    // glyph-0 is the 500th distinct name: looked up and answered; glyph-1 comes after the bound.
    expect(Object.keys(body.icons)).toEqual(['glyph-0'])
    const answered = new Set([...Object.keys(body.icons), ...(body.not_found ?? [])])
    for (const name of new Set(asked)) expect(answered.has(name), name).toBe(true)
    expect(body.not_found).toContain('glyph-1')
    expect(body.not_found).toHaveLength(new Set(asked).size - 1)
  })

  it('answers the CORS preflight of a GET with headers of its own, for any origin', async () => {
    const res = await t.request(`${base()}/callers.json?icons=glyph-0`, {
      method: 'OPTIONS',
      origin: null,
      headers: {
        origin: 'https://site.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-requested-with',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-methods')).toContain('GET')
    expect(res.headers.get('access-control-allow-headers')).toBe('x-requested-with')
    // The GET it clears still answers with CORS.
    const after = await get(`${base()}/callers.json?icons=glyph-0`)
    expect(after.status).toBe(200)
    expect(after.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('computes palette from the icons: a multicolour icon added turns it true, kept answers too', async () => {
    const before = await get(`${base()}/collections`)
    expect(((await before.json()) as Json).callers.palette).toBe(false)
    const multi = { id: randomUUID(), name: 'flag', svg: MULTI, project_id: project, workspace_id: null }
    expect((await t.post('/api/icons/create', owner, multi)).status).toBe(200)
    const after = await get(`${base()}/collections`)
    expect(((await after.json()) as Json).callers.palette).toBe(true)
    const zip = await t.request(`/api/projects/export?project_id=${project}&format=iconify`, {
      cookie: owner,
    })
    expect(zip.status).toBe(200)
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()))
    const info = JSON.parse(new TextDecoder().decode(files['info.json']!)) as { palette: boolean }
    expect(info.palette).toBe(true)
  })
}

describe('Iconify endpoint for other callers on pglite', () => callersFlow('pglite'))
postgresOnly('Iconify endpoint for other callers on postgres', () => callersFlow('postgres'))
