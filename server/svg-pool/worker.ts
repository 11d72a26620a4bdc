// A worker thread of the SVG pool: runs common/svg's processSvg on one icon at a time, off the
// server's event loop, and the markup the server will serve for the result (sanitised once more,
// served-svg.ts), so that step too stays off the event loop. Says `ready` once svgo is loaded, so a
// deadline never counts the loading.
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { isSvgError, loadSvgo, processSvg } from '../../common/svg/index.ts'
import { sanitizeOrEmpty } from '../domain/served-svg.ts'
import type { FromWorker, ToWorker } from './protocol.ts'
import { WORKER_NICE } from './settings.ts'

const port = parentPort
if (!port) throw new Error('server/svg-pool/worker.ts runs as a worker thread')

const send = (message: FromWorker) => port.postMessage(message)

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
      // resvg is loaded on the first measure, so a worker's start (and its ready) is not slower.
      const { measureDrawing } = await import('./fingerprint.ts')
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
    send(served === svg ? { id, svg, cpuMs } : { id, svg, served, cpuMs })
  } catch (error) {
    const cpuMs = cpuNow() - started
    if (isSvgError(error)) send({ id, code: error.code, message: error.message, cpuMs })
    else send({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error), cpuMs })
  }
})

// Below the event loop's priority, so a busy worker never delays an answer (Linux: a thread has
// its own nice value, named by its id in /proc/thread-self; elsewhere the worker keeps the default).
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), WORKER_NICE)
} catch {}

await loadSvgo()
send({ ready: true })
