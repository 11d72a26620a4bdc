// Exports of the whole project, built in the browser (a Web Worker) with a progress bar: a ZIP of
// SVG files, React TS / React JS / React Native TS packages, an SVG sprite and a CSS file.

import { EXPORT_KINDS, EXPORT_LABELS } from '@common/exports/export-kinds.ts'
import { Download, Loader2 } from 'lucide-react'
import { Button } from '../../components/ui/button.tsx'
import { useExport } from '../../copy/exports/use-export.ts'
import type { LocalIcon } from '../../local/db.ts'

export function ProjectExports({ projectName, icons }: { projectName: string; icons: readonly LocalIcon[] }) {
  const { progress, start } = useExport(projectName)
  const empty = icons.length === 0
  return (
    <section
      aria-labelledby="exports-title"
      className="rounded-xl border border-line bg-raised p-5"
      data-testid="project-exports"
    >
      <h2 id="exports-title" className="text-base font-semibold text-fg">
        Export
      </h2>
      <p className="mt-1 text-sm text-muted">
        {empty
          ? 'Add icons to this project to export them.'
          : 'Every icon of the project, built in your browser.'}
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {EXPORT_KINDS.map((kind) => {
          const running = progress?.kind === kind
          const percent = running && progress.total ? Math.round((progress.done / progress.total) * 100) : 0
          return (
            <li key={kind} className="flex flex-col gap-2 rounded-lg border border-line p-3">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <p className="text-sm font-medium text-fg">{EXPORT_LABELS[kind].title}</p>
                  <p className="text-xs text-muted">{EXPORT_LABELS[kind].detail}</p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={empty || progress !== null}
                  onClick={() => void start(kind, icons)}
                  aria-label={`Download ${EXPORT_LABELS[kind].title}`}
                  data-testid={`export-${kind}`}
                >
                  {running ? (
                    <Loader2 className="size-3.5 animate-spin" aria-hidden />
                  ) : (
                    <Download className="size-3.5" aria-hidden />
                  )}
                  Download
                </Button>
              </div>
              {running ? (
                <div
                  role="progressbar"
                  aria-label={`${EXPORT_LABELS[kind].title} progress`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="h-1.5 overflow-hidden rounded-full bg-surface"
                >
                  <div className="h-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
                </div>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
