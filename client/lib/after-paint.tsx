// A component whose code loads after the page's content has painted (first-paint.ts): until then,
// its placeholder shows (for a control: the same button, disabled, so that nothing is clicked that
// would not answer). Keeps what waits for a click out of the JavaScript the first paint waits for
// (ADR 0406). A chunk that fails to load is thrown to the error boundary (chunk-reload.ts).
// A keyboard user may reach the placeholder before the real control arrives (a slow machine, a
// slow network): the swap would drop their focus onto the page body, and Tab would start over. So
// the placeholder gives way to the real control in one commit, both in one `display: contents`
// wrapper (no box of its own, nothing in the accessibility tree), and focus that was inside the
// placeholder moves to the real control in that same commit, before anything else sees it gone.
import { type ComponentType, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { whenContentPainted } from './first-paint.ts'

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])'

export function afterPaint<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Placeholder: (props: P) => ReactNode,
): (props: P) => ReactNode {
  let Loaded: ComponentType<P> | null = null
  let failure: { error: unknown } | null = null
  return function AfterPaint(props: P) {
    const [ready, setReady] = useState(Loaded !== null || failure !== null)
    const wrapper = useRef<HTMLDivElement>(null)
    const hadFocus = useRef(false)
    useEffect(() => {
      if (ready) return
      let live = true
      whenContentPainted()
        .then(load)
        .then(
          (component) => {
            Loaded = component
          },
          (error: unknown) => {
            failure = { error }
          },
        )
        .then(() => {
          if (!live) return
          hadFocus.current = wrapper.current?.contains(document.activeElement) ?? false
          setReady(true)
        })
      return () => {
        live = false
      }
    }, [ready])
    useLayoutEffect(() => {
      if (!ready || !hadFocus.current) return
      hadFocus.current = false
      const active = document.activeElement
      if (active && active !== document.body) return // the user moved on meanwhile
      wrapper.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus()
    }, [ready])
    if (ready && failure) throw failure.error
    return (
      <div ref={wrapper} className="contents">
        {ready && Loaded ? <Loaded {...props} /> : <Placeholder {...props} />}
      </div>
    )
  }
}
