// "Replace SVG…" in the detail panel (issue 22): a file input for one .svg file whose drawing
// replaces the icon's, keeping its id, name, aliases and history (replace-drawing.ts).
import { FileUp } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import type { LocalIcon } from '../../../local/db.ts'
import { replaceDrawing } from './replace-drawing.ts'

export function ReplaceSvg({ icon, refusal }: { icon: LocalIcon; refusal: () => string | null }) {
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  const onFiles = async (files: FileList | null) => {
    if (!files?.length) return
    setBusy(true)
    try {
      await replaceDrawing(icon, [...files], refusal())
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => input.current?.click()}
        disabled={busy}
        data-testid="replace-svg"
      >
        <FileUp className="size-4" aria-hidden /> Replace SVG…
      </Button>
      <input
        ref={input}
        type="file"
        accept=".svg,image/svg+xml"
        hidden
        aria-label={`Replace the drawing of ${icon.name} with an SVG file`}
        data-testid="replace-svg-input"
        onChange={(e) => void onFiles(e.target.files)}
      />
    </>
  )
}
