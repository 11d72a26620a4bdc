// The presets of the review rules and how an update changes a workspace's rules: a preset fills every
// rule; changing any rule after it makes the preset `custom`; null is no rules at all (ADR 0110).
//   lucide: Lucide's published conventions (24 grid, stroke 2, round caps and joins, no fill, 1 px
//           padding, three decimals); every icon of @iconify-json/lucide passes it.
//   filled: one colour, currentColor, on a 24 grid, no images or text, three decimals; strokes are
//           not required (or checked). Simple Icons' own set is not installed here: it is checked on
//           the filled sets that are (Material Design Icons, Phosphor's fill variants).
import type {
  ReviewPreset,
  ReviewRuleChanges,
  ReviewRuleId,
  ReviewRules,
  ReviewRulesState,
} from '../schemas/review-rules.ts'
import { REVIEW_RULE_IDS, reviewRuleSchemas } from '../schemas/review-rules.ts'

/** Every rule off, with the settings a workspace starts from when it turns one on. */
export const NO_RULES: ReviewRules = {
  view_box: { enabled: false, size: 24 },
  stroke_width: { enabled: false, allowed: [2] },
  caps_joins: { enabled: false, cap: 'round', join: 'round' },
  fill: { enabled: false, policy: 'none', palette: [] },
  no_raster_or_text: { enabled: false },
  precision: { enabled: false, max_decimals: 3 },
  max_elements: { enabled: false, max: 32 },
  live_area: { enabled: false, padding: 1 },
}

export const PRESET_RULES: Record<Exclude<ReviewPreset, 'custom'>, ReviewRules> = {
  lucide: {
    view_box: { enabled: true, size: 24 },
    stroke_width: { enabled: true, allowed: [2] },
    caps_joins: { enabled: true, cap: 'round', join: 'round' },
    fill: { enabled: true, policy: 'none', palette: [] },
    no_raster_or_text: { enabled: true },
    precision: { enabled: true, max_decimals: 3 },
    max_elements: { enabled: false, max: 32 },
    live_area: { enabled: true, padding: 0 },
  },
  filled: {
    view_box: { enabled: true, size: 24 },
    stroke_width: { enabled: false, allowed: [2] },
    caps_joins: { enabled: false, cap: 'round', join: 'round' },
    fill: { enabled: true, policy: 'current_color', palette: [] },
    no_raster_or_text: { enabled: true },
    precision: { enabled: true, max_decimals: 3 },
    max_elements: { enabled: false, max: 32 },
    live_area: { enabled: false, padding: 0 },
  },
}

const clone = (rules: ReviewRules): ReviewRules => structuredClone(rules)

/** The rules a preset sets (`custom` keeps `current`'s); null: none. */
function rulesOfPreset(preset: ReviewPreset | null, current: ReviewRules): ReviewRules {
  if (preset === null) return clone(NO_RULES)
  return clone(preset === 'custom' ? current : PRESET_RULES[preset])
}

/** `rules` with `changes` over them, rule by rule and setting by setting. */
export function withChanges(rules: ReviewRules, changes: ReviewRuleChanges): ReviewRules {
  const out = clone(rules)
  for (const id of REVIEW_RULE_IDS) {
    const change = changes[id]
    if (change) (out as Record<ReviewRuleId, unknown>)[id] = { ...out[id], ...change }
  }
  return out
}

const same = (a: ReviewRules, b: ReviewRules) =>
  REVIEW_RULE_IDS.every((id) => JSON.stringify(a[id]) === JSON.stringify(b[id]))

/**
 * What an update makes of the stored state: a preset given fills the rules (unchanged when absent),
 * rule changes go over them; any rule that then differs from what the preset set makes it `custom`.
 */
export function updatedRules(
  current: ReviewRulesState,
  update: { preset?: ReviewPreset | null | undefined; rules?: ReviewRuleChanges | undefined },
): ReviewRulesState {
  const preset = update.preset === undefined ? current.preset : update.preset
  const base = update.preset === undefined ? current.rules : rulesOfPreset(preset, current.rules)
  const rules = update.rules ? withChanges(base, update.rules) : base
  return { preset: same(base, rules) ? preset : 'custom', rules }
}

/** Stored rules read back: a rule missing or not valid (one added since) is off, with its starting settings. */
export function storedRules(value: unknown): ReviewRules {
  const stored = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>
  const out = clone(NO_RULES)
  for (const id of REVIEW_RULE_IDS) {
    const parsed = reviewRuleSchemas[id].safeParse(stored[id])
    if (parsed.success) (out as Record<ReviewRuleId, unknown>)[id] = parsed.data
  }
  return out
}
