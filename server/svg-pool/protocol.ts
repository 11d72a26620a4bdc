// The messages between the SVG pool and its worker threads: `process` runs the upload pipeline on
// one icon; `serve` sanitises stored markup for serving (served-svg.ts), several at a time.
import type { SvgErrorCode } from '../../common/svg/index.ts'

export type Job = { kind: 'process'; input: string; idPrefix: string } | { kind: 'serve'; inputs: string[] }

export type ToWorker = Job & { id: number }

export type FromWorker =
  | { ready: true }
  /** served: the markup to serve for svg, when it differs from svg (served-svg.ts). */
  | { id: number; svg: string; served?: string }
  /** The markup to serve for each input; null where it is the input itself. */
  | { id: number; served: (string | null)[] }
  | { id: number; code: SvgErrorCode; message: string }
  | { id: number; error: string }
