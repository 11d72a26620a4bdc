// Shown over the page while files are dragged over it.
import { Upload } from 'lucide-react'

export function DropOverlay({ projectName }: { projectName: string }) {
  return (
    <div
      className="pointer-events-none fixed inset-0 z-40 grid place-items-center bg-bg/80 backdrop-blur-sm"
      data-testid="drop-overlay"
      aria-hidden
    >
      <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-accent px-12 py-10 text-center">
        <Upload className="size-8 text-accent" />
        <p className="text-base font-medium text-fg">Drop SVG files to add them to {projectName}</p>
        <p className="text-sm text-muted">Folders work too: every .svg file inside is added.</p>
      </div>
    </div>
  )
}
