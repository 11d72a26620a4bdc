// The grid's geometry: as many columns as fit tiles of at least the size's narrowest width in the
// scroll container's width (followed with a ResizeObserver); rows have the size's fixed height.
import { type RefObject, useLayoutEffect, useState } from 'react'

export const GAP = 8
export const PADDING = 16

const columnsFor = (width: number, tileMin: number) =>
  Math.max(1, Math.floor((width - 2 * PADDING + GAP) / (tileMin + GAP)))

export function useGridColumns(ref: RefObject<HTMLElement | null>, tileMin: number): number {
  const [columns, setColumns] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setColumns(columnsFor(element.clientWidth, tileMin))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, tileMin])
  return columns
}
