// "Copy Format" side panel, 500 px wide (docs/product.md §Dialogs): the five formats, each with an example;
// the chosen one is remembered and used when an icon of the vault is clicked. With CSS chosen and a
// project open, the project's CSS class prefix is edited here too (ADR 0105).
import { Check, Code } from 'lucide-react'
import { useId } from 'react'
import { Button } from '../components/ui/button.tsx'
import { cn } from '../components/ui/cn.ts'
import { Dialog, DialogContent, DialogTrigger } from '../components/ui/dialog.tsx'
import { useProject } from '../data/projects.ts'
import { useProjectSearch } from '../data/use-current.ts'
import { ClassPrefixField } from './class-prefix-field.tsx'
import { useClassPrefix } from './class-prefix-store.ts'
import { COPY_FORMAT_IDS, formatLabel, useCopyFormat } from './copy-format-store.ts'
import { useFormatExamples } from './format-examples.ts'

function FormatExamples() {
  const [format, setFormat] = useCopyFormat()
  const labelId = useId()
  const project = useProject(useProjectSearch().projectId)
  const [prefix] = useClassPrefix(project)
  const examples = useFormatExamples(prefix)
  return (
    <>
      <div
        role="radiogroup"
        aria-label="Copy Format"
        className="flex flex-col gap-3"
        data-testid="copy-format-panel"
      >
        {COPY_FORMAT_IDS.map((id) => {
          const selected = id === format
          return (
            // biome-ignore lint/a11y/useSemanticElements: a card-sized radio with a code sample inside
            <button
              key={id}
              type="button"
              role="radio"
              aria-checked={selected}
              // named by its format only: the example is a picture of the output, not part of the name
              aria-labelledby={`${labelId}-${id}`}
              data-format={id}
              onClick={() => setFormat(id)}
              className={cn(
                'group flex flex-col gap-2 rounded-lg border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-accent',
                selected ? 'border-accent bg-accent/5' : 'border-line hover:bg-surface',
              )}
            >
              <span className="flex items-center justify-between text-sm font-medium text-fg">
                <span id={`${labelId}-${id}`}>{formatLabel(id)}</span>
                {selected ? <Check className="size-4 text-accent" aria-hidden /> : null}
              </span>
              {/* Wrapped, not scrolled: a scroll box inside a radio could not be scrolled by keyboard. */}
              <pre className="rounded-md bg-surface p-2.5 font-mono text-[11px] leading-relaxed whitespace-pre-wrap text-muted [overflow-wrap:anywhere]">
                {examples[id]}
              </pre>
            </button>
          )
        })}
      </div>
      {format === 'css' && project ? (
        <div className="mt-4">
          <ClassPrefixField project={project} />
        </div>
      ) : null}
    </>
  )
}

export function CopyFormatPanel() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Copy Format"
          title="Copy Format"
          data-testid="copy-format-button"
        >
          <Code className="size-4" aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent
        variant="panel"
        title="Copy Format"
        description="How icons are copied to your clipboard."
      >
        <FormatExamples />
      </DialogContent>
    </Dialog>
  )
}
