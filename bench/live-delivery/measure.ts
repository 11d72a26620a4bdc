// What bench/live-delivery.ts measures and how it sums it up: percentiles, memory from /proc, the
// /api/events streams it reads (the arrival of each `change` timed as its chunk arrives) and the
// pairs of acknowledged creates and streams (ack→event, send→event, what never came).

import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'

/** A create as the benchmark sent it: ackAt set when answered 200. */
/** `refusal`: a create answered other than 200, as its status and error code (e.g. "503 busy"). */
export type Create = { id: string; sentAt: number; ackAt?: number; status?: number; refusal?: string }

export const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits
export const load = () => loadavg().map((v) => round(v))

/** The q-quantile (nearest rank) of sorted values. */
export const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : Number.NaN

export function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    n: sorted.length,
    p50: round(quantile(sorted, 0.5)),
    p90: round(quantile(sorted, 0.9)),
    p99: round(quantile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Resident memory of a process in MiB, from /proc. */
export function rssMiB(pid: number | undefined): number | null {
  if (!pid) return null
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? round(Number(kb) / 1024) : null
  } catch {
    return null
  }
}

/** What `count` streams added to the server processes' RSS (summed): MiB in all, KiB a stream. */
export function perStream(before: (number | null)[], after: (number | null)[], count: number) {
  if (!count || before.includes(null) || after.includes(null)) return null
  const sum = (values: (number | null)[]) => values.reduce<number>((n, v) => n + (v ?? 0), 0)
  const mib = sum(after) - sum(before)
  return { MiB: round(mib), KiBPerStream: round((mib * 1024) / count) }
}

// ---------- streams ----------

export type Stream = {
  /** First arrival (performance.now()) per icon id. */
  arrivals: Map<string, number>
  duplicates: number
  /** `pull` events: the server dropped this stream's backlog (or may have missed notes). */
  pulls: number
  ended: boolean
  close(): void
}

/** Opens /api/events and resolves once `ready` arrived. `onChange` is told of each icon id heard. */
export function openStream(baseUrl: string, cookie: string, onChange: (id: string) => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = {
      arrivals: new Map(),
      duplicates: 0,
      pulls: 0,
      ended: false,
      close: () => req.destroy(),
    }
    let buffer = ''
    let ready = false
    const req = request(
      `${baseUrl}/api/events`,
      { agent: false, headers: { cookie, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`/api/events: HTTP ${res.statusCode}`))
          res.resume()
          return
        }
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          const at = performance.now()
          buffer += chunk
          let cut = buffer.indexOf('\n\n')
          while (cut >= 0) {
            const block = buffer.slice(0, cut)
            buffer = buffer.slice(cut + 2)
            cut = buffer.indexOf('\n\n')
            const event = /^event: ?(.*)$/m.exec(block)?.[1]
            if (event === 'ready' && !ready) {
              ready = true
              resolve(stream)
            }
            if (event === 'pull') stream.pulls++
            if (event !== 'change') continue
            const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n')
            const change = JSON.parse(data) as { entity: string; op: string; row?: { id: string } }
            if (change.entity !== 'icons' || change.op !== 'upsert' || !change.row) continue
            const id = change.row.id
            if (stream.arrivals.has(id)) stream.duplicates++
            else {
              stream.arrivals.set(id, at)
              onChange(id)
            }
          }
        })
        const ended = () => {
          stream.ended = true
          if (!ready) reject(new Error('/api/events ended before ready'))
        }
        res.on('end', ended)
        res.on('close', ended)
        res.on('error', () => {})
      },
    )
    req.on('error', (err) => {
      stream.ended = true
      if (!ready) reject(err)
    })
    req.end()
  })
}

/** The pairs of acknowledged creates and streams: ack→event and send→event, and what never came. */
export function pairs(creates: Iterable<Create>, streams: Stream[]) {
  const ackToEvent: number[] = []
  const sendToEvent: number[] = []
  let early = 0
  let lost = 0
  let acked = 0
  for (const c of creates) {
    if (c.ackAt === undefined) continue
    acked++
    for (const s of streams) {
      const at = s.arrivals.get(c.id)
      if (at === undefined) {
        lost++
        continue
      }
      if (at < c.ackAt) early++
      ackToEvent.push(at - c.ackAt)
      sendToEvent.push(at - c.sentAt)
    }
  }
  return { acked, expected: acked * streams.length, lost, early, ackToEvent, sendToEvent }
}

/**
 * By the window (`ms`, 5 s by default) of the load each create was sent in: ack→event p50 and max,
 * send→event p50, p99 and max (the trend, and a tail that belongs to one moment).
 */
export function byWindow(creates: Iterable<Create>, streams: Stream[], t0: number, ms = 5000) {
  const windows: { ack: number[]; send: number[] }[] = []
  for (const c of creates) {
    if (c.ackAt === undefined) continue
    const w = Math.max(0, Math.floor((c.sentAt - t0) / ms))
    windows[w] ??= { ack: [], send: [] }
    for (const s of streams) {
      const at = s.arrivals.get(c.id)
      if (at === undefined) continue
      windows[w]!.ack.push(at - c.ackAt)
      windows[w]!.send.push(at - c.sentAt)
    }
  }
  return [...windows].map((values, w) => {
    const ack = summary(values?.ack ?? [])
    const send = summary(values?.send ?? [])
    return {
      fromSecond: (w * ms) / 1000,
      n: ack.n,
      ackP50: ack.p50,
      ackMax: ack.max,
      sendP50: send.p50,
      sendP99: send.p99,
      sendMax: send.max,
    }
  })
}
