// Gives the grid's <img> elements their data URIs a few at a time. Chromium builds an isolated SVG
// document for every SVG image, synchronously when a data URI is assigned (1–4 ms each); a row
// scrolled into view is a dozen of them, so assigning them in React's commit makes long tasks.
// Here they are assigned in slices of at most SLICE_MS, one slice per task, oldest first;
// images that left the DOM meanwhile are skipped, and URIs decoded before are assigned at once.
const SLICE_MS = 6
const MAX_REMEMBERED = 30_000

const decoded = new Set<string>()
const queue: { img: HTMLImageElement; uri: string; cancelled: boolean }[] = []
let pumping = false
const channel = typeof MessageChannel === 'undefined' ? null : new MessageChannel()

function assign(img: HTMLImageElement, uri: string) {
  img.src = uri
  if (decoded.size >= MAX_REMEMBERED) decoded.clear()
  decoded.add(uri)
}

function pump() {
  const end = performance.now() + SLICE_MS
  while (queue.length && performance.now() < end) {
    const job = queue.shift()!
    if (!job.cancelled && job.img.isConnected) assign(job.img, job.uri)
  }
  if (queue.length) channel!.port2.postMessage(null)
  else pumping = false
}
if (channel) channel.port1.onmessage = pump

/** Shows `uri` in `img` soon; returns a function that cancels it if not done yet. */
export function scheduleImage(img: HTMLImageElement, uri: string): () => void {
  if (!channel || decoded.has(uri)) {
    assign(img, uri)
    return () => {}
  }
  const job = { img, uri, cancelled: false }
  queue.push(job)
  if (!pumping) {
    pumping = true
    channel.port2.postMessage(null)
  }
  return () => {
    job.cancelled = true
  }
}
