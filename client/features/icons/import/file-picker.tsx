// The hidden file input behind "Add SVG files" (several .svg files at once).
import type { Ref } from 'react'
import { fromFiles } from './import-sources.ts'
import type { ImportSource } from './import-svgs.ts'

export function FilePicker({
  onFiles,
  ref,
}: {
  onFiles(sources: ImportSource[]): void
  ref: Ref<HTMLInputElement>
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept=".svg,image/svg+xml"
      multiple
      hidden
      aria-label="SVG files to add"
      data-testid="upload-input"
      onChange={(event) => {
        if (event.target.files?.length) onFiles(fromFiles(event.target.files))
        event.target.value = ''
      }}
    />
  )
}
