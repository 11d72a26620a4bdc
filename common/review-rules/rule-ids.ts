// The review rules' ids, in the order the checklists show them (ADR 0110). Apart from their schemas
// (common/schemas/review-rules.ts) so that what only names the rules does not load zod.
export const REVIEW_RULE_IDS = [
  'view_box',
  'stroke_width',
  'caps_joins',
  'fill',
  'no_raster_or_text',
  'precision',
  'max_elements',
  'live_area',
] as const
export type ReviewRuleId = (typeof REVIEW_RULE_IDS)[number]

/** Whether any rule is switched on: with none, nothing is checked. */
export const anyRuleEnabled = (rules: Record<ReviewRuleId, { enabled: boolean }>): boolean =>
  REVIEW_RULE_IDS.some((id) => rules[id].enabled)
