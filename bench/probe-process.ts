// A health probe in a process of its own (bench/health-probe.ts), as a load balancer's is: in the
// bench's own process it would time the bench's event loop too (an export of 65 MB read there held
// it for up to a second, which the server never did).

import { spawn } from 'node:child_process'

/**
 * Starts bench/health-probe.ts against `baseUrl`, a probe every `everyMs`; resolves once its first
 * (uncounted) probe is answered, with `stop()`, which gives `/api/health`'s waits in ms since then.
 */
export async function startProbe(baseUrl: string, everyMs = 50): Promise<{ stop(): Promise<number[]> }> {
  const child = spawn(
    process.execPath,
    [new URL('./health-probe.ts', import.meta.url).pathname, baseUrl, String(everyMs)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', () => reject(new Error('the health probe exited before its first probe')))
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.startsWith('ready\n')) resolve()
    })
  })
  await ready
  return {
    async stop() {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
      return out.split('\n').slice(1).filter(Boolean).map(Number)
    },
  }
}
