// The review queue (ADR 0112, GET /api/workspaces/review-queue) with 1,000 icons waiting among
// 10,000 of the workspace's icons: the answer's time, its rows and bytes, through the whole app
// in-process (session, access, the queue's query on its partial index, markup served). The waiting
// icons are made by a member's create-many (500 a request); the approved ones are inserted straight
// into the database (they only surround the queue). Prints JSON lines.
// Run: node bench/review-queue.ts [pglite|postgres] [waiting=1000] [rounds=20]
//   (postgres needs TEST_DATABASE_URL)
import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import { createTestApp } from '../tests/setup/test-app.ts'
import type { DbKind } from '../tests/setup/test-db.ts'

const kind = (process.argv[2] ?? 'pglite') as DbKind
const waiting = Number(process.argv[3] ?? 1000)
const rounds = Number(process.argv[4] ?? 20)
const SURROUNDING = 9000

const ok = (res: { status: number; body: unknown }, what: string) => {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`)
  return res
}

const t = await createTestApp(kind)
try {
  const owner = await t.signIn('bench-owner@example.com')
  await t.setPlan('bench-owner@example.com', 'gold')
  const member = await t.signIn('bench-member@example.com')
  const ws = randomUUID()
  const project = randomUUID()
  ok(await t.post('/api/workspaces/create', owner, { id: ws, name: 'Bench', description: '' }), 'workspace')
  ok(
    await t.post('/api/workspaces/update', owner, { id: ws, name: 'Bench', review_icons: true }),
    'review on',
  )
  const inv = ok(
    await t.post('/api/workspaces/invite-user', owner, {
      workspaceId: ws,
      email: 'bench-member@example.com',
      role: 'member',
    }),
    'invite',
  )
  ok(
    await t.post('/api/workspaces/accept-invitation', member, {
      invitationId: (inv.body as { data: { id: string } }).data.id,
    }),
    'accept',
  )
  ok(await t.post('/api/projects/create', owner, { id: project, name: 'Icons', workspace_id: ws }), 'project')
  const drawing = (i: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"><path d="M${i % 20} 2h${(i % 17) + 2}v10H4z"/><circle cx="12" cy="${(i % 9) + 6}" r="3"/></svg>`
  await t.ctx.store.db.execute(sql`
    insert into icons (id, name, svg, project_id, workspace_id, icon_status)
    select gen_random_uuid(), 'approved-' || n, ${drawing(0)}, ${project}::uuid, ${ws}::uuid, 'approved'
    from generate_series(1, ${SURROUNDING}) n`)
  for (let from = 0; from < waiting; from += 500) {
    const icons = Array.from({ length: Math.min(500, waiting - from) }, (_, k) => ({
      id: randomUUID(),
      name: `waiting-${from + k}`,
      svg: drawing(from + k),
      project_id: project,
      workspace_id: ws,
    }))
    ok(await t.post('/api/icons/create-many', member, { icons }), 'create-many')
  }
  const path = `/api/workspaces/review-queue?workspaceId=${ws}`
  const times: number[] = []
  let rows = 0
  let bytes = 0
  for (let round = 0; round < rounds + 2; round++) {
    const t0 = performance.now()
    const res = await t.request(path, { cookie: member })
    const text = await res.text()
    const ms = performance.now() - t0
    if (res.status !== 200) throw new Error(`queue: ${res.status} ${text}`)
    if (round >= 2) times.push(ms) // the first two warm the served-markup memo and the plan
    rows = (JSON.parse(text) as { data: unknown[] }).data.length
    bytes = Buffer.byteLength(text)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10
  console.log(
    JSON.stringify({
      bench: 'review-queue',
      db: kind,
      waiting,
      icons: waiting + SURROUNDING,
      rows,
      bytes,
      p50ms: at(0.5),
      p95ms: at(0.95),
      load: loadavg().map((l) => Math.round(l * 10) / 10),
    }),
  )
} finally {
  await t.close()
}
