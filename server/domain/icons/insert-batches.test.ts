// batchedWrites (insert-batches.ts): idle, a part is written at once and alone; parts of one key that
// arrive while a write runs go together in the next write, in order; other keys do not wait; a part
// naming an id already in the batch waits for the next one; a batch that fails is written again one
// part at a time, each answered as alone; a batch stops at MAX_BATCH_ICONS.
import { expect, test } from 'vitest'
import { batchedWrites, MAX_BATCH_ICONS } from './insert-batches.ts'

type Part = { key: string; ids: string[]; name: string }
const part = (name: string, key = 'ws', ids = [name]): Part => ({ key, ids, name })

/** A write that waits to be let go by hand; `fail` names parts that make any batch holding them throw. */
function held(fail: (parts: Part[]) => boolean = () => false) {
  const calls: string[][] = []
  const gates: (() => void)[] = []
  const batcher = batchedWrites(async (parts: Part[]) => {
    calls.push(parts.map((p) => p.name))
    await new Promise<void>((resolve) => gates.push(resolve))
    if (fail(parts)) throw new Error(`refused ${parts.map((p) => p.name).join()}`)
    return parts.map((p) => `wrote ${p.name}`)
  })
  const letGo = async () => {
    await expect.poll(() => gates.length).toBeGreaterThan(0)
    gates.shift()!()
  }
  return { batcher, calls, letGo }
}

test('idle, a part goes at once; those arriving meanwhile go together next, in order', async () => {
  const { batcher, calls, letGo } = held()
  const a = batcher.write(part('a'))
  await expect.poll(() => calls).toEqual([['a']])
  const rest = ['b', 'c', 'd'].map((name) => batcher.write(part(name)))
  const other = batcher.write(part('x', 'elsewhere'))
  await expect.poll(() => calls).toEqual([['a'], ['x']])
  expect(batcher.waiting()).toBe(3)
  await letGo()
  await expect.poll(() => calls).toEqual([['a'], ['x'], ['b', 'c', 'd']])
  await letGo()
  await letGo()
  expect(await a).toBe('wrote a')
  expect(await Promise.all(rest)).toEqual(['wrote b', 'wrote c', 'wrote d'])
  expect(await other).toBe('wrote x')
  expect(batcher.waiting()).toBe(0)
})

test('a part naming an id already in the batch waits for the next', async () => {
  const { batcher, calls, letGo } = held()
  const first = batcher.write(part('a'))
  await expect.poll(() => calls).toEqual([['a']])
  const waiting = [part('b', 'ws', ['1']), part('c', 'ws', ['1']), part('d', 'ws', ['2'])].map((p) =>
    batcher.write(p),
  )
  await letGo()
  await expect.poll(() => calls).toEqual([['a'], ['b', 'd']])
  await letGo()
  await expect.poll(() => calls).toEqual([['a'], ['b', 'd'], ['c']])
  await letGo()
  await first
  expect(await Promise.all(waiting)).toEqual(['wrote b', 'wrote c', 'wrote d'])
})

test('a batch that fails is written again one part at a time, each answered as alone', async () => {
  const { batcher, calls, letGo } = held((parts) => parts.some((p) => p.name === 'bad'))
  const first = batcher.write(part('a'))
  await expect.poll(() => calls).toEqual([['a']])
  const answers = ['b', 'bad', 'c'].map((name) => batcher.write(part(name)).catch((e: Error) => e.message))
  await letGo()
  for (let i = 0; i < 4; i++) await letGo()
  expect(calls).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']])
  expect(await first).toBe('wrote a')
  expect(await Promise.all(answers)).toEqual(['wrote b', 'refused bad', 'wrote c'])
})

test(`a batch holds at most ${MAX_BATCH_ICONS} icons, and a part alone may hold more`, async () => {
  const { batcher, calls, letGo } = held()
  const first = batcher.write(part('a'))
  await expect.poll(() => calls).toEqual([['a']])
  const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`)
  const big = batcher.write(part('big', 'ws', ids('big', MAX_BATCH_ICONS - 1)))
  const two = batcher.write(part('two', 'ws', ids('two', 2)))
  const huge = batcher.write(part('huge', 'ws', ids('huge', MAX_BATCH_ICONS + 1)))
  await letGo()
  await expect.poll(() => calls.at(-1)).toEqual(['big'])
  await letGo()
  await expect.poll(() => calls.at(-1)).toEqual(['two'])
  await letGo()
  await expect.poll(() => calls.at(-1)).toEqual(['huge'])
  await letGo()
  await Promise.all([first, big, two, huge])
})
