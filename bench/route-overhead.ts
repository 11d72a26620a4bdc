// `node bench/route-overhead.ts [seconds]`: what describing a route for OpenAPI costs per request
// (ADR 0029). The same two routes (POST a create-icon body, GET a list query) are served by four
// servers, each a real @hono/node-server on its own port in one child process, loaded in turn with
// autocannon from this process (10 connections, alternating rounds so the machine's load falls on
// each alike); the child's CPU time per request is read from /proc, which a busy machine bends less
// than req/s:
// - plain: Hono with the app's own validate/validateQuery (server/middleware/validate.ts), as before;
// - described: the same, plus hono-openapi's describeRoute and the schema registered on the app's own
//   validators (server/routes/describe.ts): the style the routes use now;
// - hono-openapi: describeRoute + hono-openapi's own validator (Standard Schema);
// - zod-openapi: @hono/zod-openapi's OpenAPIHono, createRoute and app.openapi.
// Then the same apps without a network (app.fetch in a loop, 5,000 requests a run, CPU µs per
// request from process.cpuUsage): the framework's own cost, which the socket work above dilutes.
// Prints one JSON line per run and a summary: the median req/s and CPU µs per request of each, and
// their ratios to plain.

import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { serve } from '@hono/node-server'
import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import autocannon from 'autocannon'
import { Hono } from 'hono'
import { describeRoute, validator } from 'hono-openapi'
import { z } from 'zod'
import { createIconBody, listIconsQuery } from '../common/schemas/icons.ts'
import { badRequest } from '../server/domain/errors.ts'
import { validate, validateQuery } from '../server/middleware/validate.ts'

const seconds = Number(process.argv[2] ?? 3)
const ROUNDS = 5
const body = JSON.stringify({
  id: '0b7c3c1e-6f0a-4e39-9a51-2f7d2f2f8a11',
  project_id: '7f0c8a52-1d9e-4b3c-8e4a-0f5c2d7b9e10',
  name: 'arrow-left',
  svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M19 12H5M12 19l-7-7 7-7"/></svg>`,
  tags: ['arrow', 'back'],
})
const query = '?project_id=7f0c8a52-1d9e-4b3c-8e4a-0f5c2d7b9e10'
const doc = { summary: 'Add an icon', tags: ['Icons'], responses: { 200: { description: 'ok' } } }
const onError = (app: Hono) => app.onError((err, c) => c.json({ error: err.message, code: 'invalid' }, 400))
const firstIssue = (r: { success: boolean; error?: readonly { message: string }[] }) => {
  if (!r.success) throw badRequest(r.error?.[0]?.message ?? 'Invalid input')
}

function plain() {
  const app = new Hono()
  app.post('/icons/create', validate(createIconBody), (c) => c.json({ data: c.get('body').name }))
  app.get('/icons', validateQuery(listIconsQuery), (c) => c.json({ data: c.get('query').project_id }))
  onError(app)
  return app
}

function described() {
  const app = new Hono()
  app.post('/icons/create', describeRoute(doc), validate(createIconBody), (c) =>
    c.json({ data: c.get('body').name }),
  )
  app.get('/icons', describeRoute(doc), validateQuery(listIconsQuery), (c) =>
    c.json({ data: c.get('query').project_id }),
  )
  onError(app)
  return app
}

function honoOpenapi() {
  const app = new Hono()
  app.post('/icons/create', describeRoute(doc), validator('json', createIconBody, firstIssue), (c) =>
    c.json({ data: c.req.valid('json').name }),
  )
  app.get('/icons', describeRoute(doc), validator('query', listIconsQuery, firstIssue), (c) =>
    c.json({ data: c.req.valid('query').project_id }),
  )
  onError(app)
  return app
}

function zodOpenapi() {
  const app = new OpenAPIHono({
    defaultHook: (r) => {
      if (!r.success) throw badRequest(r.error.issues[0]?.message ?? 'Invalid input')
    },
  })
  const ok = {
    200: { description: 'ok', content: { 'application/json': { schema: z.object({ data: z.string() }) } } },
  }
  app.openapi(
    createRoute({
      method: 'post',
      path: '/icons/create',
      request: { body: { required: true, content: { 'application/json': { schema: createIconBody } } } },
      responses: ok,
    }),
    (c) => c.json({ data: c.req.valid('json').name }, 200),
  )
  app.openapi(
    createRoute({ method: 'get', path: '/icons', request: { query: listIconsQuery }, responses: ok }),
    (c) => c.json({ data: c.req.valid('query').project_id }, 200),
  )
  onError(app as unknown as Hono)
  return app
}

const variants = { plain, described, 'hono-openapi': honoOpenapi, 'zod-openapi': zodOpenapi }
type Name = keyof typeof variants

async function start(app: { fetch: (r: Request) => Response | Promise<Response> }) {
  return new Promise<{ url: string; close: () => void }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    )
  })
}

async function load(url: string, kind: 'post' | 'get') {
  const result = await autocannon({
    url: kind === 'post' ? `${url}/icons/create` : `${url}/icons${query}`,
    method: kind === 'post' ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json' },
    body: kind === 'post' ? body : undefined,
    connections: 10,
    duration: seconds,
  })
  if (result.non2xx || result.errors)
    throw new Error(`${url} ${kind}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { rps: result.requests.average, total: result.requests.total }
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

if (process.argv[2] === '--serve') {
  const urls: Record<string, string> = {}
  for (const name of Object.keys(variants) as Name[]) urls[name] = (await start(variants[name]())).url
  console.log(JSON.stringify(urls))
} else {
  const child: ChildProcess = spawn(process.execPath, [new URL(import.meta.url).pathname, '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const urls = await new Promise<Record<Name, string>>((resolve) =>
    child.stdout!.once('data', (d: Buffer) => resolve(JSON.parse(d.toString()))),
  )
  const runs: Record<string, { rps: number; cpuUs: number }[]> = {}
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of ['post', 'get'] as const) {
      for (const name of Object.keys(variants) as Name[]) {
        const cpu = cpuSeconds(child.pid!)
        const { rps, total } = await load(urls[name], kind)
        const cpuUs = Math.round(((cpuSeconds(child.pid!) - cpu) * 1e6) / total)
        runs[`${kind} ${name}`] ??= []
        runs[`${kind} ${name}`]!.push({ rps, cpuUs })
        console.log(
          JSON.stringify({ round, kind, variant: name, rps, cpuUs, load: loadavg()[0]!.toFixed(2) }),
        )
      }
    }
  }
  child.kill()

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  for (const kind of ['post', 'get'] as const) {
    const of = (name: Name, key: 'rps' | 'cpuUs') => median(runs[`${kind} ${name}`]!.map((r) => r[key]))
    for (const name of Object.keys(variants) as Name[]) {
      console.log(
        JSON.stringify({
          summary: kind,
          variant: name,
          rps: Math.round(of(name, 'rps')),
          rpsRatio: +(of(name, 'rps') / of('plain', 'rps')).toFixed(3),
          cpuUsPerRequest: of(name, 'cpuUs'),
          cpuRatio: +(of(name, 'cpuUs') / of('plain', 'cpuUs')).toFixed(3),
        }),
      )
    }
  }
  // Without a network: app.fetch in a loop, CPU per request.
  const apps = Object.fromEntries((Object.keys(variants) as Name[]).map((n) => [n, variants[n]()]))
  const inProcess: Record<string, number[]> = {}
  const N = 5000
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const kind of ['post', 'get'] as const) {
      for (const name of Object.keys(variants) as Name[]) {
        const app = apps[name]!
        const cpu = process.cpuUsage()
        for (let i = 0; i < N; i++) {
          const res = await app.fetch(
            kind === 'post'
              ? new Request('http://x/icons/create', {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body,
                })
              : new Request(`http://x/icons${query}`),
          )
          if (res.status !== 200) throw new Error(`${name} ${kind}: ${res.status}`)
          await res.text()
        }
        const used = process.cpuUsage(cpu)
        // The first round warms the JIT: not counted.
        if (round === 0) continue
        inProcess[`${kind} ${name}`] ??= []
        inProcess[`${kind} ${name}`]!.push((used.user + used.system) / N)
      }
    }
  }
  for (const kind of ['post', 'get'] as const) {
    const base = median(inProcess[`${kind} plain`]!)
    for (const name of Object.keys(variants) as Name[]) {
      const us = median(inProcess[`${kind} ${name}`]!)
      console.log(
        JSON.stringify({
          inProcess: kind,
          variant: name,
          cpuUsPerRequest: +us.toFixed(1),
          cpuRatio: +(us / base).toFixed(3),
        }),
      )
    }
  }
  console.log(JSON.stringify({ seconds, rounds: ROUNDS, loadavg: loadavg().map((l) => +l.toFixed(2)) }))
}
