// The embedded database's operations channel: a running server with PGlite listens on a Unix
// socket in DATA_DIR, so `npm run backup` can take a consistent dump from the live database, which
// no second process may open. Plain HTTP over the socket; nothing of it is reachable from the
// network. A socket's own mode can only be set after bind, so what keeps others out from its first
// instant is its folder: DATA_DIR is made 0700 before the bind, and the bind is refused otherwise
// (the process umask, 077 since start, makes the socket itself 0600 as well; ADR 0007).
import { chmodSync, rmSync } from 'node:fs'
import { createServer, request } from 'node:http'
import { join } from 'node:path'
import { isPrivateDir } from './private-files.ts'

const controlSocketPath = (dataDir: string) => join(dataDir, 'iconvault.sock')

/** Serves POST /backup (a gzipped PGlite data-dir tarball) on DATA_DIR's socket; returns close(). */
export async function startControlSocket(
  dataDir: string,
  dump: () => Promise<Blob>,
): Promise<() => Promise<void>> {
  const path = controlSocketPath(dataDir)
  chmodSync(dataDir, 0o700)
  if (!isPrivateDir(dataDir)) throw new Error(`${dataDir} must be 0700 for the backup socket`)
  rmSync(path, { force: true })
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Unknown operation')
      return
    }
    try {
      const blob = await dump()
      res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(blob.size) })
      res.end(Buffer.from(await blob.arrayBuffer()))
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`Backup failed: ${(error as Error).message}`)
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => resolve())
  })
  chmodSync(path, 0o600)
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      rmSync(path, { force: true })
    })
}

/** Asks the server running on DATA_DIR for a backup; rejects when none answers. */
export function requestBackup(dataDir: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath: controlSocketPath(dataDir), path: '/backup', method: 'POST' },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const body = Buffer.concat(chunks)
          if (res.statusCode === 200) resolve(body)
          else reject(new Error(body.toString('utf8') || `Backup failed (HTTP ${res.statusCode})`))
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}
