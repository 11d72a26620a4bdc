// "Copy Format" side panel, 500 px wide: the five formats with an example each; the chosen one is remembered.
import { Check, Code } from 'lucide-react'
import { Button } from '../../components/ui/button.tsx'
import { cn } from '../../components/ui/cn.ts'
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx'
import { COPY_FORMATS, useCopyFormat } from './copy-formats.ts'

export function CopyFormatPanel() {
  const [format, setFormat] = useCopyFormat()
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
        <div
          role="radiogroup"
          aria-label="Copy Format"
          className="flex flex-col gap-3"
          data-testid="copy-format-panel"
        >
          {COPY_FORMATS.map((f) => {
            const selected = f.id === format
            return (
              // biome-ignore lint/a11y/useSemanticElements: a card-sized radio with a code sample inside
              <button
                key={f.id}
                type="button"
                role="radio"
                aria-checked={selected}
                onClick={() => setFormat(f.id)}
                className={cn(
                  'group flex flex-col gap-2 rounded-lg border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-accent',
                  selected ? 'border-accent bg-accent/5' : 'border-line hover:bg-surface',
                )}
              >
                <span className="flex items-center justify-between text-sm font-medium text-fg">
                  {f.label}
                  {selected ? <Check className="size-4 text-accent" aria-hidden /> : null}
                </span>
                <pre className="overflow-x-auto rounded-md bg-surface p-2.5 font-mono text-[11px] leading-relaxed text-muted">
                  {f.example}
                </pre>
              </button>
            )
          })}
        </div>
      </DialogContent>
    </Dialog>
  )
}
