// The heavy-work gate (ADR 0310): jobs at once per process, one per user at a time, served user by
// user, and 429 with Retry-After past a user's or the process's bound or after the longest wait.
import { describe, expect, test } from 'vitest'
import { ApiError } from '../domain/errors.ts'
import { createHeavyGate, HEAVY_JOBS_WAITING, HEAVY_WORK_BUSY } from './gate.ts'

/** A job that runs until `finish()` and records when it started. */
function jobs() {
  const started: string[] = []
  const finish = new Map<string, () => void>()
  const job = (name: string) => () => {
    started.push(name)
    return new Promise<string>((resolve) => finish.set(name, () => resolve(name)))
  }
  return { started, job, finish: (name: string) => finish.get(name)!() }
}

const options = {
  concurrency: 1,
  maxQueued: 10,
  maxQueuedPerUser: 3,
  maxWaitMs: 60_000,
  retryAfterSeconds: 7,
}

describe('the heavy-work gate', () => {
  test('runs one job at a time per process here, a user’s jobs one after another, users in turn', async () => {
    const gate = createHeavyGate(options)
    const { started, job, finish } = jobs()
    const a1 = gate.run('ada', job('a1'))
    const a2 = gate.run('ada', job('a2'))
    const b1 = gate.run('bob', job('b1'))
    await expect.poll(() => started).toEqual(['a1'])
    expect(gate.stats()).toEqual({ running: 1, queued: 2 })
    finish('a1')
    expect(await a1).toBe('a1')
    // Bob's one job comes before Ada's second: the queue is served user by user.
    await expect.poll(() => started).toEqual(['a1', 'b1'])
    finish('b1')
    await expect.poll(() => started).toEqual(['a1', 'b1', 'a2'])
    finish('a2')
    expect(await Promise.all([a2, b1])).toEqual(['a2', 'b1'])
    expect(gate.stats()).toEqual({ running: 0, queued: 0 })
  })

  test('never runs two jobs of one user at once, even with room for more', async () => {
    const gate = createHeavyGate({ ...options, concurrency: 4 })
    const { started, job, finish } = jobs()
    const runs = [gate.run('ada', job('a1')), gate.run('ada', job('a2')), gate.run('bob', job('b1'))]
    await expect.poll(() => started).toEqual(['a1', 'b1'])
    finish('a1')
    await expect.poll(() => started).toEqual(['a1', 'b1', 'a2'])
    finish('a2')
    finish('b1')
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'b1'])
  })

  test('429 with Retry-After past a user’s bound, the process’s bound and the longest wait', async () => {
    const gate = createHeavyGate({ ...options, maxQueued: 4, maxWaitMs: 50 })
    const { job, finish } = jobs()
    const running = gate.run('ada', job('a1'))
    const waiting = [1, 2, 3].map((n) => gate.run('ada', job(`a${n + 1}`)))
    const refusal = { status: 429, code: 'rate_limited', headers: { 'Retry-After': '7' } }
    await expect(gate.run('ada', job('a5'))).rejects.toMatchObject({
      ...refusal,
      message: HEAVY_JOBS_WAITING,
    })
    const bob = gate.run('bob', job('b1'))
    await expect(gate.run('cy', job('c1'))).rejects.toMatchObject({ ...refusal, message: HEAVY_WORK_BUSY })
    // Nobody's turn comes within 50 ms while a1 runs: every waiting job is refused, not left hanging.
    for (const refused of [...waiting, bob]) {
      const error = await refused.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toMatchObject({ ...refusal, message: HEAVY_WORK_BUSY })
    }
    expect(gate.stats()).toEqual({ running: 1, queued: 0 })
    finish('a1')
    expect(await running).toBe('a1')
  })
})
