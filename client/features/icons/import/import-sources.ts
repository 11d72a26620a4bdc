// What can be imported: files picked, dropped (folders too: their .svg files, recursively) or
// pasted, and SVG markup pasted as text.
import type { ImportSource } from './import-svgs.ts'

const isHidden = (name: string) => name.startsWith('.')
const isSvgName = (name: string) => /\.svg$/i.test(name)

const fileSource = (file: File): ImportSource => ({ name: file.name, read: () => file.text() })

export function fromFiles(files: Iterable<File>): ImportSource[] {
  return [...files].filter((f) => !isHidden(f.name)).map(fileSource)
}

const readEntries = (reader: FileSystemDirectoryReader) =>
  new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject))

async function walkDirectory(dir: FileSystemDirectoryEntry, out: ImportSource[]) {
  const reader = dir.createReader()
  for (let batch = await readEntries(reader); batch.length; batch = await readEntries(reader)) {
    for (const entry of batch) {
      if (isHidden(entry.name)) continue
      if (entry.isDirectory) await walkDirectory(entry as FileSystemDirectoryEntry, out)
      else if (isSvgName(entry.name)) {
        const file = await new Promise<File>((resolve, reject) =>
          (entry as FileSystemFileEntry).file(resolve, reject),
        )
        out.push(fileSource(file))
      }
    }
  }
}

/** The sources of a drop: files as they are, folders walked for their .svg files. */
export async function fromDataTransfer(data: DataTransfer): Promise<ImportSource[]> {
  const entries = [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.())
  if (!entries.some((entry) => entry?.isDirectory)) return fromFiles(data.files)
  const out: ImportSource[] = []
  const files = [...data.files]
  for (const [i, entry] of entries.entries()) {
    if (entry?.isDirectory) await walkDirectory(entry as FileSystemDirectoryEntry, out)
    else if (files[i] && !isHidden(files[i].name)) out.push(fileSource(files[i]))
  }
  return out
}

/** SVG markup in pasted text, as one source (its <title> names it when it has one). */
export function fromText(text: string): ImportSource | null {
  const start = text.search(/<svg[\s>]/i)
  const end = text.toLowerCase().lastIndexOf('</svg>')
  if (start < 0 || end < start) return null
  const markup = text.slice(start, end + '</svg>'.length)
  const title = /<title[^>]*>([^<]{1,80})<\/title>/i.exec(markup)?.[1]?.trim()
  return { name: title || 'pasted-icon', read: async () => markup }
}

/** What a paste holds: SVG files, else SVG markup as text. */
export function fromClipboard(data: DataTransfer): ImportSource[] {
  const files = fromFiles(data.files)
  if (files.length) return files
  const source = fromText(data.getData('text/plain'))
  return source ? [source] : []
}
