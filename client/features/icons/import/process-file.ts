// One file through the import's pipeline, in the worker (svg-worker.ts) or on the main thread when
// workers are unavailable (svg-processor.ts): the SVG pipeline, then, when the workspace has review
// rules switched on, the shared checker on what it made (ADR 0413): the rules it fails, for the
// import report. The file is stored either way (failing rules make it wait for review, not refused).
import type { checkSvg } from '@common/review-rules/index.ts'
import type { ReviewRuleId, ReviewRules } from '@common/schemas/review-rules.ts'
import type { processSvg } from '@common/svg/index.ts'

export interface WorkItem {
  key: number
  text: string
  idPrefix: string
}
/** A batch for a worker: its files and the rules to check them against (null: none switched on). */
export interface WorkBatch {
  items: WorkItem[]
  rules: ReviewRules | null
}
export type WorkResult =
  | { key: number; svg: string; failing: ReviewRuleId[] }
  | { key: number; error: string }

export interface Pipeline {
  processSvg: typeof processSvg
  checkSvg: typeof checkSvg
}

export async function processFile(
  item: WorkItem,
  rules: ReviewRules | null,
  pipeline: Pipeline,
): Promise<WorkResult> {
  let svg: string
  try {
    svg = await pipeline.processSvg(item.text, { idPrefix: item.idPrefix })
  } catch (error) {
    return { key: item.key, error: error instanceof Error ? error.message : String(error) }
  }
  let failing: ReviewRuleId[] = []
  if (rules) {
    try {
      failing = pipeline.checkSvg(svg, rules).flatMap((check) => (check.ok ? [] : [check.rule]))
    } catch {
      // The checker refusing what the pipeline made leaves the verdict to the detail panel.
    }
  }
  return { key: item.key, svg, failing }
}
