// Start from SVG code: upload (or drop) an .svg file, or paste code into the maker's one source
// editor (this tab points there). Refusals show the pipeline's reason.

import { isSvgError, sanitizeSvg } from '@common/svg/index.ts'
import { Upload } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { SOURCE_EDITOR_ID } from '../editor/source-editor.tsx'
import { baseName, type SourceProps } from './source-props.ts'

const svgError = (svg: string): string | null => {
  try {
    sanitizeSvg(svg)
    return null
  } catch (error) {
    return isSvgError(error) ? error.message : String(error)
  }
}

export function CodeSource({ onLoad }: Pick<SourceProps, 'onLoad'>) {
  const [error, setError] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)

  const use = (svg: string, name: string, source: 'code' | 'file') => {
    const problem = svgError(svg)
    setError(problem)
    if (!problem) onLoad({ svg, name, originIconId: null, source })
  }
  const readFile = async (file: File | undefined) => {
    if (!file) return
    if (/^image\/(png|jpeg)$/.test(file.type))
      return setError('PNG and JPEG images are traced: use the Trace tab')
    use(await file.text(), baseName(file.name), 'file')
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        Paste or type SVG code in the SVG source editor; it is the one place where the code lives.
      </p>
      <Button variant="secondary" onClick={focusSourceEditor}>
        Paste SVG code
      </Button>
      <label
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault()
          setDragging(false)
          void readFile(e.dataTransfer.files[0])
        }}
        className={`flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-dashed p-4 text-center text-sm text-muted ${dragging ? 'border-accent bg-accent/5' : 'border-line'}`}
      >
        <Upload className="size-4" aria-hidden />
        Upload or drop an .svg file
        <input
          type="file"
          accept=".svg,image/svg+xml"
          className="sr-only"
          aria-label="Upload SVG file"
          onChange={(e) => {
            void readFile(e.target.files?.[0])
            e.target.value = ''
          }}
        />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** Moves focus (and the view) to the source editor's text. */
function focusSourceEditor() {
  const editor = document.getElementById(SOURCE_EDITOR_ID)
  const text = editor?.querySelector<HTMLElement>('[contenteditable="true"]')
  editor?.scrollIntoView({ block: 'center' })
  text?.focus()
}
