// A TCP forwarder between the app and its Postgres server, for tests of a database that blinks
// (ADR 0306): cut() drops every connection and refuses new ones (as a restart or a failover does,
// seen from the app), restore() accepts them again on the same port. stopAccepting() alone refuses
// new connections and leaves open ones be, as a server does between its shutdown's start and the
// moment it drops its clients (then the test may end them its own way, e.g. pg_terminate_backend).
import { connect, createServer, type Server, type Socket } from 'node:net'

export type TcpProxy = {
  port: number
  /** The local ports of the open connections to the target: its clients' ports, as it sees them. */
  upstreamPorts(): number[]
  stopAccepting(): void
  cut(): Promise<void>
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  const upstreams = new Set<Socket>()
  const track = (s: Socket, set?: Set<Socket>) => {
    sockets.add(s)
    set?.add(s)
    s.on('close', () => {
      sockets.delete(s)
      set?.delete(s)
    })
    s.on('error', () => s.destroy())
  }
  const make = () =>
    createServer((client) => {
      const upstream = connect(target.port, target.host)
      track(client)
      track(upstream, upstreams)
      client.pipe(upstream)
      upstream.pipe(client)
      client.on('close', () => upstream.destroy())
      upstream.on('close', () => client.destroy())
    })
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        const addr = server.address()
        resolve(typeof addr === 'object' && addr ? addr.port : port)
      })
    })
  let server: Server | null = make()
  /** Settles once the last server stopped has no connection left. */
  let closed: Promise<unknown> = Promise.resolve()
  const port = await listen(server, 0)
  const stopAccepting = () => {
    const s = server
    server = null
    if (s) closed = new Promise((r) => s.close(r))
  }
  const cut = async () => {
    stopAccepting()
    for (const socket of sockets) socket.destroy()
    await closed
  }
  return {
    port,
    upstreamPorts: () => [...upstreams].map((s) => s.localPort).filter((p): p is number => p !== undefined),
    stopAccepting,
    cut,
    restore: async () => {
      if (server) return
      server = make()
      await listen(server, port)
    },
    close: cut,
  }
}
