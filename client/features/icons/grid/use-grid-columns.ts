// The grid's geometry: as many columns as fit tiles of at least TILE_MIN px in the scroll
// container's width (followed with a ResizeObserver); rows have a fixed height.
import { type RefObject, useLayoutEffect, useState } from 'react'

export const TILE_MIN = 104
export const GAP = 8
export const ROW_HEIGHT = 112 + GAP
export const PADDING = 16

export const columnsFor = (width: number) =>
  Math.max(1, Math.floor((width - 2 * PADDING + GAP) / (TILE_MIN + GAP)))

export function useGridColumns(ref: RefObject<HTMLElement | null>): number {
  const [columns, setColumns] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setColumns(columnsFor(element.clientWidth))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return columns
}
