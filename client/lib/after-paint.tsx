// A component whose code loads after the page's content has painted (first-paint.ts): until then,
// and while its chunk arrives, its placeholder shows (for a control: the same button, disabled, so
// that nothing is clicked that would not answer). Keeps what waits for a click out of the
// JavaScript the first paint waits for (ADR 0406).
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { whenContentPainted } from './first-paint.ts'

export function afterPaint<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Placeholder: (props: P) => ReactNode,
): (props: P) => ReactNode {
  let loaded = false
  const Lazy = lazy(() => load().then((component) => ({ default: component })))
  return function AfterPaint(props: P) {
    const [ready, setReady] = useState(loaded)
    useEffect(() => {
      if (ready) return
      let live = true
      whenContentPainted()
        .then(load)
        .catch(() => {}) // the lazy component rethrows it to the error boundary (chunk-reload.ts)
        .then(() => {
          loaded = true
          if (live) setReady(true)
        })
      return () => {
        live = false
      }
    }, [ready])
    if (!ready) return <Placeholder {...props} />
    return (
      <Suspense fallback={<Placeholder {...props} />}>
        <Lazy {...props} />
      </Suspense>
    )
  }
}
