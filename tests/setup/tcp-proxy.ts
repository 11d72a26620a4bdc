// A TCP forwarder between the app and its Postgres server, for tests of a database that blinks
// (ADR 0306): cut() drops every connection and refuses new ones (as a restart or a failover does,
// seen from the app), restore() accepts them again on the same port.
import { connect, createServer, type Server, type Socket } from 'node:net'

export type TcpProxy = {
  port: number
  cut(): Promise<void>
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  const track = (s: Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
    s.on('error', () => s.destroy())
  }
  const make = () =>
    createServer((client) => {
      const upstream = connect(target.port, target.host)
      track(client)
      track(upstream)
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
  const port = await listen(server, 0)
  const cut = async () => {
    const s = server
    server = null
    for (const socket of sockets) socket.destroy()
    if (s) await new Promise((r) => s.close(r))
  }
  return {
    port,
    cut,
    restore: async () => {
      if (server) return
      server = make()
      await listen(server, port)
    },
    close: cut,
  }
}
