import { describe, expect, it } from 'vitest'
import { PULL_FRAME, sseFrame, streamOutbox } from './stream-outbox.ts'

const text = (chunk: Uint8Array) => new TextDecoder().decode(chunk)

/** A socket stand-in whose writes resolve only when the test lets them through. */
function slowSocket() {
  const written: string[] = []
  const pending: (() => void)[] = []
  return {
    written,
    write: (chunk: Uint8Array) =>
      new Promise<void>((resolve) => {
        written.push(text(chunk))
        pending.push(resolve)
      }),
    /** Lets the oldest write finish and waits for the outbox to react. */
    async takeOne() {
      pending.shift()?.()
      await new Promise((r) => setTimeout(r, 0))
    },
  }
}

describe('a stream outbox', () => {
  it('writes frames in order, everything that waited as one chunk', async () => {
    const socket = slowSocket()
    const outbox = streamOutbox(socket.write, 10_000)
    outbox.push(sseFrame('change', '1'))
    outbox.push(sseFrame('change', '2'))
    outbox.push(sseFrame('change', '3'))
    expect(socket.written).toEqual(['event: change\ndata: 1\n\n'])
    await socket.takeOne()
    expect(socket.written[1]).toBe('event: change\ndata: 2\n\nevent: change\ndata: 3\n\n')
    await socket.takeOne()
    await outbox.drained()
    expect(outbox.waitingBytes).toBe(0)
  })

  it('never holds more than its budget for a client that does not read, and replaces the backlog by one pull', async () => {
    const socket = slowSocket()
    const budget = 1000
    const outbox = streamOutbox(socket.write, budget)
    const big = (n: number) => sseFrame('change', String(n).padEnd(200, '.'))
    for (let i = 0; i < 100; i++) {
      outbox.push(big(i))
      expect(outbox.waitingBytes).toBeLessThanOrEqual(budget)
    }
    // Only the first frame went to the socket; the rest overflowed and were dropped.
    expect(socket.written).toHaveLength(1)
    await socket.takeOne()
    // The next chunk starts with the pull and carries none of the dropped frames.
    expect(socket.written[1]).toBe(text(PULL_FRAME))
    outbox.push(big(100))
    await socket.takeOne()
    expect(socket.written[2]).toBe(text(big(100)))
    await socket.takeOne()
    await outbox.drained()
  })

  it('pull() drops what waits and sends one pull', async () => {
    const socket = slowSocket()
    const outbox = streamOutbox(socket.write, 10_000)
    outbox.push(sseFrame('change', 'a'))
    outbox.push(sseFrame('change', 'b'))
    outbox.pull()
    outbox.pull()
    outbox.push(sseFrame('change', 'c'))
    await socket.takeOne()
    expect(socket.written).toEqual(['event: change\ndata: a\n\n', text(PULL_FRAME)])
    await socket.takeOne()
    // A frame pushed while the pull waited is covered by it.
    expect(socket.written).toHaveLength(2)
    outbox.push(sseFrame('change', 'd'))
    expect(socket.written[2]).toBe('event: change\ndata: d\n\n')
  })

  it('tells since when a write has been stuck', async () => {
    let t = 1000
    const socket = slowSocket()
    const outbox = streamOutbox(socket.write, 10_000, () => t)
    expect(outbox.stuckSince).toBe(0)
    outbox.push(sseFrame('change', 'x'))
    t = 5000
    expect(outbox.stuckSince).toBe(1000)
    await socket.takeOne()
    expect(outbox.stuckSince).toBe(0)
  })

  it('writes a large frame as the very bytes it was given (shared by every stream), never copied', async () => {
    const chunks: Uint8Array[] = []
    const outbox = streamOutbox(async (chunk) => void chunks.push(chunk), 1 << 20)
    const large = sseFrame('change', 'x'.repeat(100_000))
    const small = sseFrame('change', 'y')
    outbox.push(small)
    outbox.push(small)
    outbox.push(large)
    outbox.push(small)
    await outbox.drained()
    expect(chunks.some((c) => c === large)).toBe(true)
    expect(chunks.map((c) => c.byteLength).reduce((a, b) => a + b)).toBe(
      3 * small.byteLength + large.byteLength,
    )
  })
})
