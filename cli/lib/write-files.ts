// A pull's writes carried out (ADR 0020): every file but the lock, then the lock, last, so an
// interrupted pull leaves the old lock and the next run redoes what is missing. A name the folder did
// not hold when listed is created exclusively, one it held is replaced through a temporary file
// (safe-paths.ts, the one path rule); the first failure stops what is not yet started. A few files
// are written from this thread with some in flight (the thread pool makes the system calls); a
// large pull's are shared among writer threads that make them blocking (write-worker.ts): 50,000
// small files took a third of the time that way (bench/README.md, "CLI pull"); their bytes go to
// the threads in parts of 500, one buffer each, moved rather than copied; a first pull sends them as
// the files are made (threadedWrites), so the disk works while the rest are converted.
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { CliError } from './errors.ts'
import { LOCK_FILE } from './lock.ts'
import { createInside, replaceInside } from './safe-paths.ts'
import type { WriteDone, WritePart } from './write-worker.ts'

/** Files written at once from this thread: enough to keep the thread pool (4 threads) busy. */
const IN_FLIGHT = 16
/** From this many files, writer threads (each starts in ~0.1 s, worth it past a few thousand files). */
export const THREADED_FROM = 2_000

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

/** Files a part carries to a writer thread: each part is one moved buffer. */
const PART_FILES = 500

/**
 * Writer threads fed as the files are made (a pull's files go to them while the rest are still being
 * converted): `add` each file, `close` once all are added, which resolves when every file is
 * written. The first failure stops the other threads (between two files) and is what `close` throws.
 */
export function threadedWrites(dir: string, present: ReadonlySet<string>) {
  const count = Math.max(2, Math.min(availableParallelism(), 4))
  const workers: Worker[] = []
  const runs = Array.from({ length: count }, () => {
    const worker = new Worker(new URL('./write-worker.ts', import.meta.url), { workerData: { dir } })
    workers.push(worker)
    return new Promise<void>((resolve, reject) => {
      worker.once('message', (done: WriteDone) => {
        if ('written' in done) return resolve()
        const { message, exitCode, code } = done.error
        reject(
          exitCode === undefined
            ? Object.assign(new Error(message), { code })
            : new CliError(exitCode, message),
        )
      })
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`a writer thread stopped (exit ${code})`)))
    })
  })
  const stopAll = () => Promise.all(workers.map((w) => w.terminate())).then(() => {})
  // Heard as soon as the event loop turns: a failure ends the others' work.
  const all = Promise.all(runs)
  all.catch(stopAll)
  let part: Write[] = []
  let next = 0
  const send = () => {
    if (!part.length) return
    const { names, bytes, ends } = packed(part)
    const job: WritePart = { names, bytes, ends, present: names.filter((file) => present.has(file)) }
    workers[next++ % count]!.postMessage(job, [bytes.buffer])
    part = []
  }
  return {
    add(file: string, text: string) {
      part.push([file, text])
      if (part.length >= PART_FILES) send()
    },
    /** Stops every thread (what was added may be partly written). */
    abort: stopAll,
    async close() {
      send()
      for (const worker of workers) worker.postMessage('end')
      try {
        await all
      } finally {
        await stopAll()
      }
    },
  }
}

/** A large write's files, through writer threads (threadedWrites). */
async function inThreads(dir: string, files: readonly Write[], present: ReadonlySet<string>) {
  const writes = threadedWrites(dir, present)
  for (const [file, text] of files) writes.add(file, text)
  await writes.close()
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
