// What the SVG worker pool (pool.ts) offers its callers: its options, its methods and what an
// upload's measured processing answers. Kept apart from the pool's workings (ADR 0102).
import type { ReviewRules, RuleCheck } from '../../common/schemas/review-rules.ts'
import type { DrawingMeasure } from './fingerprint.ts'

/** An upload's stored markup and its measure (null: it cannot be drawn). */
export type Measured = { svg: string; measure: DrawingMeasure | null }

export type SvgPoolOptions = {
  size?: number
  cpuDeadlineMs?: number
  /** How often a running icon's CPU is read (CPU_CHECK_MS; tests read it more often). */
  cpuCheckMs?: number
  wallDeadlineMs?: number
  maxWaitMs?: number
  maxQueued?: number
  maxQueuedPerLane?: number
  /** A lane's CPU budget: the most it holds and what it regains each second (ms of worker CPU). */
  cpuBudgetMs?: number
  cpuRefillMsPerS?: number
}

export type SvgPool = {
  /** processSvg in a worker. Throws SvgError (400) or ApiError 429/503 (busy, with Retry-After). */
  process(input: string, options: { idPrefix: string }, lane?: string): Promise<string>
  /**
   * processSvg and the result's measure (fingerprint.ts) in one job, so a create waits for the pool
   * once. The measure is null where the output cannot be drawn, or when the measure ran past the
   * deadline or lost its worker (the output stands; only the pipeline's CPU is charged to the lane).
   * Throws as `process`.
   */
  processMeasured(input: string, options: { idPrefix: string }, lane?: string): Promise<Measured>
  /** The markup to serve for each stored markup (sanitize-served.ts's sanitizeOrEmpty), in a worker. */
  serve(inputs: string[], lane?: string): Promise<string[]>
  /** Stored drawings' hashes and fingerprints (fingerprint.ts), in a worker; null where one cannot be drawn. */
  measure(inputs: string[], lane?: string): Promise<(DrawingMeasure | null)[]>
  /** Stored drawings against review rules (common/review-rules), in a worker; SvgError (400) for one it cannot read. */
  check(inputs: string[], rules: ReviewRules, lane?: string): Promise<RuleCheck[][]>
  /** Starts a first worker if none runs, so that the first icons do not wait for its start-up. */
  warm(): void
  close(): Promise<void>
  readonly size: number
  /** Workers alive, busy, icons waiting, workers replaced after a deadline or a crash. */
  stats(): { workers: number; busy: number; queued: number; replaced: number }
}

/** The 503 when the queue is full or an icon waited too long. */
export const SVG_POOL_BUSY = 'The server is busy processing icons. Please try again in a few seconds.'
