// The SVG worker pool with real worker threads running the real pipeline: same output as
// processSvg, the CPU deadline (icon refused, worker replaced), lanes served in turn, bounds.
import { afterEach, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { isSvgError, processSvg, SVG_ERROR_MESSAGES, SvgError } from '../../common/svg/index.ts'
import { SLOWEST_ALLOWED } from '../../tests/setup/hostile-svgs.ts'
import { ApiError } from '../domain/errors.ts'
import { EMPTY_SVG, sanitizeOrEmpty } from '../domain/icons/sanitize-served.ts'
import { cachedServedSvg } from '../domain/icons/served-svg.ts'
import { createSvgPool } from './pool.ts'
import { SVG_POOL_BUSY, type SvgPool, type SvgPoolOptions } from './pool-api.ts'
import { processAndMeasureMany, processMany } from './process-many.ts'
import { serveMany } from './serve-many.ts'
import { RETRY_AFTER_SECONDS } from './settings.ts'

const svgOf = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h4v${2 + (n % 19)}h-4z"/></svg>`
/**
 * A drawing no other test file draws: the served-markup memo is the process's, and a worker runs
 * many files in turn (vitest.config.ts), so what this file expects to be unmemoised must be its own.
 */
const RUN = 10 + Math.floor(Math.random() * 89)
const ownSvg = (n: number) => svgOf(n).replace('2h4v', `2.${RUN}h4v`)
const HEAVY = SLOWEST_ALLOWED

let pools: SvgPool[] = []
const pool = (options: SvgPoolOptions) => {
  const p = createSvgPool(options)
  pools.push(p)
  return p
}
afterEach(async () => {
  await Promise.all(pools.map((p) => p.close()))
  pools = []
})

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal')
    },
    (error: unknown) => error,
  )

describe('SVG worker pool', () => {
  it('starts no worker until asked; warm() starts one, once, and its first icons need no other', async () => {
    const p = pool({ size: 2 })
    expect(p.stats().workers).toBe(0)
    p.warm()
    p.warm()
    expect(p.stats().workers).toBe(1)
    expect(await p.serve([svgOf(1)])).toEqual([sanitizeOrEmpty(svgOf(1))])
    expect(p.stats().workers).toBe(1)
    await p.close()
    p.warm()
    expect(p.stats().workers).toBe(0)
  })

  it('answers what processSvg answers, refusals included', async () => {
    const p = pool({ size: 2 })
    const evil =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>x</script><path d="M0 0h9v9z"/></svg>'
    const inputs = [ownSvg(1001), ownSvg(1007), evil.replace('h9v9z', `h9v9.${RUN}z`)]
    const outputs = await Promise.all(inputs.map((input) => processSvg(input, { idPrefix: 'p-' })))
    expect(outputs.map(cachedServedSvg)).toEqual([undefined, undefined, undefined])
    for (const [at, input] of inputs.entries())
      expect(await p.process(input, { idPrefix: 'p-' })).toBe(outputs[at])
    // What will be served for them was sanitised in the worker too: no sanitising on the event loop.
    expect(outputs.map(cachedServedSvg)).toEqual(outputs.map(sanitizeOrEmpty))
    const error = await failure(p.process('<svg', { idPrefix: 'p-' }))
    expect(isSvgError(error) && error.code).toBe('malformed')
    expect((error as Error).message).toBe(
      await failure(processSvg('<svg', { idPrefix: 'p-' })).then((e) => (e as Error).message),
    )
  })

  it('refuses an icon past its CPU deadline, replaces the worker and goes on', async () => {
    // A deadline of 100 ms of CPU, read every 10 ms: the heavy icon's 0.25 s or more is past it (read
    // every 100 ms, as the pool does, a fast machine finished a lighter one between two reads), and
    // an ordinary icon stays far below it even on a cold worker that compiles the pipeline first.
    // CPU, not wall time: a busy machine does not move either.
    // (A 1 ms deadline refused the cold worker's first tiny icon whenever a busy machine made it
    // outlast the first check.)
    const p = pool({ size: 1, cpuDeadlineMs: 100, cpuCheckMs: 10 })
    const tiny = (n: number) => p.process(svgOf(n), { idPrefix: 'a-' })
    await tiny(1)
    const before = p.stats().replaced
    const error = await failure(p.process(HEAVY, { idPrefix: 'a-' }))
    expect(error).toBeInstanceOf(SvgError)
    expect((error as SvgError).message).toBe(SVG_ERROR_MESSAGES.too_slow)
    expect(p.stats().replaced).toBe(before + 1)
    expect(await tiny(2)).toContain('<path')
    expect(p.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0 })
  })

  it('serves lanes in turn: one caller’s many icons do not hold back another’s one', async () => {
    const p = pool({ size: 1 })
    const order: string[] = []
    const run = (name: string, lane: string, n: number) =>
      p.process(svgOf(n), { idPrefix: 'f-' }, lane).then(() => order.push(name))
    await Promise.all([
      run('a1', 'a', 1),
      run('a2', 'a', 2),
      run('a3', 'a', 3),
      run('a4', 'a', 4),
      run('b1', 'b', 5),
    ])
    expect(order.indexOf('b1')).toBeLessThan(order.indexOf('a3'))
    expect(order.filter((n) => n.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4'])
  })

  it('refuses beyond its bounds with 429 (one caller) or 503 (everyone), with Retry-After', async () => {
    const p = pool({ size: 1, maxQueuedPerLane: 2, maxQueued: 3 })
    const waiting = [
      p.process(svgOf(1), { idPrefix: 'q-' }, 'a'),
      p.process(svgOf(2), { idPrefix: 'q-' }, 'a'),
    ]
    const perLane = await failure(p.process(svgOf(3), { idPrefix: 'q-' }, 'a'))
    expect(perLane).toBeInstanceOf(ApiError)
    expect(perLane).toMatchObject({ status: 429, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } })
    waiting.push(p.process(svgOf(4), { idPrefix: 'q-' }, 'b'))
    const full = await failure(p.process(svgOf(5), { idPrefix: 'q-' }, 'c'))
    expect(full).toMatchObject({ status: 503, message: SVG_POOL_BUSY, headers: { 'Retry-After': '5' } })
    expect(await Promise.all(waiting)).toHaveLength(3)
  })

  it('answers 503 to an icon that waited too long, and to what waits when it closes', async () => {
    const p = pool({ size: 1, maxWaitMs: 1 })
    const error = await failure(p.process(svgOf(1), { idPrefix: 'w-' }))
    expect(error).toMatchObject({ status: 503, message: SVG_POOL_BUSY })
    const q = pool({ size: 1 })
    const pending = failure(q.process(svgOf(1), { idPrefix: 'w-' }))
    await q.close()
    expect(await pending).toMatchObject({ status: 503 })
  })

  it('processMany keeps the order and refuses icons one by one', async () => {
    const p = pool({ size: 2 })
    const jobs = [svgOf(1), 'not svg', svgOf(3)].map((input) => ({ input, idPrefix: 'm-' }))
    const [one, two, three] = await processMany(p, jobs, 'u')
    expect(one).toBe(await processSvg(svgOf(1), { idPrefix: 'm-' }))
    expect(isSvgError(two)).toBe(true)
    expect(three).toBe(await processSvg(svgOf(3), { idPrefix: 'm-' }))
  })

  it('processMany of a drop keeps within what a lane may queue, however many workers', async () => {
    // Four jobs a worker on four workers would queue twelve, past the lane's eight (429).
    const p = pool({ size: 4 })
    const jobs = Array.from({ length: 40 }, (_, n) => ({ input: svgOf(n), idPrefix: 'd-' }))
    const done = await processMany(p, jobs, 'drop', 4)
    expect(done.every((d) => typeof d === 'string')).toBe(true)
  })

  it('processAndMeasureMany answers each output with the measure a measure job gives it, in one job', async () => {
    const p = pool({ size: 1 })
    const jobs = [svgOf(4), 'not svg', svgOf(5)].map((input) => ({ input, idPrefix: 'pm-' }))
    const [one, two, three] = await processAndMeasureMany(p, jobs, 'u')
    expect(isSvgError(two)).toBe(true)
    for (const [done, n] of [
      [one, 4],
      [three, 5],
    ] as const) {
      const svg = await processSvg(svgOf(n), { idPrefix: 'pm-' })
      expect(done).toEqual({ svg, measure: (await p.measure([svg]))[0] })
      expect((done as { measure: { drawing_hash: string } }).measure.drawing_hash).toMatch(/\S/)
    }
  })

  it('processAndMeasureMany refuses a drawing past the deadline in the pipeline, as process does, and goes on', async () => {
    const p = pool({ size: 1, cpuDeadlineMs: 100, cpuCheckMs: 10 })
    const [heavy, after] = await processAndMeasureMany(
      p,
      [HEAVY, svgOf(6)].map((input) => ({ input, idPrefix: 'pt-' })),
      'u',
    )
    expect(heavy).toMatchObject({ code: 'too_slow' })
    const svg = await processSvg(svgOf(6), { idPrefix: 'pt-' })
    expect(after).toEqual({ svg, measure: (await p.measure([svg]))[0] })
    expect(p.stats().replaced).toBe(1)
  })

  it('serves stored markup as served-svg.ts would, in workers; memoised markup needs none', async () => {
    const p = pool({ size: 1 })
    const stolen =
      '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h9v9z" onclick="x()"/><script>x()</script></svg>'
    const stored = [ownSvg(2001), stolen.replace('x()', `x${RUN}()`), `not svg at all ${RUN}`, ownSvg(2001)]
    const served = await serveMany(p, stored, 'u')
    expect(served).toEqual(stored.map(sanitizeOrEmpty))
    expect(served[1]).not.toMatch(/script|onclick/)
    expect(served[2]).toBe(EMPTY_SVG)
    expect(stored.map(cachedServedSvg)).toEqual(served)
    // All memoised now: answered even by a pool that refuses every icon; markup not seen before is refused.
    const refusing = pool({ size: 1, maxQueuedPerLane: 0 })
    expect(await serveMany(refusing, stored, 'u')).toEqual(served)
    await expect(serveMany(refusing, [ownSvg(2002)], 'u')).rejects.toMatchObject({ status: 429 })
  })

  it('charges CPU to the account that sent it: one over its budget is refused (429), another served', async () => {
    // A budget below one ordinary icon's cost (a few ms in a cold worker) and almost no refill.
    const p = pool({ size: 1, cpuBudgetMs: 0.001, cpuRefillMsPerS: 0.001 })
    expect(await p.process(svgOf(1), { idPrefix: 'a-' }, 'a')).toContain('<path')
    const error = await failure(p.process(svgOf(2), { idPrefix: 'a-' }, 'a'))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 429, message: appMessages.svgCpuBudget })
    expect(Number((error as ApiError).headers?.['Retry-After'])).toBeGreaterThan(0)
    expect(await p.process(svgOf(3), { idPrefix: 'b-' }, 'b')).toContain('<path')
    // Serving stored markup (icon lists) is never refused.
    expect(await p.serve([svgOf(4)], 'a')).toEqual([sanitizeOrEmpty(svgOf(4))])
  })

  it('counts refused work too: a drawing past the deadline empties its account’s budget', async () => {
    // The kill is charged at least the deadline (100 ms of CPU, which a cold worker's tiny icon stays
    // far below; see the test above), which empties a budget of as much.
    const p = pool({ size: 1, cpuDeadlineMs: 100, cpuCheckMs: 10, cpuBudgetMs: 100, cpuRefillMsPerS: 1 })
    const otherAccount = (n: number, lane: string) => p.process(svgOf(n), { idPrefix: `${lane}-` }, lane)
    await otherAccount(1, 'warm') // the worker's first run, on nobody's account that matters here
    expect(await failure(p.process(HEAVY, { idPrefix: 'a-' }, 'a'))).toBeInstanceOf(SvgError)
    expect(await failure(p.process(svgOf(2), { idPrefix: 'a-' }, 'a'))).toMatchObject({ status: 429 })
    expect(await otherAccount(3, 'b')).toContain('<path')
  })
})
