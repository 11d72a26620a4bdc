// The gate every heavy job of the server passes (a font build, a server-side export, a release, the
// grouping of a project's duplicates: work of seconds and of memory that grows with the project):
// at most `concurrency` such jobs run in this process at once and at most one per user; the others
// wait in a bounded queue served user by user in turn (the SVG pool's fair queue, svg-pool/fair-queue.ts), so a
// user's many jobs run one after another and never hold back another user's one. Past a user's or
// the process's bound, or after waiting `maxWaitMs`, a job is refused: 429 with Retry-After and the
// one error shape (ADR 0310).
import { ApiError } from '../domain/errors.ts'
import { FairQueue } from '../svg-pool/fair-queue.ts'

/** The 429 of a user who already has as many heavy jobs waiting as one may. */
export const HEAVY_JOBS_WAITING =
  'You have too many exports or checks waiting. Please wait for them to finish, then try again.'
/** The 429 when the process's queue of heavy jobs is full, or a job waited too long for its turn. */
export const HEAVY_WORK_BUSY = 'The server is busy with other exports. Please try again in a few seconds.'

export type HeavyGateOptions = {
  /** Jobs running at once in this process. */
  concurrency: number
  /** Jobs waiting at most, over all users. */
  maxQueued: number
  /** Jobs one user may have waiting besides the one running. */
  maxQueuedPerUser: number
  /** Longest a job waits for its turn before it is refused. */
  maxWaitMs: number
  /** Seconds a refused caller is told to wait. */
  retryAfterSeconds: number
}

export type HeavyGate = {
  /** Runs `job` when its turn comes; refuses it (429) as said above. */
  run<T>(user: string, job: () => Promise<T>): Promise<T>
  stats(): { running: number; queued: number }
  /** Refuses what waits; running jobs finish. */
  close(): void
}

type Waiting = { start(): void; refuse(error: ApiError): void; timer: NodeJS.Timeout }

export function createHeavyGate(opts: HeavyGateOptions): HeavyGate {
  const queue = new FairQueue<Waiting>()
  /** Users with a job running. */
  const busy = new Set<string>()
  let closed = false
  const refusal = (message: string) =>
    new ApiError(429, message, { 'Retry-After': String(opts.retryAfterSeconds) }, 'rate_limited')
  const idle = (user: string) => !busy.has(user)

  /** Starts the next jobs of users with none running, user by user in turn, while there is room. */
  const next = () => {
    while (busy.size < opts.concurrency) {
      const waiting = queue.shift(idle)
      if (!waiting) return
      clearTimeout(waiting.timer)
      waiting.start()
    }
  }

  return {
    run<T>(user: string, job: () => Promise<T>): Promise<T> {
      if (closed || queue.size >= opts.maxQueued) return Promise.reject(refusal(HEAVY_WORK_BUSY))
      if (queue.sizeOf(user) >= opts.maxQueuedPerUser) return Promise.reject(refusal(HEAVY_JOBS_WAITING))
      return new Promise<T>((resolve, reject) => {
        const waiting: Waiting = {
          start() {
            busy.add(user)
            Promise.resolve()
              .then(job)
              .then(resolve, reject)
              .finally(() => {
                busy.delete(user)
                queue.toBack(user)
                next()
              })
          },
          refuse: reject,
          timer: setTimeout(() => {
            if (queue.remove(user, waiting)) waiting.refuse(refusal(HEAVY_WORK_BUSY))
          }, opts.maxWaitMs),
        }
        waiting.timer.unref()
        queue.push(user, waiting)
        next()
      })
    },
    stats: () => ({ running: busy.size, queued: queue.size }),
    close() {
      closed = true
      for (const waiting of queue.drain()) {
        clearTimeout(waiting.timer)
        waiting.refuse(refusal(HEAVY_WORK_BUSY))
      }
    },
  }
}
