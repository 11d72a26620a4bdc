// The messages between the SVG pool and its worker threads: `process` runs the upload pipeline on
// one icon (and, when asked, measures its output: a create's one trip to the pool); `serve` sanitises stored markup for serving (served-svg.ts), several at a time;
// `measure` gives stored drawings' hashes and fingerprints (fingerprint.ts, the duplicate check);
// `check` runs a workspace's review rules on stored drawings (common/review-rules, ADR 0110).
import type { ReviewRules, RuleCheck } from '../../common/schemas/review-rules.ts'
import type { SvgErrorCode } from '../../common/svg/index.ts'
import type { DrawingMeasure } from './fingerprint.ts'

export type Job =
  | { kind: 'process'; input: string; idPrefix: string; measure?: boolean }
  | { kind: 'serve'; inputs: string[] }
  | { kind: 'measure'; inputs: string[] }
  | { kind: 'check'; inputs: string[]; rules: ReviewRules }

export type ToWorker = Job & { id: number }

/** cpuMs: the worker thread's CPU time spent on a `process` job (charged to its lane's budget). */
export type FromWorker =
  | { ready: true }
  /**
   * served: the markup to serve for svg, when it differs from svg (served-svg.ts). `measuring`: the
   * job asked for the measure too, which follows in a message of its own.
   */
  | { id: number; svg: string; served?: string; cpuMs?: number; measuring?: true }
  /** The measure of a `process` job's output (null: it could not be drawn). */
  | { id: number; measure: DrawingMeasure | null }
  /** The markup to serve for each input; null where it is the input itself. */
  | { id: number; served: (string | null)[] }
  /** Each input's measure; null where it could not be drawn. */
  | { id: number; measured: (DrawingMeasure | null)[] }
  /** Each input's verdicts, in the rules' order. */
  | { id: number; checked: RuleCheck[][] }
  | { id: number; code: SvgErrorCode; message: string; cpuMs?: number }
  | { id: number; error: string; cpuMs?: number }
