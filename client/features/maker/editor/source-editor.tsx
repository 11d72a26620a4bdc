// The one SVG source of the maker: paste or type code here (it becomes the document), edits and
// undo show here. The pipeline's error is shown inline, and what sanitizing removes (scripts,
// handlers, external references) is named, with a way to take it out of the source. CodeMirror
// arrives in its own chunk.

import { sanitizeSvg } from '@common/svg/index.ts'
import { lazy, Suspense, useMemo } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { describeRemovals } from './removals.ts'
import { useSourceSync } from './use-source-sync.ts'

const CodeMirrorEditor = lazy(() => import('./codemirror-editor.tsx'))

export const SOURCE_EDITOR_ID = 'maker-svg-source'

export function SourceEditor({ svg, onCommit }: { svg: string | undefined; onCommit(svg: string): void }) {
  const { text, error, onChange } = useSourceSync(svg, onCommit)
  const removals = useMemo(() => (svg ? describeRemovals(svg) : null), [svg])
  return (
    <section aria-label="SVG source" className="flex flex-col gap-2" id={SOURCE_EDITOR_ID}>
      <div className="h-64">
        <Suspense
          fallback={
            <div className="h-full animate-pulse rounded-lg border border-line bg-surface" aria-busy />
          }
        >
          <CodeMirrorEditor value={text} onChange={onChange} />
        </Suspense>
      </div>
      {!svg && !text ? <p className="text-xs text-muted">Paste or type SVG code here to start.</p> : null}
      {error ? (
        <p role="alert" className="text-sm text-danger" data-testid="source-error">
          {error}
        </p>
      ) : null}
      {removals && !error ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg"
          data-testid="source-removals"
        >
          <span>{removals} Previews, copies and saves leave them out.</span>
          <Button size="sm" variant="secondary" onClick={() => svg && onCommit(sanitizeSvg(svg))}>
            Remove from the source
          </Button>
        </div>
      ) : null}
    </section>
  )
}
