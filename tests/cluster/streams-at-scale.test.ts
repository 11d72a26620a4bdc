// Live streams at scale on one real server process, over real sockets: a client that
// never reads cannot make the server hold its backlog (it gets one `pull` in its place), and a
// process holding 1,000 open streams delivers every change to every stream that may see it.
// Here rather than in `npm test`: they sign in hundreds of sessions and move tens of megabytes.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiUser, proUserWithProject, signInApi } from '../setup/api-user.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'
import { startTestSmtp, type TestSmtp } from '../setup/smtp.ts'

/** The resident memory of a process, in MiB. */
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

/** A large but valid icon (~200 KB): 1,900 small squares at long coordinates. */
function largeSvg(seed: number): string {
  const paths = Array.from({ length: 1900 }, (_, i) => {
    const x = ((i % 48) * 0.5 + seed / 1e6).toFixed(9)
    const y = (Math.floor(i / 48) * 0.48).toFixed(9)
    return `<path d="M${x} ${y}h0.123456789v0.123456789h-0.123456789z" fill="#${(i * 2654435761).toString(16).slice(-6).padStart(6, '0')}"/>`
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${paths.join('')}</svg>`
}

/** An /api/events stream on its own socket whose client never reads a byte after connecting. */
function deafStream(app: AppProcess, cookie: string): Promise<Socket> {
  const { port, hostname } = new URL(app.baseUrl)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname, () => {
      socket.write(
        `GET /api/events HTTP/1.1\r\nHost: ${new URL(app.baseUrl).host}\r\nCookie: ${cookie}\r\n\r\n`,
      )
      // Read the head, then stop reading: the kernel's buffers fill and the server's writes wait.
      socket.once('data', (head) => {
        if (!head.toString().startsWith('HTTP/1.1 200')) reject(new Error(head.toString()))
        socket.pause()
        resolve(socket)
      })
    })
    socket.on('error', reject)
  })
}

type Listener = { events: { event: string; data: string }[]; close(): void; wait(n: number): Promise<void> }

/** An /api/events stream on its own socket, read as it comes; `wait(n)` resolves at n change events. */
function listen(app: AppProcess, cookie: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const events: { event: string; data: string }[] = []
    let waiters: { n: number; done: () => void }[] = []
    const req = request(`${app.baseUrl}/api/events`, { headers: { cookie }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}`))
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        let cut = buffer.indexOf('\n\n')
        while (cut >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          const event = /^event: (.*)$/m.exec(block)?.[1]
          if (event === 'ready') resolve(listener)
          else if (event) events.push({ event, data: /^data: (.*)$/m.exec(block)?.[1] ?? '' })
          cut = buffer.indexOf('\n\n')
        }
        const changes = events.filter((e) => e.event === 'change').length
        for (const w of waiters.filter((w) => changes >= w.n)) w.done()
        waiters = waiters.filter((w) => changes < w.n)
      })
    })
    req.on('error', reject)
    req.end()
    const listener: Listener = {
      events,
      close: () => req.destroy(),
      wait: (n) =>
        new Promise<void>((done) => {
          if (events.filter((e) => e.event === 'change').length >= n) done()
          else waiters.push({ n, done })
        }),
    }
  })
}

describe('live streams at scale on one process', () => {
  let smtp: TestSmtp
  let app: AppProcess

  beforeAll(async () => {
    smtp = await startTestSmtp()
    app = await startApp({ env: { SMTP_URL: smtp.url, TRUST_PROXY: '1' } })
  })
  afterAll(async () => {
    await app?.stop()
    await smtp?.close()
  })

  const CREATES = 120
  const count = (text: string) => text.split('event: change').length - 1

  it('holds no backlog for 15 streams that never read: memory stays within 100 MB and each gets one pull', async () => {
    const pid = app.child.pid!
    const owner = await proUserWithProject(app.baseUrl, smtp, 'deaf@example.com', '10.1.0.1')
    const create = async (n: number) => {
      const body = {
        id: randomUUID(),
        name: `Large ${n}`,
        svg: largeSvg(n),
        project_id: owner.projectId,
        origin_icon_id: null,
        workspace_id: null,
        icon_status: 'approved',
      }
      let res = await owner.call('/api/icons/create', body)
      // 160 costly drawings in a row can pass the user's SVG CPU budget (ADR 0102) on a busy machine:
      // as a client does, wait the Retry-After the 429 gives and send it again.
      for (let tries = 0; res.status === 429 && tries < 5; tries++) {
        await res.body?.cancel()
        await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000))
        res = await owner.call('/api/icons/create', body)
      }
      expect(res.status).toBe(200)
    }
    // Warm the SVG pipeline's workers (their memory is the process's too) before measuring.
    for (let n = 0; n < 40; n++) await create(n)
    const sessions = [] as string[]
    for (let s = 0; s < 4; s++)
      sessions.push(await signInApi(app.baseUrl, smtp, 'deaf@example.com', `10.1.1.${s}`))
    const deaf: Socket[] = []
    for (const cookie of sessions.slice(0, 4))
      for (let i = 0; i < 4; i++) deaf.push(await deafStream(app, cookie))
    // A 17th stream of the user (the writer's session) ends the oldest deaf one: 15 stay deaf.
    const reader = await listen(app, owner.cookie)
    const before = rssMiB(pid)
    let peak = before
    // ~12 MB of events per stream: more than a deaf socket's kernel buffers take (~4 MB here).
    for (let n = 0; n < CREATES; n++) {
      await create(100 + n)
      peak = Math.max(peak, rssMiB(pid))
    }
    // Every create reached the reading stream: the deaf ones were offered all of them too.
    await reader.wait(CREATES)
    peak = Math.max(peak, rssMiB(pid))
    expect(peak - before).toBeLessThan(100)
    // Once read, a deaf stream holds at most what fitted in the socket's buffers, then one pull.
    const heard = await new Promise<string>((resolve, reject) => {
      const socket = deaf[1]!
      let text = ''
      const timer = setTimeout(() => reject(new Error(`no pull within 30 s: ${count(text)} changes`)), 30_000)
      socket.on('data', (d) => {
        text += d.toString()
        if (text.includes('event: pull')) {
          clearTimeout(timer)
          resolve(text)
        }
      })
      socket.resume()
    })
    expect(count(heard)).toBeLessThan(CREATES)
    reader.close()
    for (const socket of deaf) socket.destroy()
  })

  it('delivers every change to each of 1,008 open streams that may see it (63 users × 4 sessions × 4 streams)', async () => {
    const writers: ApiUser[] = []
    const cookies: string[][] = []
    for (let u = 0; u < 63; u++) {
      const email = `scale${u}@example.com`
      const mine: string[] = []
      if (u < 20) {
        const writer = await proUserWithProject(app.baseUrl, smtp, email, `10.2.${u}.0`)
        writers.push(writer)
        mine.push(writer.cookie)
      }
      while (mine.length < 4) mine.push(await signInApi(app.baseUrl, smtp, email, `10.2.${u}.${mine.length}`))
      cookies.push(mine)
    }
    const streams: Listener[][] = []
    for (const mine of cookies) {
      const own: Listener[] = []
      for (const cookie of mine) for (let i = 0; i < 4; i++) own.push(await listen(app, cookie))
      streams.push(own)
    }
    expect(streams.flat()).toHaveLength(1008)
    // 20 users write at once, 5 icons each; each user's 16 streams hear their own 5, nobody else's.
    const small = (n: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M${n % 20} 2h2v20h-2z"/></svg>`
    const made = await Promise.all(
      writers.map(async (w, u) => {
        const ids: string[] = []
        for (let n = 0; n < 5; n++) {
          const id = randomUUID()
          const res = await w.call('/api/icons/create', {
            id,
            name: `Scale ${u}-${n}`,
            svg: small(n),
            project_id: w.projectId,
            origin_icon_id: null,
            workspace_id: null,
            icon_status: 'approved',
          })
          expect(res.status).toBe(200)
          ids.push(id)
        }
        return ids
      }),
    )
    await Promise.all(streams.slice(0, 20).flatMap((own) => own.map((s) => s.wait(5))))
    for (const [u, own] of streams.entries())
      for (const s of own) {
        const ids = s.events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data).row?.id)
        expect(ids).toEqual(u < 20 ? made[u] : [])
      }
    for (const s of streams.flat()) s.close()
  })
})
