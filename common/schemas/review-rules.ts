// A workspace's review rules (ADR 0110): the rule ids, each rule's settings, the presets' names, the
// bodies and queries of GET /api/workspaces/review-rules, POST /api/workspaces/update-review-rules,
// GET /api/icons/checks and POST /api/icons/check-rules, and what a check answers.
import { z } from 'zod'
import { messages } from '../messages.ts'
import { REVIEW_RULE_IDS, type ReviewRuleId } from '../review-rules/rule-ids.ts'
import { requiredId } from './fields.ts'

export { REVIEW_RULE_IDS, type ReviewRuleId }

/** `custom` once any rule differs from the preset chosen; null: no rules. */
const REVIEW_PRESETS = ['lucide', 'filled', 'custom'] as const
export type ReviewPreset = (typeof REVIEW_PRESETS)[number]

export const LINE_CAPS = ['butt', 'round', 'square'] as const
export const LINE_JOINS = ['miter', 'round', 'bevel'] as const
export const FILL_POLICIES = ['none', 'current_color', 'palette'] as const

const enabled = z.boolean({ error: 'enabled must be true or false' })
const length = (what: string, min: number) =>
  z
    .number({ error: `${what} must be a number` })
    .min(min, { error: `${what} must be at least ${min}` })
    .max(10_000, { error: `${what} must be at most 10000` })
const count = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a number` })
    .int({ error: `${what} must be a whole number` })
    .min(min, { error: `${what} must be at least ${min}` })
    .max(max, { error: `${what} must be at most ${max}` })
/** A palette colour: #rgb or #rrggbb, kept as lower-case #rrggbb. */
const paletteColor = z
  .string({ error: 'A palette colour must be text' })
  .trim()
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, { error: 'A palette colour must be #rgb or #rrggbb' })
  .transform((v) => (v.length === 4 ? `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}` : v).toLowerCase())

export const reviewRuleSchemas = {
  view_box: z.strictObject({ enabled, size: length('size', 1) }),
  stroke_width: z.strictObject({
    enabled,
    allowed: z
      .array(length('A stroke width', 0.01), { error: 'allowed must be a list of widths' })
      .min(1, { error: 'Allow at least one stroke width' })
      .max(16, { error: 'Allow at most 16 stroke widths' }),
  }),
  caps_joins: z.strictObject({
    enabled,
    cap: z.enum(LINE_CAPS, { error: 'cap must be butt, round or square' }),
    join: z.enum(LINE_JOINS, { error: 'join must be miter, round or bevel' }),
  }),
  fill: z.strictObject({
    enabled,
    policy: z.enum(FILL_POLICIES, { error: 'policy must be none, current_color or palette' }),
    palette: z.array(paletteColor, { error: 'palette must be a list of colours' }).max(64, {
      error: 'A palette holds at most 64 colours',
    }),
  }),
  no_raster_or_text: z.strictObject({ enabled }),
  precision: z.strictObject({ enabled, max_decimals: count('max_decimals', 0, 8) }),
  max_elements: z.strictObject({ enabled, max: count('max', 1, 10_000) }),
  live_area: z.strictObject({ enabled, padding: length('padding', 0) }),
} as const

type RuleShapes = typeof reviewRuleSchemas
export type ReviewRules = { [K in ReviewRuleId]: z.output<RuleShapes[K]> }
export type ReviewRuleChanges = { [K in ReviewRuleId]?: Partial<z.output<RuleShapes[K]>> }

const unknownRule = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' ? `Unknown review rule: ${issue.keys?.join(', ')}` : undefined

/** Some rules, each with some of its settings: what an update changes. */
const reviewRuleChanges = z.strictObject(
  Object.fromEntries(REVIEW_RULE_IDS.map((id) => [id, reviewRuleSchemas[id].partial().optional()])) as {
    [K in ReviewRuleId]: z.ZodOptional<ReturnType<RuleShapes[K]['partial']>>
  },
  { error: (issue) => unknownRule(issue) ?? 'rules must be an object' },
)

const workspaceId = requiredId(messages.idRequired)

export const reviewRulesQuery = z.strictObject({ workspaceId })

export const updateReviewRulesBody = z
  .strictObject({
    workspaceId,
    preset: z
      .enum(REVIEW_PRESETS, { error: 'preset must be lucide, filled, custom or null' })
      .nullable()
      .optional(),
    rules: reviewRuleChanges.optional(),
  })
  .meta({ id: 'UpdateReviewRulesBody' })
export type UpdateReviewRulesBody = z.output<typeof updateReviewRulesBody>

export type ReviewRulesState = { preset: ReviewPreset | null; rules: ReviewRules }

export const iconChecksQuery = z.strictObject({ id: requiredId(messages.iconIdRequired) })

export const checkRulesBody = z
  .strictObject({
    workspace_id: requiredId(messages.idRequired),
    svg: z.string({ error: 'SVG is required' }).min(1, { error: 'SVG is required' }),
  })
  .meta({ id: 'CheckRulesBody' })

/** One enabled rule's verdict on a drawing; `elements` are the offenders' index paths in the tree. */
export type RuleCheck = { rule: ReviewRuleId; ok: boolean; message: string; elements: number[][] }
