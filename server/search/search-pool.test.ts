// The search worker's queue (a real worker thread): a project not loaded is answered stale, then found
// once its icons are sent; searches are served lane by lane (another user's search goes before the
// rest of one user's flood); past a lane's bound 429, past the queue's 503, both with Retry-After.
import { afterAll, expect, test } from 'vitest'
import type { SearchDoc } from '../../common/search/icon-search.ts'
import { createSearchPool } from './search-pool.ts'

const pool = createSearchPool({ MAX_QUEUED_PER_LANE: 2, MAX_QUEUED: 3 })
afterAll(() => pool.close())
const stamp = { key: 'test:1', created: 1, version: 1 }

async function* pages(count: number): AsyncGenerator<SearchDoc[]> {
  for (let start = 0; start < count; start += 1000)
    yield Array.from({ length: Math.min(1000, count - start) }, (_, i) => ({
      id: String(start + i),
      name: `icon-arrow-${start + i}`,
      tags: ['outline'],
    }))
}

test('answers stale until loaded, then serves lanes in turn and refuses past its bounds', async () => {
  expect(await pool.search(stamp, 'arrow', 5, 'u')).toBeNull()
  expect(await pool.load(stamp, pages(5000))).toBe(5000)
  expect(await pool.search(stamp, 'icon-arrow-42', 1, 'u')).toEqual([
    expect.objectContaining({ id: '42', name: 'icon-arrow-42' }),
  ])
  const order: string[] = []
  const ask = (lane: string, name: string) =>
    pool.search(stamp, 'arrow outline', 1000, lane).then((hits) => {
      order.push(name)
      return hits
    })
  const running = ask('u', 'u1')
  const waiting = [ask('u', 'u2'), ask('u', 'u3')]
  await expect(ask('u', 'u4')).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': '2' } })
  const other = ask('v', 'v1')
  await expect(ask('w', 'w1')).rejects.toMatchObject({ status: 503, code: 'busy' })
  const answers = await Promise.all([running, ...waiting, other])
  expect(answers.map((hits) => hits?.length)).toEqual([1000, 1000, 1000, 1000])
  expect(order).toEqual(['u1', 'u2', 'v1', 'u3'])
  expect(pool.stats()).toMatchObject({ queued: 0, running: false, restarts: 0 })
})
