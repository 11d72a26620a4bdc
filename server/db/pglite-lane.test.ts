// The database thread's queue (pglite-lane.ts): one job at a time, urgent jobs before the ordinary
// ones waiting, each kind in arrival order.
import { expect, test } from 'vitest'
import { lane } from './pglite-lane.ts'

test('one job at a time; urgent jobs go before the ordinary ones waiting, each kind in order', async () => {
  const started: string[] = []
  let running = 0
  let most = 0
  const finish: (() => void)[] = []
  const jobs = lane(async (name: string) => {
    started.push(name)
    most = Math.max(most, ++running)
    await new Promise<void>((resolve) => finish.push(resolve))
    running--
  })
  jobs.push('a', false)
  await new Promise((r) => setImmediate(r))
  expect(started).toEqual(['a'])
  for (const name of ['b', 'c']) jobs.push(name, false)
  jobs.push('U1', true)
  jobs.push('U2', true)
  for (let i = 0; i < 5; i++) {
    await expect.poll(() => finish.length).toBe(1)
    finish.shift()!()
  }
  expect(started).toEqual(['a', 'U1', 'U2', 'b', 'c'])
  expect(most).toBe(1)
})

test('jobs pushed in one turn are chosen among together: an urgent one goes first', async () => {
  const started: string[] = []
  const jobs = lane(async (name: string) => {
    started.push(name)
  })
  for (const name of ['a', 'b']) jobs.push(name, false)
  jobs.push('U', true)
  await expect.poll(() => started).toEqual(['U', 'a', 'b'])
})

test('a job that fails frees the lane', async () => {
  const done: string[] = []
  const jobs = lane(async (name: string) => {
    if (name === 'bad') throw new Error('no')
    done.push(name)
  })
  jobs.push('bad', false)
  jobs.push('good', false)
  await expect.poll(() => done).toEqual(['good'])
})
