// Files dropped on an icon's tile replace that icon's drawing (ADR 0407); files dropped
// anywhere else on the vault are still imported as new icons (import/use-drop-and-paste.ts listens
// on the window). The grid's handlers stop a drag over a tile from reaching the window: there the
// page-wide drop overlay gives way to the tile's own mark, and the drop is not imported. Which tile
// is found by the grid's structure (grid-events.ts), never by attributes an icon's markup could carry.
import type { DragEvent } from 'react'
import type { IconHead } from '../../../data/icon-heads.ts'
import type { VaultAccess } from '../use-vault-access.ts'
import { tileOf } from './grid-events.ts'

export type DropOnIcon = (icon: IconHead, files: File[]) => void

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files')

/** What the vault does with files dropped on a tile: replace that icon's drawing (icon:update only). */
export function replaceOnDrop(access: VaultAccess): DropOnIcon | null {
  if (!access.canUpdate) return null
  return (icon, files) =>
    void import('../detail/replace-drawing.ts').then((m) =>
      m.replaceDrawing(icon, files, access.saveRefusal()),
    )
}

interface TileDropOptions {
  icons: readonly IconHead[]
  onDrop: DropOnIcon | null
  /** The tile index files are dragged over (null: none), for its mark. */
  setOver(index: number | null): void
}

/** The grid element's drag handlers; none when dropping on icons does nothing (the window imports). */
export function tileDropEvents({ icons, onDrop: drop, setOver }: TileDropOptions) {
  if (!drop) return {}
  /** The tile under the event, when it carries files: the event is the tile's, not the window's. */
  const claim = (event: DragEvent): number | null => {
    if (!carriesFiles(event)) return null
    const tile = tileOf(event.target, event.currentTarget)
    if (!tile) return null
    event.preventDefault()
    event.stopPropagation()
    return Number(tile.dataset.index)
  }
  const onDragEnter = (event: DragEvent) => {
    const index = claim(event)
    if (index !== null) setOver(index)
  }
  const onDragOver = (event: DragEvent) => {
    const index = claim(event)
    if (index === null) return
    event.dataTransfer.dropEffect = 'copy'
    setOver(index)
  }
  const onDragLeave = (event: DragEvent) => {
    if (claim(event) === null) return
    // Into another part of the same tile: still over it (the next dragover says so anyway).
    const to = event.relatedTarget instanceof Node ? event.relatedTarget : null
    const tile = tileOf(event.target, event.currentTarget)
    if (!to || !tile?.contains(to)) setOver(null)
  }
  const onDrop = (event: DragEvent) => {
    const index = claim(event)
    if (index === null) return
    setOver(null)
    const icon = icons[index]
    // A dropped folder is one "file" that is not an .svg: refused as such.
    if (icon) drop(icon, [...event.dataTransfer.files])
  }
  return { onDragEnter, onDragOver, onDragLeave, onDrop }
}
