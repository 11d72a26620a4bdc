// One stored file's review checklist in the import report (ADR 0413), checked here from the memoised
// checker. Its own chunk: the checker brings the SVG parser, which the vault's first paint does not
// wait for (loaded when a file's checklist is first opened).
import type { ReviewRules } from '@common/schemas/review-rules.ts'
import { RuleChecklist } from '../../../components/review/rule-checklist.tsx'
import { checkDrawing } from '../../../lib/rule-checklist.ts'

export default function ImportChecklist({ svg, rules }: { svg: string; rules: ReviewRules }) {
  return <RuleChecklist svg={svg} outcome={checkDrawing(svg, rules)} />
}
