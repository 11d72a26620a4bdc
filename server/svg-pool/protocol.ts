// The messages between the SVG pool and its worker threads.
import type { SvgErrorCode } from '../../common/svg/index.ts'

export type ToWorker = { id: number; input: string; idPrefix: string }

export type FromWorker =
  | { ready: true }
  /** served: the markup to serve for svg, when it differs from svg (served-svg.ts). */
  | { id: number; svg: string; served?: string }
  | { id: number; code: SvgErrorCode; message: string }
  | { id: number; error: string }
