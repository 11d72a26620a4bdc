// Files dropped anywhere on the page, and SVG files or markup pasted anywhere outside a text
// field, are handed to the import. `dragging` drives the drop overlay.
import { useEffect, useState } from 'react'
import { fromClipboard, fromDataTransfer } from './import-sources.ts'
import type { ImportSource } from './import-svgs.ts'

const carriesFiles = (event: DragEvent) => !!event.dataTransfer?.types.includes('Files')

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null)

export function useDropAndPaste(onImport: (sources: ImportSource[]) => void, enabled: boolean) {
  const [dragging, setDragging] = useState(false)

  useEffect(() => {
    if (!enabled) return
    let depth = 0
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth++
      setDragging(true)
    }
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      event.preventDefault()
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy'
    }
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDragging(false)
    }
    const drop = (event: DragEvent) => {
      if (!event.dataTransfer || !carriesFiles(event)) return
      event.preventDefault()
      depth = 0
      setDragging(false)
      void fromDataTransfer(event.dataTransfer).then(onImport)
    }
    const paste = (event: ClipboardEvent) => {
      if (!event.clipboardData || isTextField(event.target)) return
      const sources = fromClipboard(event.clipboardData)
      if (!sources.length) return
      event.preventDefault()
      onImport(sources)
    }
    window.addEventListener('dragenter', enter)
    window.addEventListener('dragover', over)
    window.addEventListener('dragleave', leave)
    window.addEventListener('drop', drop)
    document.addEventListener('paste', paste)
    return () => {
      window.removeEventListener('dragenter', enter)
      window.removeEventListener('dragover', over)
      window.removeEventListener('dragleave', leave)
      window.removeEventListener('drop', drop)
      document.removeEventListener('paste', paste)
    }
  }, [onImport, enabled])

  return dragging
}
