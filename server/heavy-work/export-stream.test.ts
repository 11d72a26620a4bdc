// An export streamed from its heavy-work worker (ADR 0111): the first blocks reach the reader while
// icons are still to be packed, the worker waits for the reader past its few blocks of credit, and
// the bytes, once all read, are the in-app builder's ZIP exactly.
import { unzipSync } from 'fflate'
import { afterEach, describe, expect, test } from 'vitest'
import { buildExport } from '../../common/exports/build-export.ts'
import type { StoredIconRow } from '../domain/projects/release-set.ts'
import { createHeavyBuilder, type HeavyBuilder } from './builder.ts'
import { streamExport } from './export-stream.ts'

/** 3,000 icons of about 1.2 KB of markup each: a ZIP of some 4 MB, about 15 blocks. */
const icons = Array.from({ length: 3_000 }, (_, n) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `shape-${n}`,
  svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 24} 1${' l1 2'.repeat(200)}z"/></svg>`,
  icon_status: 'approved',
  aliases: n % 10 ? [] : [{ name: `old-${n}`, deprecated: true, remove_in: '2.0.0' }],
  label: '',
  description: '',
  decorative: false,
})) as StoredIconRow[]

let builder: HeavyBuilder | undefined
afterEach(async () => {
  await builder?.close()
})

describe('a streamed export', () => {
  test('sends its first blocks before its last icon is packed, then the in-app builder’s exact bytes', async () => {
    builder = createHeavyBuilder({
      heapMb: 512,
      cpuDeadlineMs: 60_000,
      wallDeadlineMs: 600_000,
      idleMs: 60_000,
    })
    const streamed = await streamExport(
      builder,
      { kind: 'export', request: { kind: 'svg-zip', projectName: 'Shapes' } },
      async (send) => {
        for (let i = 0; i < icons.length; i += 1000) send(icons.slice(i, i + 1000))
      },
    )
    const reader = streamed.body.getReader()
    const first = await reader.read()
    expect(first.done).toBe(false)
    // A ZIP's first local header, before anything else was asked for.
    expect([...first.value!.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04])
    // The worker uses its credit (4 blocks ahead of the one read), then waits for the reader: the
    // icons packed by then are far from all of them.
    await expect.poll(() => streamed.progress().blocks, { timeout: 60_000 }).toBe(5)
    expect(streamed.progress().packed).toBeGreaterThan(0)
    expect(streamed.progress().packed).toBeLessThan(icons.length / 2)
    const parts = [first.value!]
    for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value)
    expect(streamed.progress().blocks).toBe(parts.length)
    const bytes = new Uint8Array(Buffer.concat(parts))
    const inApp = await buildExport(
      {
        kind: 'svg-zip',
        projectName: 'Shapes',
        icons: icons.map(({ name, svg, aliases }) => ({ name, svg, aliases: aliases ?? [] })),
      },
      () => {},
    )
    expect(streamed.head).toEqual({ fileName: inApp.fileName, mime: inApp.mime, skipped: inApp.skipped })
    expect(bytes).toEqual(inApp.bytes)
    const files = unzipSync(bytes)
    expect(Object.keys(files)).toHaveLength(icons.length + 1)
    expect(new TextDecoder().decode(files['aliases.json'])).toContain('"old-0": "shape-0"')
    expect(await streamed.done).toBeNull()
  }, 120_000)
})
