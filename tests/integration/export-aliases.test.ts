// Every output of GET /api/projects/export emits the icons' aliases (ADR 0104):
// a rename home → house, its alias deprecated with the release that removes it, and an alias whose
// derived names (component ArrowLeft, class and file arrow-left) are another icon's: left out. And
// the server builds at most LIMITS.exportsPerUser exports a minute per user.
import { randomUUID } from 'node:crypto'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '../../server/middleware/rate-limit.ts'
import { createTestApp, type TestApp } from '../setup/test-app.ts'

const drawing = (d: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${d}"/></svg>`

describe('aliases in every export on pglite', () => {
  let t: TestApp
  let me: string
  const projectId = randomUUID()
  const house = randomUUID()

  let exportsSoFar = 0
  const get = async (format: string) => {
    exportsSoFar++
    const res = await t.request(`/api/projects/export?project_id=${projectId}&format=${format}`, {
      cookie: me,
    })
    expect(res.status, format).toBe(200)
    return new Uint8Array(await res.arrayBuffer())
  }

  beforeAll(async () => {
    t = await createTestApp('pglite')
    me = await t.signIn('aliases-export@example.com')
    await t.setPlan('aliases-export@example.com', 'pro')
    expect(
      (await t.post('/api/projects/create', me, { id: projectId, name: 'Aliased', workspace_id: null }))
        .status,
    ).toBe(200)
    for (const [id, name, d] of [
      [house, 'home', 'M3 9l9-7 9 7'],
      [randomUUID(), 'arrow-left', 'M19 12H5'],
    ] as const)
      expect(
        (await t.post('/api/icons/create', me, { id, name, svg: drawing(d), project_id: projectId })).status,
      ).toBe(200)
    expect((await t.post('/api/icons/update', me, { id: house, name: 'house' })).status).toBe(200)
    const deprecated = await t.post('/api/projects/aliases/update', me, {
      project_id: projectId,
      name: 'home',
      deprecated: true,
      reason: 'renamed',
      remove_in: '3.0.0',
    })
    expect(deprecated.status).toBe(200)
    // Another name for house whose component (ArrowLeft) is the arrow's.
    const clash = await t.post('/api/projects/aliases/create', me, {
      project_id: projectId,
      icon_id: house,
      name: 'arrow left',
    })
    expect(clash.status).toBe(200)
  })
  afterAll(() => t?.close())

  it('packages re-export a deprecated Home (removed in 3.0.0); a clashing alias is left out', async () => {
    for (const format of ['react-ts', 'react-js', 'react-native-ts']) {
      const files = unzipSync(await get(format))
      const index = strFromU8(files[format === 'react-js' ? 'index.js' : 'index.ts']!)
      const ext = { 'react-ts': '.js', 'react-js': '.jsx' }[format] ?? ''
      expect(index, format).toBe(
        [
          `export { ArrowLeft } from './ArrowLeft${ext}'`,
          `export { House } from './House${ext}'`,
          `export { /** @deprecated Use House. Removed in 3.0.0 */ House as Home } from './House${ext}'`,
          '',
        ].join('\n'),
      )
    }
  })

  it('CSS: .home is a second selector of the .house rule (and .arrow-left stays the arrow’s)', async () => {
    // Under the project's default class prefix (ADR 0105).
    const css = strFromU8(await get('css'))
    expect(css).toContain('.aliased-house,\n.aliased-home {')
    expect(css.match(/\.aliased-arrow-left\b/g)).toHaveLength(1)
  })

  it('sprite: a second <symbol id="home"> drawn like house', async () => {
    const sprite = strFromU8(await get('sprite'))
    expect([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'arrow-left',
      'house',
      'home',
    ])
  })

  it('SVG ZIP: aliases.json maps home to house', async () => {
    const files = unzipSync(await get('svg'))
    expect(Object.keys(files)).toEqual(['arrow-left.svg', 'house.svg', 'aliases.json'])
    expect(JSON.parse(strFromU8(files['aliases.json']!))).toEqual({ home: 'house' })
  })

  it(`server-built exports are limited to ${LIMITS.exportsPerUser.max} a minute per user`, async () => {
    const statuses: number[] = []
    for (let i = 0; i <= LIMITS.exportsPerUser.max; i++) {
      const res = await t.request(`/api/projects/export?project_id=${projectId}&format=css`, { cookie: me })
      statuses.push(res.status)
      if (res.status === 429) {
        expect((await res.json()).code).toBe('rate_limited')
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      }
    }
    // The exports of the tests above were this user's too.
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.exportsPerUser.max - exportsSoFar)
    expect(statuses.at(-1)).toBe(429)
  })
})
