// One cache entry per scope's credits (query-keys.ts): what a maker charge answers is what /info,
// Manage Workspace and the maker's note read next, without another request; and no query key is
// built outside the one factory.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { chargeTrace } from '../features/maker/api/maker-api.ts'
import { queryClient } from '../lib/query-client.ts'
import { creditsQueryOptions } from './credits.ts'
import { queryKeys } from './query-keys.ts'

const usage = (used: number) => ({ month: '2026-11-01', used, limit: 200 })
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A server whose credits go up by one per charge; counts the reads of GET /api/credits. */
function fakeServer() {
  let used = 3
  const reads: string[] = []
  const fetch = vi.fn(async (path: string) => {
    if (path.startsWith('/api/credits')) {
      reads.push(path)
      return answer({ data: usage(used) })
    }
    if (path === '/api/maker/charge') return answer({ data: usage(++used) })
    return answer({ error: 'Not found', code: 'not_found' }, 404)
  })
  vi.stubGlobal('fetch', fetch)
  return { reads }
}

afterEach(() => {
  vi.unstubAllGlobals()
  queryClient.clear()
})

describe('credits: one key per scope', () => {
  test('after a maker charge, the personal credits /info shows are the charged ones, at once', async () => {
    const server = fakeServer()
    // /info's card: useCreditsUsage(null), i.e. these options, observed as a mounted component would.
    const info = new QueryObserver(queryClient, creditsQueryOptions(null))
    const seen: (number | undefined)[] = []
    const stop = info.subscribe((result) => seen.push(result.data?.used))
    await vi.waitFor(() => expect(info.getCurrentResult().data?.used).toBe(3))

    await chargeTrace(null)

    expect(info.getCurrentResult().data?.used).toBe(4)
    expect(info.getCurrentResult().isStale).toBe(false)
    expect(seen.at(-1)).toBe(4)
    expect(server.reads).toEqual(['/api/credits']) // the answer was enough: no second read
    stop()
  })

  test('a workspace charge updates that workspace only', async () => {
    fakeServer()
    const id = '00000000-0000-4000-8000-000000000001'
    await queryClient.fetchQuery(creditsQueryOptions(null))
    await queryClient.fetchQuery(creditsQueryOptions(id))
    await chargeTrace(id)
    expect(queryClient.getQueryData(queryKeys.credits(id))).toEqual(usage(4))
    expect(queryClient.getQueryData(queryKeys.credits(null))).toEqual(usage(3))
  })

  test('a workspace the caller is no longer in is unknown (null), not an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer({ error: 'Workspace not found', code: 'not_found' }, 404)),
    )
    await expect(queryClient.fetchQuery(creditsQueryOptions('gone'))).resolves.toBeNull()
  })
})

describe('query keys', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
    })

  test('are built only by the factory (client/data/query-keys.ts)', () => {
    const root = new URL('..', import.meta.url).pathname
    const literal = /queryKey:\s*\[/
    const offenders = files(root).filter(
      (file) => !file.endsWith('.test.ts') && literal.test(readFileSync(file, 'utf8')),
    )
    expect(offenders).toEqual([])
  })
})
