// A writer thread of a large pull (write-files.ts): writes the parts of the files it is sent, as
// they come, with blocking system calls, by the same path rule as the main thread (safe-paths.ts: a
// name the folder held is replaced through a temporary file, a new one created exclusively). Its
// first failure is sent back at once (what the main thread throws) and ends its work; 'end' asks
// how many it wrote.
import { parentPort, workerData } from 'node:worker_threads'
import { CliError } from './errors.ts'
import { createInsideSync, writeInside } from './safe-paths.ts'

/** A part: the files' names, their bytes one after another in `bytes`, and each one's end there. */
export type WritePart = { names: string[]; bytes: Uint8Array; ends: number[]; present: string[] }
export type WriteDone = { written: number } | { error: { message: string; exitCode?: number; code?: string } }

const { dir } = workerData as { dir: string }
let written = 0
let failed = false

function write({ names, bytes, ends, present }: WritePart) {
  const held = new Set(present)
  for (const [at, file] of names.entries()) {
    const data = bytes.subarray(at === 0 ? 0 : ends[at - 1], ends[at])
    if (held.has(file)) writeInside(dir, file, data)
    else createInsideSync(dir, file, data)
    written++
  }
}

parentPort!.on('message', (message: WritePart | 'end') => {
  if (failed) return
  if (message === 'end') {
    parentPort!.postMessage({ written } satisfies WriteDone)
    parentPort!.close()
    return
  }
  try {
    write(message)
  } catch (error) {
    failed = true
    const e = error as Error & { code?: string }
    parentPort!.postMessage({
      error: {
        message: e.message,
        ...(error instanceof CliError ? { exitCode: error.exitCode } : {}),
        ...(typeof e.code === 'string' ? { code: e.code } : {}),
      },
    } satisfies WriteDone)
    parentPort!.close()
  }
})
