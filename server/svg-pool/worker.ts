// A worker thread of the SVG pool: runs common/svg's processSvg on one icon at a time, off the
// server's event loop, and the markup the server will serve for the result (sanitised once more,
// served-svg.ts), so that step too stays off the event loop; for a create, the result's measure too.
// Says `ready` once svgo and resvg are loaded and the pipeline and a measure have run once (WARM), so
// a deadline never counts the loading nor the first run's compiling.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { type MessagePort, parentPort, workerData } from 'node:worker_threads'
import { isSvgError, loadSvgo, processSvg } from '../../common/svg/index.ts'
import { sanitizeOrEmpty } from '../domain/icons/sanitize-served.ts'
import type { FromWorker, ToWorker } from './protocol.ts'
import { WORKER_NICE } from './settings.ts'

const port = parentPort
if (!port) throw new Error('server/svg-pool/worker.ts runs as a worker thread')
/** Where answers go: the pool's port for them (pool.ts reads it at once before a deadline kill). */
const answers = (workerData as { answers?: MessagePort } | null)?.answers ?? port

const send = (message: FromWorker) => answers.postMessage(message)

/** resvg's measure, loaded with svgo when the worker starts (below). */
let measureDrawing: typeof import('./fingerprint.ts').measureDrawing

/** This thread's CPU time in ms (Node 23.9+), else wall time: what a job is charged to its account. */
const cpuNow = () => {
  const usage = process.threadCpuUsage?.()
  return usage ? (usage.user + usage.system) / 1000 : performance.now()
}

port.on('message', async (job: ToWorker) => {
  const { id } = job
  let started = cpuNow()
  try {
    if (job.kind === 'serve') {
      send({
        id,
        served: job.inputs.map((svg) => {
          const served = sanitizeOrEmpty(svg)
          return served === svg ? null : served
        }),
      })
      return
    }
    if (job.kind === 'measure') {
      const measured = await Promise.all(job.inputs.map((svg) => measureDrawing(svg).catch(() => null)))
      send({ id, measured })
      return
    }
    if (job.kind === 'check') {
      const { checkSvg } = await import('../../common/review-rules/index.ts')
      send({ id, checked: job.inputs.map((svg) => checkSvg(svg, job.rules)) })
      return
    }
    started = cpuNow()
    const svg = await processSvg(job.input, { idPrefix: job.idPrefix })
    const served = sanitizeOrEmpty(svg)
    const cpuMs = cpuNow() - started
    const measuring = job.measure ? { measuring: true as const } : {}
    send(served === svg ? { id, svg, cpuMs, ...measuring } : { id, svg, served, cpuMs, ...measuring })
    // The output is the pool's already: a measure that fails or runs past the deadline leaves it
    // without one (null), as a measure job would.
    if (job.measure) send({ id, measure: await measureDrawing(svg).catch(() => null) })
  } catch (error) {
    const cpuMs = cpuNow() - started
    if (isSvgError(error)) send({ id, code: error.code, message: error.message, cpuMs })
    else send({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error), cpuMs })
  }
})

/**
 * Run through the pipeline and a measure before `ready`: a fresh thread's first icon compiles the
 * pipeline's code (12–15 ms of CPU for a one-path icon at a load of 4, 0–1 ms after this) and its
 * first measure loads resvg (160–200 ms), which a user's first icon on a replaced worker would
 * otherwise pay against its deadline (ADR 0102).
 */
const WARM =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><defs><linearGradient id="w"><stop offset="0" stop-color="#000"/></linearGradient></defs><g opacity=".5"><circle cx="12" cy="12" r="10"/><rect x="4" y="4" width="6" height="6" rx="1" fill="url(#w)"/></g><path d="M8 12.5l3 3 5-6"/><line x1="2" y1="2" x2="22" y2="22"/><polyline points="1 1 2 2 3 1"/></svg>'

await loadSvgo()
sanitizeOrEmpty(await processSvg(WARM, { idPrefix: 'warm' }))
measureDrawing = (await import('./fingerprint.ts')).measureDrawing
await measureDrawing(WARM)
// Icons run below the event loop's priority, so a busy worker never delays an answer (Linux: a thread
// has its own nice value, named by its id in /proc/thread-self; elsewhere the worker keeps the
// default). The start above ran at the default: at nice 10 beside other busy processes a start took
// past the pool's 10 s wait for a worker (503) for the icon waiting on it (ADR 0102).
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), WORKER_NICE)
} catch {}
send({ ready: true })
