// Splash (markup in index.html so it paints before the app loads): 500 ms, then a 200 ms fade, then removed.
const SPLASH_VISIBLE_MS = 500
const SPLASH_FADE_MS = 200

export function runSplash() {
  const splash = document.getElementById('splash')
  if (!splash) return
  setTimeout(() => {
    splash.dataset.state = 'exit'
    setTimeout(() => splash.remove(), SPLASH_FADE_MS)
  }, SPLASH_VISIBLE_MS)
}
