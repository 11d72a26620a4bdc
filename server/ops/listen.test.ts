import { Agent, request, type Server } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { type Listening, listen, PortInUseError } from './listen.ts'

const open: Listening[] = []
afterEach(async () => {
  for (const l of open.splice(0)) {
    l.closeAllConnections()
    await l.close()
  }
})

async function start(listener: Parameters<typeof listen>[0], port = 0, sockets?: number) {
  const l = await listen(listener, { port, host: '127.0.0.1', keepAliveTimeout: 5000, sockets })
  open.push(l)
  return l
}

function get(port: number, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
      .on('error', reject)
      .end()
  })
}

describe('listen', () => {
  it('takes a burst of new connections on several listening sockets, each answered', async () => {
    const acceptedBy = new Set<Server>()
    const l = await start((req, res) => {
      acceptedBy.add((req.socket as unknown as { server: Server }).server)
      res.end('ok')
    })
    // 64 connections opened at once, none reused: the kernel spreads them over the 8 sockets.
    const agent = new Agent({ keepAlive: false, maxSockets: 64 })
    const answers = await Promise.all(Array.from({ length: 64 }, () => get(l.port, agent)))
    expect(answers.every((a) => a.status === 200 && a.body === 'ok')).toBe(true)
    expect(acceptedBy.size).toBeGreaterThan(1)
  })

  it('refuses a port another process holds, with the port in its message', async () => {
    const other = createNetServer()
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r))
    const port = (other.address() as { port: number }).port
    try {
      const refused = start(() => {}, port)
      await expect(refused).rejects.toBeInstanceOf(PortInUseError)
      await expect(refused).rejects.toThrow(`PORT ${port} on 127.0.0.1 is in use`)
    } finally {
      await new Promise((r) => other.close(r))
    }
  })

  it('refuses a second server on the port the first holds, instead of sharing its connections', async () => {
    const first = await start((_req, res) => res.end('first'))
    await expect(start((_req, res) => res.end('second'), first.port)).rejects.toBeInstanceOf(PortInUseError)
    const agent = new Agent({ keepAlive: false })
    const answers = await Promise.all(Array.from({ length: 16 }, () => get(first.port, agent)))
    expect(answers.map((a) => a.body)).toEqual(Array(16).fill('first'))
  })

  it('closes with its kept-alive connections, and frees the port', async () => {
    const l = await listen((_req, res) => res.end('ok'), {
      port: 0,
      host: '127.0.0.1',
      keepAliveTimeout: 60_000,
    })
    const agent = new Agent({ keepAlive: true })
    expect((await get(l.port, agent)).status).toBe(200)
    const closing = l.close()
    l.closeAllConnections()
    await closing
    agent.destroy()
    // The port is free again: a new server takes it.
    const again = await start((_req, res) => res.end('again'), l.port)
    expect((await get(again.port, new Agent({ keepAlive: false }))).body).toBe('again')
  })

  it('binds one socket when asked for one', async () => {
    const acceptedBy = new Set<Server>()
    const l = await start(
      (req, res) => {
        acceptedBy.add((req.socket as unknown as { server: Server }).server)
        res.end('ok')
      },
      0,
      1,
    )
    const agent = new Agent({ keepAlive: false, maxSockets: 32 })
    await Promise.all(Array.from({ length: 32 }, () => get(l.port, agent)))
    expect(acceptedBy.size).toBe(1)
  })
})
