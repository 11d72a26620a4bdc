// The grid's tile size (small, medium, large), remembered in this browser (localStorage) like the
// copy format, and each size's geometry: the narrowest tile, the row height (a drawing and two
// lines of name) and the drawing's size.
import { localChoice } from '../../../lib/local-choice.ts'

export const TILE_SIZES = {
  small: { label: 'Small', min: 84, row: 112, drawing: 24 },
  medium: { label: 'Medium', min: 104, row: 136, drawing: 36 },
  large: { label: 'Large', min: 148, row: 184, drawing: 64 },
} as const
export type TileSize = keyof typeof TILE_SIZES
export const TILE_SIZE_IDS = Object.keys(TILE_SIZES) as TileSize[]

const choice = localChoice('iconvault-tile-size', TILE_SIZE_IDS, 'medium')

/** The chosen tile size and its setter; other tabs follow a change. */
export const useTileSize = (): [TileSize, (size: TileSize) => void] => choice.use()
