// The list reader's rows against JSON.parse of the same bytes, whatever the chunks they arrive in:
// strings holding quotes, escapes, braces and brackets, characters of several bytes split between
// chunks, nested values, an empty list, other shapes, and malformed or cut-off bodies.
import { describe, expect, it } from 'vitest'
import { listRows } from './list-rows.ts'

/** A body of `text`'s UTF-8 bytes cut at `cuts` (byte offsets, in order). */
function bodyOf(text: string, cuts: number[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  const edges = [0, ...cuts.filter((c) => c > 0 && c < bytes.length), bytes.length]
  return new ReadableStream({
    start(controller) {
      for (let i = 1; i < edges.length; i++) controller.enqueue(bytes.slice(edges[i - 1], edges[i]))
      controller.close()
    },
  })
}

async function read(text: string, cuts: number[] = []) {
  const runs: unknown[][] = []
  for await (const run of listRows(bodyOf(text, cuts))) runs.push(run)
  return { rows: runs.flat(), runs: runs.length }
}

/** Cuts at random byte offsets, seeded so a failure can be replayed. */
function randomCuts(length: number, count: number, seed: number): number[] {
  let s = seed
  const next = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31
    return s / 2 ** 31
  }
  return Array.from({ length: count }, () => Math.floor(next() * length)).sort((a, b) => a - b)
}

const tricky = [
  { id: 'a', name: 'quote " and \\ backslash', svg: '<svg><path d="M0 0"/></svg>', tags: ['x', '{', ']'] },
  { id: 'b', name: 'braces } { ] [ inside', aliases: [], nested: { deep: [{ k: '}' }, [1, [2]]] } },
  { id: 'c', name: 'escapes \\" \\u0041 \n\t', svg: '' },
  { id: 'd', name: 'multi-byte é ✓ 𝄞 日本', tags: ['ü'] },
  { id: 'e', name: 'trailing backslash \\', empty: {}, list: [] },
]

describe('listRows', () => {
  it('gives exactly what JSON.parse gives, in order, however the bytes are cut', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ ...tricky[i % tricky.length], n: i }))
    const text = JSON.stringify({ data: rows })
    const expected = (JSON.parse(text) as { data: unknown[] }).data
    for (let seed = 1; seed <= 40; seed++) {
      const { rows: got } = await read(text, randomCuts(text.length * 2, seed % 7 === 0 ? 400 : 12, seed))
      expect(got).toEqual(expected)
    }
    // Every single byte its own chunk.
    const bytes = new TextEncoder().encode(text).length
    expect(
      (
        await read(
          text,
          Array.from({ length: bytes }, (_, i) => i),
        )
      ).rows,
    ).toEqual(expected)
  })

  it('parses rows as they arrive: one run per chunk that completes a row', async () => {
    const text = JSON.stringify({ data: [{ id: 1 }, { id: 2 }, { id: 3 }] })
    const first = text.indexOf('},') + 1
    const second = text.indexOf('},', first) + 1
    const { rows, runs } = await read(text, [first, second])
    expect(rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
    expect(runs).toBe(3)
  })

  it('reads an empty list, values that are not objects, and other shapes whole', async () => {
    expect((await read('{"data":[]}')).rows).toEqual([])
    expect((await read('{"data":[1,"two",null,{"x":3},[4]]}', [10, 11, 12])).rows).toEqual([
      1,
      'two',
      null,
      { x: 3 },
      [4],
    ])
    expect((await read('{ "data": [ {"id": 1} ] }', [3])).rows).toEqual([{ id: 1 }])
    expect((await read('{"more":1,"data":[{"id":2}]}')).rows).toEqual([{ id: 2 }])
  })

  it('throws on a body cut short or malformed, as JSON.parse would', async () => {
    const whole = JSON.stringify({ data: tricky })
    for (const bad of [
      whole.slice(0, -1),
      whole.slice(0, -2),
      whole.slice(0, whole.length / 2),
      '{"data":[{"id":1},]}',
      '{"data":[{"id":1}]]',
      '{"data":[{"id":"open}]}',
      '{"data":{"id":1}}',
      '',
    ])
      await expect(read(bad, [5, 17]), bad).rejects.toThrow(SyntaxError)
  })
})

describe('listRows and the body it reads', () => {
  it('cancels the body when the list is malformed or the caller stops reading', async () => {
    const cancelled: unknown[] = []
    const body = (text: string) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text))
          // Never closed: like an answer whose rest is still on its way.
        },
        cancel(reason) {
          cancelled.push(reason ?? 'cancelled')
        },
      })
    await expect(
      (async () => {
        // A row that is not JSON, found while the rest is still on its way.
        for await (const _ of listRows(body('{"data":[{"id":1,},'))) void _
      })(),
    ).rejects.toThrow(SyntaxError)
    for await (const run of listRows(body('{"data":[{"id":1},{"id":2},'))) {
      expect(run).toEqual([{ id: 1 }, { id: 2 }])
      break
    }
    expect(cancelled).toHaveLength(2)
  })
})
