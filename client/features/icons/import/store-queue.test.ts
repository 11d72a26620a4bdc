import { expect, test } from 'vitest'
import type { WorkResult } from './process-file.ts'
import { storeQueue } from './store-queue.ts'

const results = (...keys: number[]): WorkResult[] =>
  keys.map((key) => ({ key, svg: `<svg id="${key}"/>`, failing: [] }))
const keysOf = (batches: WorkResult[][]) => batches.map((b) => b.map((r) => r.key))

test('results are stored in input order, whichever arrives first', async () => {
  const stored: WorkResult[][] = []
  const queue = storeQueue(async (batch) => void stored.push(batch), {
    every: 2,
    atLeastMs: 60_000,
    atMost: 10,
  })
  queue.add(results(2, 3))
  expect(stored).toEqual([]) // 0 and 1 are still on their way
  queue.add(results(0, 1))
  await queue.flush()
  expect(keysOf(stored).flat()).toEqual([0, 1, 2, 3])
})

test('one store at a time: what arrives meanwhile goes in the next, at most atMost per store', async () => {
  const stored: WorkResult[][] = []
  let release = () => {}
  const queue = storeQueue(
    (batch) => {
      stored.push(batch)
      return stored.length === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve()
    },
    { every: 2, atLeastMs: 60_000, atMost: 3 },
  )
  queue.add(results(0, 1))
  queue.add(results(2, 3))
  queue.add(results(4, 5, 6, 7))
  expect(keysOf(stored)).toEqual([[0, 1]])
  release()
  await queue.flush()
  expect(keysOf(stored)).toEqual([
    [0, 1],
    [2, 3, 4],
    [5, 6, 7],
  ])
})

test('after an abort, what arrived is stored in order; a failed store is reported', async () => {
  const stored: WorkResult[][] = []
  const queue = storeQueue(async (batch) => void stored.push(batch), {
    every: 100,
    atLeastMs: 60_000,
    atMost: 100,
  })
  queue.add(results(5, 1))
  await queue.flush()
  expect(keysOf(stored)).toEqual([[1, 5]])
  const failing = storeQueue(() => Promise.reject(new Error('quota')), { every: 1, atLeastMs: 0, atMost: 1 })
  failing.add(results(0))
  await expect(failing.flush()).rejects.toThrow('quota')
})
