// Splash (markup in index.html so it paints before the app loads): 500 ms, then a 200 ms fade, then removed.
const SPLASH_VISIBLE_MS = 500
const SPLASH_FADE_MS = 200

export function runSplash() {
  const splash = document.getElementById('splash')
  if (!splash) return
  // The moment the app's code runs: the 500 ms count from here (tests/e2e/auth.test.ts measures
  // from this mark, so a slow page load does not count as a slow splash).
  performance.mark('splash:start')
  setTimeout(() => {
    splash.dataset.state = 'exit'
    setTimeout(() => splash.remove(), SPLASH_FADE_MS)
  }, SPLASH_VISIBLE_MS)
}
