// A pull's writes carried out (ADR 0020): every file but the lock, then the lock, last, so an
// interrupted pull leaves the old lock and the next run redoes what is missing. A name the folder did
// not hold when listed is created exclusively, one it held is replaced through a temporary file
// (safe-paths.ts, the one path rule); the first failure stops what is not yet started. A few files
// are written from this thread with some in flight (the thread pool makes the system calls); a
// large pull's are shared among writer threads that make them blocking (write-worker.ts): 50,000
// small files took a third of the time that way (bench/README.md, "CLI pull"); their bytes go to
// the threads in one buffer each, moved rather than copied.
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { CliError } from './errors.ts'
import { LOCK_FILE } from './lock.ts'
import { createInside, replaceInside } from './safe-paths.ts'
import type { WriteDone, WriteJob } from './write-worker.ts'

/** Files written at once from this thread: enough to keep the thread pool (4 threads) busy. */
const IN_FLIGHT = 16
/** From this many files, writer threads (each starts in ~0.1 s, worth it past a few thousand files). */
const THREADED_FROM = 2_000

type Write = readonly [file: string, text: string]

export async function writeFiles(dir: string, writes: readonly Write[], present: ReadonlySet<string>) {
  const files = writes.filter(([file]) => file !== LOCK_FILE)
  if (files.length >= THREADED_FROM) await inThreads(dir, files, present)
  else await inFlight(dir, files, present)
  const lock = writes.find(([file]) => file === LOCK_FILE)
  if (lock) await inFlight(dir, [lock], present)
}

async function inFlight(dir: string, files: readonly Write[], present: ReadonlySet<string>) {
  const write = ([file, text]: Write) =>
    present.has(file) ? replaceInside(dir, file, text) : createInside(dir, file, text)
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < files.length) {
      const at = next++
      try {
        await write(files[at]!)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  const results = await Promise.allSettled(Array.from({ length: IN_FLIGHT }, worker))
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (rejected) throw rejected.reason
}

/** The files shared among writer threads, in contiguous parts; the first failure stops the others. */
async function inThreads(dir: string, files: readonly Write[], present: ReadonlySet<string>) {
  const threads = Math.max(2, Math.min(availableParallelism(), 4))
  const size = Math.ceil(files.length / threads)
  const workers: Worker[] = []
  const parts = Array.from({ length: threads }, (_, t) => files.slice(t * size, (t + 1) * size))
  const runs = parts.map(
    (part) =>
      new Promise<void>((resolve, reject) => {
        const { names, bytes, ends } = packed(part)
        const job: WriteJob = {
          dir,
          names,
          bytes,
          ends,
          present: part.filter(([file]) => present.has(file)).map(([file]) => file),
        }
        const worker = new Worker(new URL('./write-worker.ts', import.meta.url), {
          workerData: job,
          transferList: [bytes.buffer],
        })
        workers.push(worker)
        worker.once('message', (done: WriteDone) => {
          if ('written' in done) return resolve()
          const { message, exitCode, code } = done.error
          const error =
            exitCode === undefined
              ? Object.assign(new Error(message), { code })
              : new CliError(exitCode, message)
          reject(error)
        })
        worker.once('error', reject)
        worker.once('exit', (code) => reject(new Error(`a writer thread stopped (exit ${code})`)))
      }),
  )
  try {
    await Promise.all(runs)
  } finally {
    // A failure stops the other threads between two files; a finished thread is gone already.
    await Promise.all(workers.map((w) => w.terminate()))
  }
}

/**
 * A part's files as their names, their bytes in one buffer and where each file's bytes end: the
 * buffer is moved to the writer thread, not copied (the texts as strings cost the main thread ~0.5 s
 * of copying for 50,000 files), and written from as it is, with no encoding there.
 */
function packed(part: readonly Write[]) {
  let size = 0
  for (const [, text] of part) size += Buffer.byteLength(text)
  const bytes = new Uint8Array(size)
  const encoder = new TextEncoder()
  const ends: number[] = []
  let at = 0
  for (const [, text] of part) {
    at += encoder.encodeInto(text, bytes.subarray(at)).written
    ends.push(at)
  }
  return { names: part.map(([file]) => file), bytes, ends }
}
