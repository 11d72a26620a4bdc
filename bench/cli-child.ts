// The CLI as a benchmark runs it: a child process whose output is read as it comes and not kept
// (a pull of 50,000 icons says a line per icon: megabytes that execFile's buffer would refuse); what
// is kept is its last line (the summary) and the end of stderr, for an error.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const BIN = new URL('../cli/bin/iconvault.ts', import.meta.url).pathname

/** `bin`: another CLI to run the same way (a checkout of an older commit, to compare in one run). */
export function runCli(args: string[], env: Record<string, string>, bin = BIN): Promise<{ said: string }> {
  return new Promise((resolve, reject) => {
    // BENCH_CLI_PROF=<dir>: the CLI writes a CPU profile there (node --cpu-prof), to see where a pull goes.
    const prof = process.env.BENCH_CLI_PROF
    const flags = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []
    const child = spawn(process.execPath, [...flags, bin, ...args], {
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

/**
 * The peer of a pull: a plain script that fetches the project's list and writes each icon's markup
 * to a file of its own, one after another (no conversion, no lock, no checks): the floor the
 * network, the server and the disk set. Arguments: url, token, project, folder.
 */
export const PEER_SCRIPT = `import { mkdirSync, writeFileSync } from 'node:fs'
const [url, token, project, out] = process.argv.slice(-4)
const res = await fetch(url + '/api/icons?project_id=' + project, { headers: { authorization: 'Bearer ' + token } })
const { data } = await res.json()
mkdirSync(out, { recursive: true })
for (const row of data) writeFileSync(out + '/' + row.id + '.svg', row.svg)
`

/** Runs the peer (PEER_SCRIPT) as a child process. */
export function runPeer(url: string, token: string, project: string, out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', PEER_SCRIPT, url, token, project, out],
      {
        env: { PATH: process.env.PATH ?? '' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    let err = ''
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-8192)
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`the peer exited ${code}: ${err}`)),
    )
  })
}

/**
 * First pulls of a project timed in turn (bench/scale.ts): the CLI, `also` (another checkout's
 * cli/bin/iconvault.ts) when given, and the peer; each into a new folder under `into` (default
 * `home`), after a `sync` (each pull starts with what the one before wrote and deleted on its way
 * to the disk), `rounds` times: a disk's state moves one pull's time more than a change of the CLI.
 * Answers each kind's wall times (ms).
 */
export async function timePulls(o: {
  url: string
  token: string
  project: string
  home: string
  into?: string
  rounds: number
  also?: string
}): Promise<Record<string, number[]>> {
  const into = o.into ? mkdtempSync(join(o.into, 'pull-')) : o.home
  const env = { PATH: process.env.PATH ?? '', HOME: o.home, ICONVAULT_URL: o.url, ICONVAULT_TOKEN: o.token }
  const args = (out: string) => ['pull', '--project', o.project, '--format', 'react-ts', '--out', out]
  const also = o.also
  const kinds = {
    cli: (out: string) => runCli(args(out), env),
    ...(also ? { other: (out: string) => runCli(args(out), env, also) } : {}),
    peer: (out: string) => runPeer(o.url, o.token, o.project, out),
  }
  const times: Record<string, number[]> = {}
  try {
    for (let round = 0; round < o.rounds; round++)
      for (const [kind, run] of Object.entries(kinds)) {
        const out = join(into, `${kind}-${round}-${Date.now()}`)
        execFileSync('sync')
        const start = performance.now()
        await run(out)
        times[kind] = [...(times[kind] ?? []), performance.now() - start]
        rmSync(out, { recursive: true, force: true })
      }
  } finally {
    if (into !== o.home) rmSync(into, { recursive: true, force: true })
  }
  return times
}
