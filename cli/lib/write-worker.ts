// A writer thread of a large pull (write-files.ts): writes its share of the files with blocking
// system calls, by the same path rule as the main thread (safe-paths.ts: a name the folder held is
// replaced through a temporary file, a new one created exclusively), and stops at its first
// failure, which it sends back as what the main thread throws.
import { parentPort, workerData } from 'node:worker_threads'
import { CliError } from './errors.ts'
import { createInsideSync, writeInside } from './safe-paths.ts'

/** The files as their names, their bytes one after another in `bytes`, and each one's end there. */
export type WriteJob = { dir: string; names: string[]; bytes: Uint8Array; ends: number[]; present: string[] }
export type WriteDone = { written: number } | { error: { message: string; exitCode?: number; code?: string } }

const { dir, names, bytes, ends, present } = workerData as WriteJob
const held = new Set(present)
let written = 0
let answer: WriteDone
try {
  for (const [at, file] of names.entries()) {
    const data = bytes.subarray(at === 0 ? 0 : ends[at - 1], ends[at])
    if (held.has(file)) writeInside(dir, file, data)
    else createInsideSync(dir, file, data)
    written++
  }
  answer = { written }
} catch (error) {
  const e = error as Error & { code?: string }
  answer = {
    error: {
      message: e.message,
      ...(error instanceof CliError ? { exitCode: error.exitCode } : {}),
      ...(typeof e.code === 'string' ? { code: e.code } : {}),
    },
  }
}
parentPort!.postMessage(answer)
