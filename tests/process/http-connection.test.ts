// Connection behaviour of the real server (`node server/index.ts`) with a keep-alive client:
// an answer sent before the request body was read (413, a cross-site 403) closes the
// connection cleanly, so the client's next request on that agent succeeds; an answer after
// a fully read body keeps the connection for the next request.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appMessages } from '../../common/messages.ts'
import { type AppProcess, startApp } from '../setup/app-process.ts'

type Answer = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  reused: boolean
}

/** One request on `agent`; `chunks` are written one after the other (chunked when no length is set). */
function send(
  agent: Agent,
  url: string,
  opts: { method?: string; headers?: Record<string, string>; chunks?: Buffer[] } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d) => {
        body += d
      })
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body, reused: req.reusedSocket }),
      )
      res.on('error', reject)
    })
    // Writing may fail once the server has answered and closed: the answer is what counts.
    req.on('error', reject)
    for (const chunk of opts.chunks ?? []) req.write(chunk)
    req.end()
  })
}

describe('connections after early answers (real server process)', () => {
  let app: AppProcess
  let agent: Agent
  beforeAll(async () => {
    app = await startApp()
  }, 60_000)
  afterAll(async () => {
    agent?.destroy()
    await app?.stop()
  })

  const json = (extra: Record<string, string> = {}) => ({
    'content-type': 'application/json',
    origin: app.baseUrl,
    ...extra,
  })
  const health = () => send(agent, `${app.baseUrl}/api/health`)

  it('a 413 with a declared length closes the connection; the next request works', async () => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const big = Buffer.alloc(3 * 1024 * 1024, 0x20)
    const res = await send(agent, `${app.baseUrl}/api/workspaces/create`, {
      method: 'POST',
      headers: json({ 'content-length': String(big.length) }),
      chunks: [big],
    })
    expect(res.status).toBe(413)
    expect(JSON.parse(res.body)).toEqual({ error: appMessages.bodyTooLarge, code: 'too_large' })
    expect(res.headers.connection).toBe('close')
    const next = await health()
    expect(next.status).toBe(200)
    expect(next.reused).toBe(false)
  })

  it('a 413 on a chunked body closes the connection; the next request works', async () => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const chunks = Array.from({ length: 24 }, () => Buffer.alloc(128 * 1024, 0x20))
    const res = await send(agent, `${app.baseUrl}/api/projects/create`, {
      method: 'POST',
      headers: json(),
      chunks,
    })
    expect(res.status).toBe(413)
    expect(res.headers.connection).toBe('close')
    expect((await health()).status).toBe(200)
  })

  it('a cross-site refusal of an unread body closes; a read body keeps the connection', async () => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const body = Buffer.from(JSON.stringify({ email: 'x@example.com' }).padEnd(200_000, ' '))
    const refused = await send(agent, `${app.baseUrl}/api/auth/sign-in/magic-link`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        origin: 'http://evil.example',
        'content-length': String(body.length),
      },
      chunks: [body],
    })
    expect(refused.status).toBe(403)
    expect(refused.headers.connection).toBe('close')
    expect((await health()).status).toBe(200)

    // A body read to its end (here by the e-mail check, which then refuses it) keeps the connection.
    const read = await send(agent, `${app.baseUrl}/api/auth/sign-in/magic-link`, {
      method: 'POST',
      headers: json(),
      chunks: [Buffer.from(JSON.stringify({ email: 'not an address' }))],
    })
    expect(read.status).toBe(400)
    expect(read.headers.connection).not.toBe('close')
    const after = await health()
    expect(after.status).toBe(200)
    expect(after.reused).toBe(true)
  })

  it('an idle connection is kept past 5 s: a request after 6 s idle reuses it', async () => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const first = await health()
    // Node announces the server's keep-alive timeout (ADR 0024: 65 s, above proxies' usual 60 s).
    expect(first.headers['keep-alive']).toBe('timeout=65')
    const idle = Date.now()
    // The idle time is the condition under test: the connection must still be open after it.
    await new Promise((r) => setTimeout(r, 6000))
    expect(Date.now() - idle).toBeGreaterThanOrEqual(6000)
    const again = await health()
    expect(again.status).toBe(200)
    expect(again.reused).toBe(true)
  }, 30_000)

  it('a second server on the same PORT stops at start saying so; the first keeps answering', async () => {
    // The first binds the port with several sockets (ADR 0422): a second must not share them.
    const dataDir = mkdtempSync(join(tmpdir(), 'iconvault-second-'))
    try {
      const port = new URL(app.baseUrl).port
      const second = spawn(process.execPath, ['server/index.ts'], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          PORT: port,
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let out = ''
      second.stdout.on('data', (d) => (out += d))
      second.stderr.on('data', (d) => (out += d))
      const code = await new Promise((r) => second.once('exit', r))
      expect(code).toBe(1)
      expect(out).toContain(`PORT ${port} on 127.0.0.1 is in use by another process`)
      agent = new Agent({ keepAlive: false })
      const answers = await Promise.all(Array.from({ length: 8 }, () => health()))
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200))
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
