// The embedded database's own thread: owns the PGlite instance of DATA_DIR so that Postgres's work
// (WebAssembly, synchronous) never blocks the server's event loop. Answers pglite-remote.ts's
// requests one at a time, live delivery's reads first, then writing requests' (pglite-queue.ts, ADR
// 0307, 0417); a transaction holds the queue from its `begin` until its `end`, its own queries going
// straight to it.
// Forwards NOTIFY payloads, and dumps the data directory for backups. ADR 0304.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { reduceMemoryWhenIdle } from '../ops/memory.ts'
import { type FromDb, type ToDb, toErrorData } from './pglite-protocol.ts'
import { jobQueue } from './pglite-queue.ts'
import { keepWasmOnBaselineCompiler, PGLITE_SETTINGS } from './pglite-settings.ts'

const port = parentPort
if (!port) throw new Error('server/db/pglite-thread.ts runs as a worker thread')
const send = (message: FromDb, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer)

const identity = (value: unknown) => value
const rollback = Symbol('rollback')
/** Open transactions (one at most: it holds the queue): their client once begun, settled by 'end'. */
type Open = { client?: Transaction; decide(commit: boolean): void; done: Promise<unknown>; ending?: true }
const transactions = new Map<number, Open>()
const listening = new Map<string, () => Promise<void>>()
let nextTx = 1

async function handle(pg: PGlite, job: ToDb): Promise<unknown> {
  switch (job.op) {
    case 'query': {
      const client = job.tx === undefined ? pg : transactions.get(job.tx)?.client
      if (!client) throw new Error('The transaction has ended')
      const parsers = Object.fromEntries((job.asText ?? []).map((oid) => [oid, identity]))
      const { rows, affectedRows, fields } = await client.query(job.sql, job.params, {
        rowMode: job.rowMode,
        parsers,
      })
      return { rows, affectedRows, fields }
    }
    case 'begin': {
      // Answered once the transaction holds the connection; settled by its 'end'.
      const tx = nextTx++
      let decide!: (commit: boolean) => void
      const decided = new Promise<boolean>((resolve) => {
        decide = resolve
      })
      return new Promise((resolve, reject) => {
        const open: Open = { decide, done: Promise.resolve() }
        open.done = pg.transaction(async (client) => {
          open.client = client
          resolve(tx)
          if (!(await decided)) throw rollback
        })
        transactions.set(tx, open)
        open.done.catch(reject).finally(() => transactions.delete(tx))
      })
    }
    case 'end': {
      const open = transactions.get(job.tx)
      if (!open || open.ending) throw new Error('The transaction has ended')
      open.ending = true
      open.decide(job.commit)
      await open.done.catch((err) => {
        if (err !== rollback) throw err
      })
      return null
    }
    case 'listen': {
      if (!listening.has(job.channel))
        listening.set(
          job.channel,
          await pg.listen(job.channel, (payload) => send({ notification: job.channel, payload })),
        )
      return null
    }
    case 'unlisten': {
      await listening.get(job.channel)?.()
      listening.delete(job.channel)
      return null
    }
    case 'dump': {
      const blob = (await pg.dumpDataDir('gzip')) as Blob
      return blob.arrayBuffer()
    }
    case 'close': {
      await pg.close()
      return null
    }
  }
}

try {
  const { dataDir } = workerData as { dataDir: string }
  keepWasmOnBaselineCompiler()
  const pg = await PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
  })
  const answer = async (job: ToDb) => {
    try {
      const ok = await handle(pg, job)
      send({ id: job.id, ok }, ok instanceof ArrayBuffer ? [ok] : undefined)
      if (job.op === 'close') port.close()
      return ok
    } catch (err) {
      send({ id: job.id, error: toErrorData(err) })
    }
  }
  // One job at a time, urgent first, then writes; a transaction keeps the queue until it has ended.
  const jobs = jobQueue(async (job: ToDb) => {
    const ok = await answer(job)
    if (job.op === 'begin' && typeof ok === 'number') await transactions.get(ok)?.done.catch(() => {})
  })
  port.on('message', (job: ToDb) => {
    // The open transaction's own queries and its end are its own work: they never queue.
    if ((job.op === 'query' && job.tx !== undefined) || job.op === 'end') void answer(job)
    else jobs.push(job, job.priority ?? 'read')
  })
  send({ ready: true })
  // This thread's heap grows with the rows it copies out (a 50,000-icon list): shrunk when idle too.
  reduceMemoryWhenIdle()
} catch (err) {
  send({ failed: toErrorData(err) })
}
