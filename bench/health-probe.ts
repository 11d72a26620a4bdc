// `node bench/health-probe.ts URL`: fetches URL/api/health every 50 ms and prints each wait in ms on
// a line of its own until SIGTERM. bench/api-load.ts runs it as a process of its own, as a load
// balancer's probe is (in the bench's process it would also wait on autocannon's busy event loop).
let running = true
process.on('SIGTERM', () => {
  running = false
})
while (running) {
  const t0 = performance.now()
  await fetch(`${process.argv[2]}/api/health`)
    .then((r) => r.arrayBuffer())
    .catch(() => null)
  process.stdout.write(`${(performance.now() - t0).toFixed(1)}\n`)
  await new Promise((r) => setTimeout(r, 50))
}
