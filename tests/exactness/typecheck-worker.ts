// Runs the harness's one TypeScript check in a worker thread, so that it overlaps the pixel
// checks on the main thread. The libraries' declarations are loaded while icons import.

import { parentPort } from 'node:worker_threads'
import { type TypeCheckResult, typeCheck, warmUpTypeCheck } from '../../common/svg/test-support/typecheck.ts'

const warmUp = warmUpTypeCheck()
parentPort?.on('message', (modules: Record<string, string>) => {
  let result: TypeCheckResult | { error: string }
  try {
    result = typeCheck(modules)
  } catch (error) {
    result = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  parentPort?.postMessage({ result, warmUpMs: Math.round(warmUp.ms), warmUpProblems: warmUp.problems })
})
