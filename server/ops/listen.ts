// The port, bound by several sockets at once (ADR 0422). libuv accepts one connection per turn of
// the event loop (libuv PR 3696, since libuv 1.45: Node 20 and 24 both do it here), and under load a
// turn takes milliseconds: a burst of new connections (every open page reconnecting its event stream
// after a restart, the load benchmark's 180 connections opened at once) waited in the kernel's
// queue, the last for ~0.65 s while the loop served what it had. On Linux the port is bound by `sockets`
// listening sockets with SO_REUSEPORT: the kernel spreads new connections over them, and each is
// accepted from on every turn. Elsewhere, or with `sockets: 1`, one socket as before.
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Listening sockets on Linux: a burst of 150 connections answered in ~0.2 s instead of ~0.9 s with 5 ms turns (bench/accept-burst.ts). */
export const LISTENING_SOCKETS = 8

export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(`PORT ${port} on ${host} is in use by another process: stop it or set PORT to a free port`)
    this.name = 'PortInUseError'
  }
}

export type Listening = {
  /** The port bound (PORT, or the one given when PORT is 0). */
  port: number
  /** Stops accepting, then resolves once every connection has ended. */
  close(): Promise<void>
  closeIdleConnections(): void
  closeAllConnections(): void
}

type Options = { port: number; host: string; keepAliveTimeout: number; sockets?: number }

export async function listen(listener: RequestListener, opts: Options): Promise<Listening> {
  const count = process.platform === 'linux' ? Math.max(1, opts.sockets ?? LISTENING_SOCKETS) : 1
  const make = () => {
    const server = createServer(listener)
    server.keepAliveTimeout = opts.keepAliveTimeout
    return server
  }
  const first = make()
  // The first socket binds without SO_REUSEPORT, so a port another process holds (or holds with
  // SO_REUSEPORT, as a second Iconvault would) refuses it with EADDRINUSE rather than being shared.
  let port = await bind(first, opts.host, opts.port, false)
  const servers: Server[] = [first]
  if (count > 1) {
    await closed(first)
    servers.length = 0
    for (let i = 0; i < count; i++) {
      const server = make()
      port = await bind(server, opts.host, port, true)
      servers.push(server)
    }
  }
  return {
    port,
    close: async () => {
      await Promise.all(servers.map(closed))
    },
    closeIdleConnections: () => {
      for (const s of servers) s.closeIdleConnections()
    },
    closeAllConnections: () => {
      for (const s of servers) s.closeAllConnections()
    },
  }
}

function bind(server: Server, host: string, port: number, reusePort: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(host, port) : err)
    server.once('error', failed)
    server.listen({ port, host, reusePort }, () => {
      server.off('error', failed)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

function closed(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}
