// What one /api/events stream has waiting to be written, bounded in bytes (ADR 0005).
// Frames are written one chunk at a time, each chunk being what waited meanwhile (small frames
// joined, up to 64 KiB; a large frame is written as the shared bytes it is, never copied per
// stream); a chunk's write resolves only when the socket took it, so a client that reads slowly, or never,
// leaves frames waiting here. Past `budget` bytes (counting the chunk being written) the waiting
// frames are dropped and one `pull` frame takes their place: the client pulls every scope from its
// cursor, which covers whatever was dropped, since a note reaches a stream only after its change
// committed. Frames that arrive while that `pull` is still waiting are dropped too, for the same
// reason. So one stream never holds more than `budget` bytes plus one frame, whatever the client.

/** Bytes (about) one stream may have waiting, what is being written included. */
const STREAM_BUDGET_BYTES = 1 << 20

const encoder = new TextEncoder()

/** An SSE frame; built once per event and shared by every stream that receives it. */
export const sseFrame = (event: string, data: string): Uint8Array =>
  encoder.encode(`event: ${event}\ndata: ${data}\n\n`)

/** Tells the client to pull every scope from its cursor (common/schemas/events.ts). */
export const PULL_FRAME = sseFrame('pull', '{}')
export const HEARTBEAT_FRAME = encoder.encode(': heartbeat\n\n')

export type StreamOutbox = {
  /** Queues a frame; past the budget the backlog becomes one `pull` frame. */
  push(frame: Uint8Array): void
  /** Drops what waits and queues one `pull` frame (notes may have been missed). */
  pull(): void
  /** Bytes waiting, the chunk being written included. */
  readonly waitingBytes: number
  /** Since when the chunk being written has been waiting for the socket (0 when nothing is). */
  readonly stuckSince: number
  /** Resolves once nothing waits (or the outbox was closed). */
  drained(): Promise<void>
  /** Drops everything; later frames are ignored. */
  close(): void
}

export function streamOutbox(
  write: (chunk: Uint8Array) => Promise<unknown>,
  budget = STREAM_BUDGET_BYTES,
  now: () => number = Date.now,
): StreamOutbox {
  let frames: Uint8Array[] = []
  let queued = 0
  let inFlight = 0
  let mustPull = false
  let writing = false
  let stuckSince = 0
  let closed = false
  let idle: (() => void)[] = []

  const settle = () => {
    if (writing || frames.length || mustPull) return
    for (const wake of idle.splice(0)) wake()
  }

  const flush = async () => {
    if (writing) return
    writing = true
    try {
      while (!closed && (mustPull || frames.length)) {
        // A pull replaces the backlog: whatever waited is covered by the client's pull.
        const parts = mustPull ? [PULL_FRAME, ...frames] : frames
        mustPull = false
        frames = []
        queued = 0
        inFlight = parts.reduce((sum, p) => sum + p.byteLength, 0)
        for (const chunk of coalesced(parts)) {
          if (closed) break
          stuckSince = now()
          await write(chunk).catch(() => {})
          inFlight -= chunk.byteLength
        }
        inFlight = 0
        stuckSince = 0
      }
    } finally {
      writing = false
      settle()
    }
  }

  return {
    push(frame) {
      if (closed || mustPull) return
      if (queued + inFlight + frame.byteLength > budget) {
        mustPull = true
        frames = []
        queued = 0
      } else {
        frames.push(frame)
        queued += frame.byteLength
      }
      void flush()
    },
    pull() {
      if (closed) return
      mustPull = true
      frames = []
      queued = 0
      void flush()
    },
    get waitingBytes() {
      return queued + inFlight
    },
    get stuckSince() {
      return stuckSince
    },
    drained: () =>
      closed || !(writing || frames.length || mustPull)
        ? Promise.resolve()
        : new Promise<void>((resolve) => idle.push(resolve)),
    close() {
      closed = true
      frames = []
      queued = 0
      for (const wake of idle.splice(0)) wake()
      idle = []
    },
  }
}

/** Small frames are joined into one write; a join is a copy of this stream's own, so it stays small. */
const COALESCE_BYTES = 64 * 1024

/** The writes for `parts`: runs of small frames joined up to COALESCE_BYTES, larger frames as they are. */
function* coalesced(parts: Uint8Array[]): Generator<Uint8Array> {
  let run: Uint8Array[] = []
  let size = 0
  for (const part of parts) {
    if (run.length && size + part.byteLength > COALESCE_BYTES) {
      yield run.length === 1 ? run[0]! : concat(run)
      run = []
      size = 0
    }
    run.push(part)
    size += part.byteLength
  }
  if (run.length) yield run.length === 1 ? run[0]! : concat(run)
}

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0
  for (const p of parts) size += p.byteLength
  const out = new Uint8Array(size)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.byteLength
  }
  return out
}
