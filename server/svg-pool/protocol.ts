// The messages between the SVG pool and its worker threads.
import type { SvgErrorCode } from '../../common/svg/index.ts'

export type ToWorker = { id: number; input: string; idPrefix: string }

export type FromWorker =
  | { ready: true }
  | { id: number; svg: string }
  | { id: number; code: SvgErrorCode; message: string }
  | { id: number; error: string }
