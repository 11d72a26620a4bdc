// The heavy-work builder (ADR 0310): a build that outgrows its worker's heap or its CPU deadline is
// answered 413 and its worker ended; the process and the next builds go on.
import { afterEach, describe, expect, test } from 'vitest'
import { ApiError } from '../domain/errors.ts'
import type { StoredIconRow } from '../domain/projects/release-set.ts'
import { createHeavyBuilder, type HeavyBuilder } from './builder.ts'
import { streamExport } from './export-stream.ts'

const options = { heapMb: 48, cpuDeadlineMs: 60_000, wallDeadlineMs: 600_000, idleMs: 60_000 }
/** An icon of about 1 MB of markup (a path of many segments). */
const big = (n: number) => ({
  name: `big-${n}`,
  svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n} 0${'h1v1'.repeat(250_000)}"/></svg>`,
  aliases: [],
})
const small = {
  name: 'dot',
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h9v9z"/></svg>',
  aliases: [],
}

/** Sends `icons` to the worker ten at a time, as the paged read does. */
const pagesOf = (icons: object[]) => async (send: (page: StoredIconRow[]) => void) => {
  for (let i = 0; i < icons.length; i += 10) send(icons.slice(i, i + 10) as StoredIconRow[])
}

let builder: HeavyBuilder | undefined
afterEach(async () => {
  await builder?.close()
})

describe('the heavy-work builder', () => {
  test('a build past its heap is refused with 413 and the next build gets a new worker', async () => {
    builder = createHeavyBuilder(options)
    const icons = Array.from({ length: 120 }, (_, n) => big(n))
    const error = await streamExport(
      builder,
      {
        kind: 'export',
        request: { kind: 'svg-zip', projectName: 'Huge' },
      },
      pagesOf(icons),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 413, code: 'too_large' })
    expect((error as Error).message).toMatch(/more memory than the server allows/)
    const built = await streamExport(
      builder,
      {
        kind: 'export',
        request: { kind: 'svg-zip', projectName: 'Fine' },
      },
      pagesOf([small]),
    )
    expect(built.head.fileName).toMatch(/\.zip$/)
    expect((await new Response(built.body).arrayBuffer()).byteLength).toBeGreaterThan(0)
    await built.done
    // One worker, kept for the next build.
    expect(builder.workers()).toBe(1)
  }, 120_000)

  test('a build past its CPU deadline is refused with 413', async () => {
    builder = createHeavyBuilder({ ...options, heapMb: 512, cpuDeadlineMs: 300 })
    // Far more work than the deadline allows on any machine (each glyph 24 stroked rings, whose curves
    // are fitted one by one: seconds of CPU in all), so the build is still running at the builder's
    // first look at its CPU time (every 500 ms): 3,000 single rings once finished before it, on a
    // quiet machine, and were answered.
    const rings = (n: number) =>
      Array.from(
        { length: 24 },
        (_, r) => `<circle cx="${6 + (r % 12)}" cy="${6 + ((r + n) % 12)}" r="${2 + (r % 9)}"/>`,
      ).join('')
    const stroked = Array.from({ length: 3_000 }, (_, n) => ({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      name: `rings-${n}`,
      svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round">${rings(n)}<path d="M2 ${n % 20}l20 3"/></svg>`,
    }))
    const error = await builder
      .build({ kind: 'font', request: { projectName: 'Slow', icons: stroked } })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 413, code: 'too_large' })
    expect((error as Error).message).toMatch(/longer to build than the server allows/)
    expect(builder.workers()).toBe(0)
  }, 120_000)
})
