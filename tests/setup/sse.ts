// Reads a server-sent event stream from a fetch Response, for tests of /api/events.
export type SseEvent = { event: string; data: string; retry?: number }

export function readSse(res: Response) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  const events: SseEvent[] = []
  let buffer = ''
  let wake = null as (() => void) | null
  let finished = false
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) {
        finished = true
        wake?.()
        return
      }
      buffer += value
      let cut = buffer.indexOf('\n\n')
      while (cut >= 0) {
        const block = buffer.slice(0, cut)
        buffer = buffer.slice(cut + 2)
        const event = /^event: ?(.*)$/m.exec(block)?.[1]
        const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n')
        const retry = /^retry: ?(\d+)$/m.exec(block)?.[1]
        if (event) events.push({ event, data, ...(retry ? { retry: Number(retry) } : {}) })
        cut = buffer.indexOf('\n\n')
      }
      wake?.()
    }
  })()
  return {
    events,
    /** Resolves when the server ends the stream (or close() cancels it). */
    ended,
    /** Whether the stream has ended. */
    get finished() {
      return finished
    },
    /** Waits until the stream ends; throws if it is still open after `timeoutMs`. */
    async end(timeoutMs = 5000): Promise<void> {
      let timer: ReturnType<typeof setTimeout> | undefined
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`stream still open; got ${JSON.stringify(events)}`)),
          timeoutMs,
        )
      })
      try {
        await Promise.race([ended, late])
      } finally {
        clearTimeout(timer)
      }
    },
    /** Waits for the first event (from now on, or already received) matching `match`. */
    async next(match: (e: SseEvent) => boolean, timeoutMs = 5000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = events.find(match)
        if (found) {
          events.splice(events.indexOf(found), 1)
          return found
        }
        if (Date.now() > deadline) throw new Error(`no matching event; got ${JSON.stringify(events)}`)
        await new Promise<void>((r) => {
          wake = r
          setTimeout(r, 50)
        })
      }
    },
    close: () => reader.cancel().catch(() => {}),
  }
}
