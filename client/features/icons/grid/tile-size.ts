// The grid's tile size (small, medium, large), remembered in this browser (localStorage) like the
// copy format, and each size's geometry: the narrowest tile, the row height (a drawing and two
// lines of name) and the drawing's size.
import { useSyncExternalStore } from 'react'

export const TILE_SIZES = {
  small: { label: 'Small', min: 84, row: 112, drawing: 24 },
  medium: { label: 'Medium', min: 104, row: 136, drawing: 36 },
  large: { label: 'Large', min: 148, row: 184, drawing: 64 },
} as const
export type TileSize = keyof typeof TILE_SIZES
export const TILE_SIZE_IDS = Object.keys(TILE_SIZES) as TileSize[]

const STORAGE_KEY = 'iconvault-tile-size'
const listeners = new Set<() => void>()
const isSize = (value: unknown): value is TileSize => TILE_SIZE_IDS.includes(value as TileSize)

function getTileSize(): TileSize {
  try {
    const saved = localStorage.getItem(STORAGE_KEY)
    return isSize(saved) ? saved : 'medium'
  } catch {
    return 'medium'
  }
}

function setTileSize(size: TileSize) {
  try {
    localStorage.setItem(STORAGE_KEY, size)
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The chosen tile size and its setter; other tabs follow a change. */
export function useTileSize(): [TileSize, (size: TileSize) => void] {
  return [useSyncExternalStore(subscribe, getTileSize, getTileSize), setTileSize]
}
