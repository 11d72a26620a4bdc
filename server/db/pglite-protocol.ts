// Messages between the server's thread and the embedded database's worker thread (pglite-thread.ts,
// pglite-remote.ts): one answer per request id; notifications come unasked. ADR 0304.

/**
 * `priority`: the job's place in the thread's queue (query-priority.ts): `urgent` (live delivery's
 * reads, ADR 0307) before `write` (a writing request's calls, ADR 0417) before the rest (reads)
 * before `bulk` (a large list's later pages, ADR 0419).
 */
export type ToDb = { id: number; priority?: 'urgent' | 'write' | 'bulk' } & (
  | {
      op: 'query'
      sql: string
      params?: unknown[]
      rowMode?: 'array' | 'object'
      /** Type oids read as their text (drizzle's parsers for dates and intervals are identities). */
      asText?: number[]
      tx?: number
    }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' }
)

/** A database error as plain data: its message and Postgres fields (code, detail, constraint…). */
export type ErrorData = { message: string; fields: Record<string, string | number | boolean> }

export type FromDb =
  | { id: number; ok: unknown }
  | { id: number; error: ErrorData }
  | { notification: string; payload: string }
  | { ready: true }
  | { failed: ErrorData }

export const toErrorData = (err: unknown): ErrorData => {
  const fields: ErrorData['fields'] = {}
  if (err && typeof err === 'object')
    for (const [key, value] of Object.entries(err))
      if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string
  return { message: err instanceof Error ? err.message : String(err), fields }
}

export const fromErrorData = (data: ErrorData): Error => Object.assign(new Error(data.message), data.fields)
