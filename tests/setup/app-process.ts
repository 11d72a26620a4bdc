// Starts the real server as a child process (`node server/index.ts`) on a free port with a
// fresh DATA_DIR, as a user's `npm start` would, and waits until it answers. Under the browser
// tests' global setup (e2e-data-template.ts) a fresh DATA_DIR is a copy of an already migrated one.
import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { waitHealthy } from './wait-healthy.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Names a migrated DATA_DIR that fresh ones copy (set by tests/setup/e2e-data-template.ts). */
export const DATA_TEMPLATE_ENV = 'ICONVAULT_TEST_DATA_TEMPLATE'

/** A new DATA_DIR: a copy of the template's database when there is one (no lock, no secret). */
function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'iconvault-e2e-'))
  const template = process.env[DATA_TEMPLATE_ENV]
  if (template) cpSync(join(template, 'pglite'), join(dir, 'pglite'), { recursive: true })
  return dir
}

export type AppProcess = {
  baseUrl: string
  dataDir: string
  child: ChildProcess
  output(): string
  stop(): Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))))
    })
  })
}

/** `umask`: the server is started from a shell with that umask (e.g. '000'), as a careless operator's. */
export async function startApp(
  opts: { env?: Record<string, string>; dataDir?: string; port?: number; umask?: string } = {},
): Promise<AppProcess> {
  // A fixed port (and dataDir) lets a test stop the server and start it again where the browser is.
  const port = opts.port ?? (await freePort())
  const dataDir = opts.dataDir ?? freshDataDir()
  const baseUrl = `http://localhost:${port}`
  const [command, args]: [string, string[]] = opts.umask
    ? ['/bin/sh', ['-c', `umask ${opts.umask}; exec "$0" server/index.ts`, process.execPath]]
    : [process.execPath, ['server/index.ts']]
  const child = spawn(command, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BASE_URL: baseUrl,
      LOG_LEVEL: 'silent',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (d) => {
    out += d
  })
  child.stderr?.on('data', (d) => {
    out += d
  })
  // A start takes 1.5 s on a quiet machine and 10–13 s at a load of 16–18 (bench/README.md): the deadline
  // only guards against a server that never answers, so it allows a very busy machine.
  try {
    await waitHealthy(`${baseUrl}/api/health`, child, { timeoutMs: 90_000, output: () => out })
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  return {
    baseUrl,
    dataDir,
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
