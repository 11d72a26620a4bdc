// A component whose code loads after the page's content has painted (first-paint.ts): until then,
// its placeholder shows (for a control: the same button, disabled, so that nothing is clicked that
// would not answer). Keeps what waits for a click out of the JavaScript the first paint waits for
// (ADR 0406). A chunk that fails to load is thrown to the error boundary (chunk-reload.ts).
// A keyboard user may reach the placeholder before the real control arrives (a slow machine, a
// slow network): the swap would drop their focus onto the page body, and Tab would start over. So
// the placeholder gives way to the real control in one commit, both in one `display: contents`
// wrapper (no box of its own, nothing in the accessibility tree), and focus that was inside the
// placeholder moves to the real control in that same commit, before anything else sees it gone.
import { Component, type ComponentType, createRef, type ReactNode, useEffect, useState } from 'react'
import { whenContentPainted } from './first-paint.ts'

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * The `display: contents` wrapper that carries focus across the swap. Whether focus is inside is
 * read in the commit itself, just before the placeholder leaves the DOM (getSnapshotBeforeUpdate,
 * which no hook offers): read any earlier, a Tab pressed between the read and the commit (the
 * render waits for a task of its own) left focus on the removed placeholder, and the page moved
 * it elsewhere.
 */
class KeepFocus extends Component<{ ready: boolean; children: ReactNode }> {
  private readonly wrapper = createRef<HTMLDivElement>()

  override getSnapshotBeforeUpdate(previous: { ready: boolean }): boolean {
    if (previous.ready || !this.props.ready) return false
    return this.wrapper.current?.contains(document.activeElement) ?? false
  }

  override componentDidUpdate(_props: unknown, _state: unknown, hadFocus: boolean) {
    if (!hadFocus) return
    const active = document.activeElement
    if (active && active !== document.body && active.isConnected) return
    this.wrapper.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus()
  }

  override render() {
    return (
      <div ref={this.wrapper} className="contents">
        {this.props.children}
      </div>
    )
  }
}

export function afterPaint<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Placeholder: (props: P) => ReactNode,
): (props: P) => ReactNode {
  let Loaded: ComponentType<P> | null = null
  let failure: { error: unknown } | null = null
  return function AfterPaint(props: P) {
    const [ready, setReady] = useState(Loaded !== null || failure !== null)
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
          if (live) setReady(true)
        })
      return () => {
        live = false
      }
    }, [ready])
    if (ready && failure) throw failure.error
    return (
      <KeepFocus ready={ready}>
        {ready && Loaded ? <Loaded {...props} /> : <Placeholder {...props} />}
      </KeepFocus>
    )
  }
}
