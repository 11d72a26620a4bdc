// The review rules' verdicts on a drawing, checked in the browser with the shared checker (ADR 0110).
import { anyRuleEnabled } from '@common/review-rules/rule-ids.ts'
import { useMemo } from 'react'
import { type CheckOutcome, checkDrawing } from '../lib/rule-checklist.ts'
import { useCheckedRules } from './review-rules.ts'

/**
 * The review rules' verdicts on a drawing, checked here in the browser with the shared checker (no
 * round trip): null without rules to check (personal projects, no workspace, none switched on) or
 * while the rules load; `error` when the pipeline refuses the drawing.
 */
export function useRuleChecks(svg: string | null, workspaceId: string | null): CheckOutcome | null {
  const rules = useCheckedRules(workspaceId).data
  return useMemo(() => {
    if (!svg || !rules || !anyRuleEnabled(rules.rules)) return null
    return checkDrawing(svg, rules.rules)
  }, [svg, rules])
}
