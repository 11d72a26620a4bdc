// Where the focus goes in the grid for a navigation key (ARIA grid pattern): arrows by one cell
// or row, Home/End to the row's ends (with Ctrl/Cmd: the first/last icon), PageUp/PageDown by a
// screenful. Pure; null for other keys.
export interface GridShape {
  count: number
  columns: number
  /** Rows in one screenful. */
  pageRows: number
}

export function nextIndex(key: string, index: number, shape: GridShape, ctrl = false): number | null {
  const { count, columns, pageRows } = shape
  if (!count) return null
  const last = count - 1
  const clamp = (i: number) => Math.max(0, Math.min(last, i))
  const rowStart = index - (index % columns)
  switch (key) {
    case 'ArrowRight':
      return clamp(index + 1)
    case 'ArrowLeft':
      return clamp(index - 1)
    case 'ArrowDown':
      return index + columns <= last ? index + columns : index
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index
    case 'Home':
      return ctrl ? 0 : rowStart
    case 'End':
      return ctrl ? last : clamp(rowStart + columns - 1)
    case 'PageDown':
      return clamp(index + columns * pageRows)
    case 'PageUp':
      return clamp(index - columns * pageRows)
    default:
      return null
  }
}
