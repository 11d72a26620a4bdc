// Exports of the whole project: a ZIP of SVG files, React TS / React JS / React Native TS packages,
// an SVG sprite, a CSS file and an icon font, each with the icons' aliases (ADR 0104). "Latest" is
// built in the browser (a Web Worker) from the local icons, with a progress bar; a release downloads
// the server's build of its stored set, byte-identical however the project changed since (ADR 0017).
// The icon font is always the server's (ADR 0105: its font tools run in Node). The CSS class prefix
// of the CSS file and the font is edited here, remembered for the project in this browser.
import {
  EXPORT_KINDS,
  EXPORT_LABELS,
  type ExportKind,
  SERVER_ONLY_KINDS,
} from '@common/exports/export-kinds.ts'
import { appMessages, messages } from '@common/messages.ts'
import type { Release } from '@common/schemas/releases.ts'
import { Download, Loader2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Label } from '../../components/ui/input.tsx'
import { Select } from '../../components/ui/select.tsx'
import { ClassPrefixField } from '../../copy/class-prefix-field.tsx'
import { useClassPrefix } from '../../copy/class-prefix-store.ts'
import { useExport } from '../../copy/exports/use-export.ts'
import type { IconHead } from '../../data/icon-heads.ts'
import { fullIcons } from '../../data/icon-svgs.ts'
import { toast } from '../../lib/toast.ts'
import { downloadRelease } from './use-releases.ts'

const LATEST = 'latest'

interface ProjectExportsProps {
  projectId: string
  projectName: string
  /** The project's Iconify prefix: the Iconify JSON package's name (ADR 0021). */
  iconifyPrefix?: string
  icons: readonly IconHead[]
  /** The project's releases, newest first (none while loading or offline). */
  releases: readonly Release[]
}

export function ProjectExports({
  projectId,
  projectName,
  iconifyPrefix,
  icons,
  releases,
}: ProjectExportsProps) {
  const { progress, start } = useExport(projectName, iconifyPrefix)
  const [target, setTarget] = useState<string>(LATEST)
  const [fetching, setFetching] = useState<ExportKind | null>(null)
  const targetId = useId()
  const release = target === LATEST ? null : target
  const empty = release === null && icons.length === 0
  const busy = progress !== null || fetching !== null
  const project = { id: projectId, name: projectName }
  const [classPrefix] = useClassPrefix(project)

  const download = async (kind: ExportKind) => {
    // Built here from the local rows, read whole for it (the list holds no markup: ADR 0423).
    if (!release && !SERVER_ONLY_KINDS.includes(kind))
      return void fullIcons(icons).then((rows) => start(kind, rows, classPrefix))
    setFetching(kind)
    try {
      const { fileName, skipped } = await downloadRelease(projectId, kind, release, classPrefix)
      toast(appMessages.exportReady(fileName), 'success')
      if (skipped) toast(appMessages.exportSkipped(skipped), 'info')
    } catch (error) {
      toast(messages.iconError(error instanceof Error ? error.message : String(error)))
    } finally {
      setFetching(null)
    }
  }

  return (
    <section
      aria-labelledby="exports-title"
      className="rounded-xl border border-line bg-raised p-5"
      data-testid="project-exports"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="exports-title" className="text-base font-semibold text-fg">
            Export
          </h2>
          <p className="mt-1 text-sm text-muted">
            {release
              ? `The icons exactly as released in ${release}.`
              : empty
                ? 'Add icons to this project to export them.'
                : 'Every icon of the project, built in your browser.'}
          </p>
        </div>
        {releases.length ? (
          <div className="flex items-center gap-2">
            <Label htmlFor={targetId} className="text-xs text-muted">
              From
            </Label>
            <Select
              id={targetId}
              value={target}
              onValueChange={setTarget}
              options={[
                { value: LATEST, label: 'Latest' },
                ...releases.map((r) => ({ value: r.version, label: `Release ${r.version}` })),
              ]}
              data-testid="export-target"
            />
          </div>
        ) : null}
      </div>
      <div className="mt-4 max-w-sm">
        <ClassPrefixField project={project} />
      </div>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {EXPORT_KINDS.map((kind) => {
          const running = progress?.kind === kind || fetching === kind
          const percent =
            progress?.kind === kind && progress.total ? Math.round((progress.done / progress.total) * 100) : 0
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
                  disabled={empty || busy}
                  onClick={() => void download(kind)}
                  aria-label={`Download ${EXPORT_LABELS[kind].title}${release ? ` of release ${release}` : ''}`}
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
              {progress?.kind === kind ? (
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
