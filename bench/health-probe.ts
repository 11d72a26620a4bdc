// `node bench/health-probe.ts URL [ms=50]`: fetches URL/api/health every `ms` (50 by default) and prints each wait in ms on
// a line of its own until SIGTERM. bench/api-load.ts runs it as a process of its own, as a load
// balancer's probe is (in the bench's process it would also wait on autocannon's busy event loop),
// and starts the load once it has printed `ready`: its first fetch, which loads fetch's own code and
// opens the connection (a probe that has run for a while has both), is not counted.
const every = Number(process.argv[3] ?? 50)
let running = true
process.on('SIGTERM', () => {
  running = false
})
const probe = () =>
  fetch(`${process.argv[2]}/api/health`)
    .then((r) => r.arrayBuffer())
    .catch(() => null)
await probe()
process.stdout.write('ready\n')
while (running) {
  const t0 = performance.now()
  await probe()
  process.stdout.write(`${(performance.now() - t0).toFixed(1)}\n`)
  await new Promise((r) => setTimeout(r, every))
}
