// The iconvault CLI's pull (ADR 0020) of a 10,000-icon project (real Iconify icons)
// from a real server process, as `node cli/bin/iconvault.ts pull --format react-ts` in a child
// process, through a byte-counting TCP proxy: into an empty folder (target ≤ 5 s), again with
// nothing changed (target ≤ 1 s, a few KB on the wire), and after 10 renames. The peer, in the same
// run and through the same proxy: a child process that fetches the whole list with the same token
// and writes one file per icon (what a tool without a lock does every time); reported as ratios.
// Run: node bench/cli-pull.ts [count] [rounds]   (JSON lines, then a summary)
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { proUserWithProject } from '../tests/setup/api-user.ts'
import { startApp } from '../tests/setup/app-process.ts'
import { startTestSmtp } from '../tests/setup/smtp.ts'
import { PEER_SCRIPT } from './cli-child.ts'
import { insertIconsMany, realIcons, type VaultBench } from './vault-setup.ts'

const COUNT = Number(process.argv[2] ?? 10_000)
const ROUNDS = Number(process.argv[3] ?? 3)
const log = (o: object) => console.log(JSON.stringify({ bench: 'cli-pull', ...o }))
const BIN = new URL('../cli/bin/iconvault.ts', import.meta.url).pathname
const work = mkdtempSync(join(tmpdir(), 'cli-pull-bench-'))

const smtp = await startTestSmtp()
const app = await startApp({ env: { SMTP_URL: smtp.url } })
const user = await proUserWithProject(app.baseUrl, smtp, 'cli-pull-bench@example.com')
const seeded = Date.now()
const { failed } = await insertIconsMany(
  { app, cookie: user.cookie, projectId: user.projectId } as VaultBench,
  realIcons(COUNT),
)
if (failed) throw new Error(`${failed} icons were refused`)
log({ seeded: COUNT, ms: Date.now() - seeded })
const token = (
  (await (await user.call('/api/tokens/create', { name: 'bench', scope: 'read' })).json()) as {
    data: { token: string }
  }
).data.token

// Every byte between the clients and the server, both ways.
let wire = 0
const proxy = createServer((client) => {
  const upstream = connect(Number(new URL(app.baseUrl).port), '127.0.0.1')
  client.on('data', (b) => {
    wire += b.byteLength
  })
  upstream.on('data', (b) => {
    wire += b.byteLength
  })
  client.pipe(upstream).pipe(client)
  client.on('error', () => upstream.destroy())
  upstream.on('error', () => client.destroy())
})
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
const address = proxy.address()
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

const PEER = join(work, 'peer.mjs')
writeFileSync(PEER, PEER_SCRIPT)

/** Runs a child process; answers its wall time and the bytes on the wire meanwhile. */
function timed(args: string[]): Promise<{ ms: number; bytes: number; stdout: string }> {
  const start = performance.now()
  const before = wire
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      args,
      { env: { PATH: process.env.PATH ?? '', HOME: work, ICONVAULT_URL: url, ICONVAULT_TOKEN: token } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${args.join(' ')}: ${stderr || error.message}`))
        else resolve({ ms: Math.round(performance.now() - start), bytes: wire - before, stdout })
      },
    ),
  )
}
const pull = (out: string) =>
  timed([BIN, 'pull', '--project', user.projectId, '--format', 'react-ts', '--out', join(work, out)])
const peer = (out: string) => timed([PEER, url, token, user.projectId, join(work, out)])
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ids = (
  (await (await user.call(`/api/icons?project_id=${user.projectId}`)).json()) as { data: { id: string }[] }
).data.map((r) => r.id)

const rows: Record<string, { cli: number[]; peer: number[]; cliBytes: number[]; peerBytes: number[] }> = {}
const record = (what: string, cli: { ms: number; bytes: number }, floor: { ms: number; bytes: number }) => {
  rows[what] ??= { cli: [], peer: [], cliBytes: [], peerBytes: [] }
  const r = rows[what]
  r.cli.push(cli.ms)
  r.peer.push(floor.ms)
  r.cliBytes.push(cli.bytes)
  r.peerBytes.push(floor.bytes)
  log({ what, cliMs: cli.ms, cliBytes: cli.bytes, peerMs: floor.ms, peerBytes: floor.bytes })
}

for (let round = 0; round < ROUNDS; round++) {
  const out = `cli-${round}`
  record('into an empty folder', await pull(out), await peer(`peer-empty-${round}`))
  const again = await pull(out)
  if (!again.stdout.includes('Up to date: nothing written'))
    throw new Error(`not up to date: ${again.stdout}`)
  record('nothing changed', again, await peer(`peer-same-${round}`))
  for (const id of ids.slice(round * 10, round * 10 + 10)) {
    const res = await user.call('/api/icons/update', { id, name: `renamed-${round}-${id.slice(0, 8)}` })
    if (!res.ok) throw new Error(`rename: HTTP ${res.status}`)
  }
  const changed = await pull(out)
  if (!changed.stdout.includes('0 added, 10 changed, 0 removed')) throw new Error(changed.stdout)
  record('after 10 renames', changed, await peer(`peer-changed-${round}`))
}

for (const [what, r] of Object.entries(rows))
  log({
    summary: what,
    icons: COUNT,
    medianCliMs: median(r.cli),
    medianPeerMs: median(r.peer),
    ratioToPeer: Number((median(r.cli) / median(r.peer)).toFixed(2)),
    medianCliBytes: median(r.cliBytes),
    medianPeerBytes: median(r.peerBytes),
    target:
      what === 'into an empty folder' ? '≤ 5000 ms' : what === 'nothing changed' ? '≤ 1000 ms, a few KB' : '',
    load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  })
proxy.close()
await app.stop()
await smtp.close()
rmSync(work, { recursive: true, force: true })
