// Copy the icon in any of the five formats. Under the buttons, the code of the shown format (the one
// chosen in the Copy Format panel until another is copied here), marked among the buttons,
// read-only and scrollable: exactly the text a copy puts on the clipboard (copy-icon.ts iconCode).
// The outcome is said here, in the panel, not in a toast: on a phone the panel fills the screen and
// a toast would sit over its controls.
import { appMessages } from '@common/messages.ts'
import { Copy } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { ClassPrefixField } from '../../../copy/class-prefix-field.tsx'
import { useClassPrefix } from '../../../copy/class-prefix-store.ts'
import {
  COPY_FORMAT_IDS,
  type CopyFormat,
  formatLabel,
  useCopyFormat,
} from '../../../copy/copy-format-store.ts'
import { copyIcon, copyInstance, iconCode } from '../../../copy/copy-icon.ts'
import { useProject } from '../../../data/projects.ts'
import type { LocalIcon } from '../../../local/db.ts'

const NOTICE_MS = 4000

/**
 * The code of the icon's current markup in `format`, or the converter's refusal; the last code stays
 * while the next converts. `prefix`: the CSS class prefix it depends on (converted again on a change).
 */
function useIconCode(icon: LocalIcon, format: CopyFormat, prefix: string, instance: string): string {
  const [code, setCode] = useState<string>(appMessages.loading)
  const { name, svg, project_id, label, description, decorative } = icon
  // biome-ignore lint/correctness/useExhaustiveDependencies: iconCode reads the prefix from its store
  useEffect(() => {
    let live = true
    iconCode({ name, svg, project_id, label, description, decorative, instance }, format).then(
      (text) => live && setCode(text),
      (error: unknown) => live && setCode(error instanceof Error ? error.message : String(error)),
    )
    return () => {
      live = false
    }
  }, [name, svg, project_id, label, description, decorative, instance, format, prefix])
  return code
}

function CodePreview({ icon, format, instance }: { icon: LocalIcon; format: CopyFormat; instance: string }) {
  // CSS: under the project's class prefix (ADR 0105), edited here too.
  const project = useProject(icon.project_id)
  const [prefix] = useClassPrefix(project)
  const code = useIconCode(icon, format, format === 'css' ? prefix : '', instance)
  const label = `${formatLabel(format)} code`
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-xs text-muted">{label}</figcaption>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is reached by keyboard to scroll it
        tabIndex={0}
        aria-label={label}
        data-testid="code-preview"
        data-format={format}
        className="max-h-48 overflow-auto rounded-md border border-line bg-surface focus-visible:outline-2 focus-visible:outline-accent"
      >
        <pre className="p-2 font-mono text-xs whitespace-pre-wrap text-fg [overflow-wrap:anywhere]">
          {code}
        </pre>
      </section>
      {format === 'css' && project ? <ClassPrefixField project={project} /> : null}
    </figure>
  )
}

export function CopySection({ icon }: { icon: LocalIcon }) {
  const [chosen] = useCopyFormat()
  const [copied, setCopied] = useState<CopyFormat | null>(null)
  // The SVG's ids for this icon here (ADR 0106): the code shown is exactly what a copy puts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new icon gets new ids
  const instance = useMemo(copyInstance, [icon.id])
  const [notice, setNotice] = useState<{ message: string; type: 'success' | 'error'; at: number } | null>(
    null,
  )
  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice])
  const shownFormat = copied ?? chosen
  return (
    <section aria-labelledby="copy-section-title" className="flex flex-col gap-2">
      <h3 id="copy-section-title" className="text-sm font-medium text-fg">
        Copy as
      </h3>
      <div className="flex flex-wrap gap-2">
        {COPY_FORMAT_IDS.map((format) => (
          <Button
            key={format}
            variant={format === shownFormat ? 'primary' : 'secondary'}
            size="sm"
            aria-label={`Copy as ${formatLabel(format)}`}
            aria-current={format === shownFormat ? true : undefined}
            data-format={format}
            onClick={() => {
              setCopied(format)
              void copyIcon({ ...icon, instance }, format, (message, type) =>
                setNotice({ message, type, at: Date.now() }),
              )
            }}
          >
            <Copy className="size-3.5" aria-hidden />
            {formatLabel(format)}
          </Button>
        ))}
      </div>
      <p
        role="status"
        data-testid="copy-status"
        className={notice?.type === 'error' ? 'min-h-5 text-sm text-danger' : 'min-h-5 text-sm text-muted'}
      >
        {notice?.message}
      </p>
      <CodePreview icon={icon} format={shownFormat} instance={instance} />
    </section>
  )
}
