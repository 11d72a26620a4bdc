// `npm run test:busy`: `npm test` with busy loops beside it, as on a shared machine (ADR 0035). By
// default 6 CPU hogs at normal priority (BUSY_HOGS=n for another count): on 2 cores they hold the
// load average near 8 besides the suite's own. The hogs stop when the suite ends, whatever happens
// (an exit, a signal; and each hog ends by itself once this script is gone, even killed). Prints
// the wall time and the load reached; exits with npm test's code.
import { type ChildProcess, spawn } from 'node:child_process'
import { availableParallelism, loadavg } from 'node:os'

const count = Number(process.env.BUSY_HOGS ?? 6)
if (!Number.isInteger(count) || count < 0) {
  console.error(`BUSY_HOGS must be a whole number, not ${process.env.BUSY_HOGS}`)
  process.exit(2)
}

// Spins; every ~2^24 turns it checks that its parent (this script) is still its parent.
const HOG = `const parent = ${process.pid}; for (let i = 1; ; i++) if ((i & 0xffffff) === 0 && process.ppid !== parent) process.exit(0)`
const hogs: ChildProcess[] = Array.from({ length: count }, () =>
  spawn(process.execPath, ['-e', HOG], { stdio: 'ignore' }),
)
const stopHogs = () => {
  for (const hog of hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL')
}
process.on('exit', stopHogs)

const samples: number[] = []
const sample = () => samples.push(loadavg()[0]!)
const sampler = setInterval(sample, 10_000)

const started = Date.now()
console.log(
  `test:busy: ${count} busy loops on ${availableParallelism()} cores; load now ${loadavg()[0]!.toFixed(1)}`,
)
const suite = spawn('npm', ['test'], { stdio: 'inherit', env: process.env })
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    suite.kill(signal)
    stopHogs()
  })

suite.on('exit', (code, signal) => {
  clearInterval(sampler)
  sample()
  stopHogs()
  const seconds = Math.round((Date.now() - started) / 1000)
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length
  console.log(
    `test:busy: npm test ${code === 0 ? 'passed' : `failed (${code ?? signal})`} in ${seconds} s; ` +
      `1-minute load average over the run: mean ${mean.toFixed(1)}, highest ${Math.max(...samples).toFixed(1)} (${samples.length} samples)`,
  )
  process.exit(code ?? 1)
})
