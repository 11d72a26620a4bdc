// The SVG source with its pipeline error shown inline; CodeMirror arrives in its own chunk.
import { lazy, Suspense } from 'react'
import { useSourceSync } from './use-source-sync.ts'

const CodeMirrorEditor = lazy(() => import('./codemirror-editor.tsx'))

export function SourceEditor({ svg, onCommit }: { svg: string | undefined; onCommit(svg: string): void }) {
  const { text, error, onChange } = useSourceSync(svg, onCommit)
  return (
    <section aria-label="SVG source" className="flex flex-col gap-2">
      <div className="h-64">
        <Suspense
          fallback={
            <div className="h-full animate-pulse rounded-lg border border-line bg-surface" aria-busy />
          }
        >
          <CodeMirrorEditor value={text} onChange={onChange} />
        </Suspense>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger" data-testid="source-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}
