// The search worker's queue (a real worker thread): a project not loaded is answered stale, then found
// once its icons are sent; searches are served caller by caller (another user's search goes before the
// rest of one user's flood); past a caller's bound 429, past the queue's 503, both with Retry-After.
import { afterAll, expect, test } from 'vitest'
import type { SearchDoc } from '../../common/search/icon-search.ts'
import { createSearchPool } from './search-pool.ts'

const pool = createSearchPool({ MAX_QUEUED_PER_CALLER: 2, MAX_QUEUED: 3 })
afterAll(() => pool.close())
const stamp = { key: 'test:1', created: 1, version: 1 }
const label = { ...stamp, scope: 'user:test', scopeVersion: 3 }

async function* pages(count: number): AsyncGenerator<SearchDoc[]> {
  for (let start = 0; start < count; start += 1000)
    yield Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
      id: String(start + i),
      name: `icon-arrow-${start + i}`,
      tags: ['outline'],
    }))
}

test('answers stale until loaded, then serves callers in turn and refuses past its bounds', async () => {
  expect(await pool.search(stamp, 'arrow', 5, 'u')).toEqual({ held: null })
  expect(await pool.load(label, pages(5000))).toBe(5000)
  expect(await pool.search(stamp, 'icon-arrow-42', 1, 'u')).toEqual([
    expect.objectContaining({ id: '42', name: 'icon-arrow-42' }),
  ])
  const order: string[] = []
  const ask = (caller: string, name: string) =>
    pool.search(stamp, 'arrow outline', 1000, caller).then((hits) => {
      order.push(name)
      return hits
    })
  const running = ask('u', 'u1')
  const waiting = [ask('u', 'u2'), ask('u', 'u3')]
  await expect(ask('u', 'u4')).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': '2' } })
  const other = ask('v', 'v1')
  await expect(ask('w', 'w1')).rejects.toMatchObject({ status: 503, code: 'busy' })
  const answers = await Promise.all([running, ...waiting, other])
  expect(answers.map((hits) => (Array.isArray(hits) ? hits.length : hits))).toEqual([1000, 1000, 1000, 1000])
  expect(order).toEqual(['u1', 'u2', 'v1', 'u3'])
  expect(pool.stats()).toMatchObject({ queued: 0, running: false, restarts: 0 })
})

test('applies the icons changed and gone since the version it holds, and asks for a load otherwise', async () => {
  const key = { key: 'test:2', created: 1, version: 1 }
  await pool.load({ ...key, scope: 'user:test', scopeVersion: 3 }, pages(2000))
  const next = { ...key, version: 2, scope: 'user:test', scopeVersion: 5 }
  // Not yet applied: the search at the new stamp is answered with the label held.
  expect(await pool.search(next, 'arrow', 1, 'u')).toEqual({
    held: { ...key, scope: 'user:test', scopeVersion: 3 },
  })
  const renamed = { id: '7', name: 'gear-wheel' }
  expect(await pool.change(next, 3, [renamed, { id: 'new', name: 'gearbox' }], ['8'])).toBe(2000)
  const hits = await pool.search(next, 'gear', 10, 'u')
  expect(Array.isArray(hits) && hits.map((h) => h.id).sort()).toEqual(['7', 'new'])
  const gone = await pool.search(next, 'icon-arrow-8', 1000, 'u')
  expect(Array.isArray(gone) && gone.map((h) => h.id)).not.toContain('8')
  // Changes since a version newer than the one held, or of another scope, are not applied.
  expect(await pool.change({ ...next, version: 3, scopeVersion: 9 }, 6, [], [])).toBeNull()
  expect(await pool.change({ ...next, version: 3, scope: 'ws', scopeVersion: 9 }, 5, [], [])).toBeNull()
})
