// The embedded database's own thread: owns the PGlite instance of DATA_DIR so that Postgres's work
// (WebAssembly, synchronous) never blocks the server's event loop. Answers pglite-remote.ts's
// requests one by one as PGlite queues them (one connection: a transaction holds it until its
// `end`), forwards NOTIFY payloads, and dumps the data directory for backups. ADR 0304.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { reduceMemoryWhenIdle } from '../memory.ts'
import { type FromDb, type ToDb, toErrorData } from './pglite-protocol.ts'
import { keepWasmOnBaselineCompiler, PGLITE_SETTINGS } from './pglite-settings.ts'

const port = parentPort
if (!port) throw new Error('server/db/pglite-thread.ts runs as a worker thread')
const send = (message: FromDb, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer)

const identity = (value: unknown) => value
const rollback = Symbol('rollback')
const transactions = new Map<number, Transaction>()
const ends = new Map<number, { decide(commit: boolean): void; done: Promise<unknown> }>()
const listening = new Map<string, () => Promise<void>>()
let nextTx = 1

async function handle(pg: PGlite, job: ToDb): Promise<unknown> {
  switch (job.op) {
    case 'query': {
      const client = job.tx === undefined ? pg : transactions.get(job.tx)
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
        const done = pg.transaction(async (client) => {
          transactions.set(tx, client)
          resolve(tx)
          if (!(await decided)) throw rollback
        })
        ends.set(tx, { decide, done })
        done.catch(reject).finally(() => transactions.delete(tx))
      })
    }
    case 'end': {
      const end = ends.get(job.tx)
      if (!end) throw new Error('The transaction has ended')
      ends.delete(job.tx)
      end.decide(job.commit)
      await end.done.catch((err) => {
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
  port.on('message', (job: ToDb) => {
    handle(pg, job).then(
      (ok) => {
        send({ id: job.id, ok }, ok instanceof ArrayBuffer ? [ok] : undefined)
        if (job.op === 'close') port.close()
      },
      (err) => send({ id: job.id, error: toErrorData(err) }),
    )
  })
  send({ ready: true })
  // This thread's heap grows with the rows it copies out (a 50,000-icon list): shrunk when idle too.
  reduceMemoryWhenIdle()
} catch (err) {
  send({ failed: toErrorData(err) })
}
