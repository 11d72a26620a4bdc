// The moment the page has shown what it was opened for, after which the code of what waits for a
// click (menus, pickers, dialogs, selects) loads (after-paint.tsx, ADR 0406): on /icons when the
// vault shows its first tiles or says why it has none (markContentPainted), elsewhere once the page
// has loaded; at the latest CAP_MS after start, and at once when the user presses a key or a pointer.
const CAP_MS = 4000

let painted = false
let started = false
const waiting: (() => void)[] = []

/** Called by the vault when its first tiles (or its empty, no-project or not-found view) painted. */
export function markContentPainted() {
  if (painted) return
  painted = true
  for (const resolve of waiting.splice(0)) resolve()
}

function start() {
  if (started) return
  started = true
  setTimeout(markContentPainted, CAP_MS)
  for (const type of ['pointerdown', 'keydown'] as const)
    window.addEventListener(type, markContentPainted, { capture: true, once: true, passive: true })
  if (window.location.pathname === '/icons') return
  const afterLoad = () => requestAnimationFrame(() => setTimeout(markContentPainted, 0))
  if (document.readyState === 'complete') afterLoad()
  else window.addEventListener('load', afterLoad, { once: true })
}

/** Resolves once the page's content has painted (see above). */
export function whenContentPainted(): Promise<void> {
  if (painted) return Promise.resolve()
  start()
  return new Promise((resolve) => waiting.push(resolve))
}
