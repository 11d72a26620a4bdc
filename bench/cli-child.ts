// The CLI as a benchmark runs it: a child process whose output is read as it comes and not kept
// (a pull of 50,000 icons says a line per icon: megabytes that execFile's buffer would refuse); what
// is kept is its last line (the summary) and the end of stderr, for an error.
import { spawn } from 'node:child_process'

const BIN = new URL('../cli/bin/iconvault.ts', import.meta.url).pathname

export function runCli(args: string[], env: Record<string, string>): Promise<{ said: string }> {
  return new Promise((resolve, reject) => {
    // BENCH_CLI_PROF=<dir>: the CLI writes a CPU profile there (node --cpu-prof), to see where a pull goes.
    const prof = process.env.BENCH_CLI_PROF
    const flags = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []
    const child = spawn(process.execPath, [...flags, BIN, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let tail = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4096)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-65536)
    })
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve({ said: tail.trim().split('\n').at(-1) ?? '' })
      else reject(new Error(`iconvault ${args[0]} exited ${code}: ${err}`))
    })
  })
}
