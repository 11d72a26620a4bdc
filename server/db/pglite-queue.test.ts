// The database thread's queue (pglite-queue.ts): one job at a time, urgent jobs before writes before
// reads, each kind in arrival order, and a read at least every few writes.
import { expect, test } from 'vitest'
import { jobQueue } from './pglite-queue.ts'
import { READS_BEFORE_A_BULK, WRITES_BEFORE_A_READ } from './priority-line.ts'
import type { QueryPriority } from './query-priority.ts'

/** A queue whose jobs each wait to be finished by hand; `finishNext` ends the one running. */
function heldQueue() {
  const started: string[] = []
  let running = 0
  let most = 0
  const finish: (() => void)[] = []
  const jobs = jobQueue(async (name: string) => {
    started.push(name)
    most = Math.max(most, ++running)
    await new Promise<void>((resolve) => finish.push(resolve))
    running--
  })
  const finishNext = async () => {
    await expect.poll(() => finish.length).toBe(1)
    finish.shift()!()
  }
  return { jobs, started, finishNext, most: () => most }
}

test('one job at a time; urgent jobs go before writes before reads, each kind in order', async () => {
  const { jobs, started, finishNext, most } = heldQueue()
  jobs.push('a', 'read')
  await expect.poll(() => started).toEqual(['a'])
  const pushes: [string, QueryPriority][] = [
    ['b', 'read'],
    ['W1', 'write'],
    ['c', 'read'],
    ['U1', 'urgent'],
    ['W2', 'write'],
    ['U2', 'urgent'],
  ]
  for (const [name, priority] of pushes) jobs.push(name, priority)
  for (let i = 0; i < 6; i++) await finishNext()
  await expect.poll(() => started).toEqual(['a', 'U1', 'U2', 'W1', 'W2', 'b', 'c'])
  expect(most()).toBe(1)
})

test(`a stream of writes lets a waiting read go every ${WRITES_BEFORE_A_READ} writes`, async () => {
  const { jobs, started, finishNext } = heldQueue()
  jobs.push('first', 'read')
  await expect.poll(() => started).toEqual(['first'])
  const writes = 2 * WRITES_BEFORE_A_READ + 1
  for (let i = 1; i <= writes; i++) jobs.push(`W${i}`, 'write')
  for (const name of ['r1', 'r2']) jobs.push(name, 'read')
  for (let i = 0; i < writes + 2; i++) await finishNext()
  const w = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `W${from + i}`)
  const n = WRITES_BEFORE_A_READ
  await expect
    .poll(() => started)
    .toEqual(['first', ...w(1, n), 'r1', ...w(n + 1, 2 * n), 'r2', ...w(2 * n + 1, writes)])
})

test(`reads pass a large list's pages (bulk), but a page goes every ${READS_BEFORE_A_BULK} reads`, async () => {
  const { jobs, started, finishNext } = heldQueue()
  jobs.push('first', 'read')
  await expect.poll(() => started).toEqual(['first'])
  const reads = 2 * READS_BEFORE_A_BULK + 1
  for (const name of ['P1', 'P2']) jobs.push(name, 'bulk')
  for (let i = 1; i <= reads; i++) jobs.push(`r${i}`, 'read')
  jobs.push('W', 'write')
  for (let i = 0; i < reads + 3; i++) await finishNext()
  const r = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `r${from + i}`)
  const n = READS_BEFORE_A_BULK
  await expect
    .poll(() => started)
    .toEqual(['first', 'W', ...r(1, n), 'P1', ...r(n + 1, 2 * n), 'P2', ...r(2 * n + 1, reads)])
})

test('jobs pushed in one turn are chosen among together: an urgent one goes first', async () => {
  const started: string[] = []
  const jobs = jobQueue(async (name: string) => {
    started.push(name)
  })
  for (const name of ['a', 'b']) jobs.push(name, 'read')
  jobs.push('U', 'urgent')
  await expect.poll(() => started).toEqual(['U', 'a', 'b'])
})

test('a job that fails frees the queue', async () => {
  const done: string[] = []
  const jobs = jobQueue(async (name: string) => {
    if (name === 'bad') throw new Error('no')
    done.push(name)
  })
  jobs.push('bad', 'read')
  jobs.push('good', 'read')
  await expect.poll(() => done).toEqual(['good'])
})
