// Workspace Settings → Review rules (ADR 0110): the preset (none, Lucide, filled, custom) and each rule
// with a switch and its settings, for owners and admins; each change is saved at once. Anyone else
// reads them as text. Every control is labelled; the rows wrap at 375 px.
import { reviewMessages } from '@common/messages.ts'
import { can, type Role } from '@common/permissions.ts'
import {
  FILL_POLICIES,
  LINE_CAPS,
  LINE_JOINS,
  REVIEW_RULE_IDS,
  type ReviewPreset,
  type ReviewRuleId,
  type ReviewRules,
} from '@common/schemas/review-rules.ts'
import { type KeyboardEvent, useId, useState } from 'react'
import { Input, Label } from '../../components/ui/input.tsx'
import { Select } from '../../components/ui/select.tsx'
import { Switch } from '../../components/ui/switch.tsx'
import { type ReviewRulesUpdate, useReviewRules, useUpdateReviewRules } from '../../data/review-rules.ts'

const RULE_LABELS = reviewMessages.ruleLabels
const PRESETS = [
  { value: 'none', label: 'No rules' },
  { value: 'lucide', label: 'Lucide (outline, stroke 2)' },
  { value: 'filled', label: 'Filled (currentColor)' },
  { value: 'custom', label: 'Custom' },
] as const
type PresetChoice = (typeof PRESETS)[number]['value']
const FILL_LABELS = { none: 'No fill (outline)', current_color: 'currentColor only', palette: 'Palette only' }

/** The rule's settings in words (what a reader sees). */
function summary(id: ReviewRuleId, rules: ReviewRules): string {
  const r = rules
  switch (id) {
    case 'view_box':
      return `0 0 ${r.view_box.size} ${r.view_box.size}`
    case 'stroke_width':
      return r.stroke_width.allowed.join(', ')
    case 'caps_joins':
      return `${r.caps_joins.cap} caps, ${r.caps_joins.join} joins`
    case 'fill':
      return r.fill.policy === 'palette' ? `palette ${r.fill.palette.join(', ')}` : FILL_LABELS[r.fill.policy]
    case 'no_raster_or_text':
      return 'shapes only'
    case 'precision':
      return `at most ${r.precision.max_decimals} decimals`
    case 'max_elements':
      return `at most ${r.max_elements.max}`
    case 'live_area':
      return `padding ${r.live_area.padding}`
  }
}

/** A text field saved when it loses focus or on Enter (which must not submit the settings form). */
function CommitField({
  label,
  value,
  onCommit,
}: {
  label: string
  value: string
  onCommit: (v: string) => void
}) {
  const id = useId()
  const [draft, setDraft] = useState(value)
  const commit = () => draft.trim() !== value && onCommit(draft.trim())
  const enter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return
    e.preventDefault()
    commit()
  }
  return (
    <span className="flex items-center gap-2">
      <Label htmlFor={id} className="text-xs text-muted">
        {label}
      </Label>
      <Input
        id={id}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={enter}
        className="h-8 w-28"
      />
    </span>
  )
}

const numbers = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)

function RuleSettings({
  id,
  rules,
  change,
}: {
  id: ReviewRuleId
  rules: ReviewRules
  change: (u: ReviewRulesUpdate) => void
}) {
  const set = (settings: object) => change({ rules: { [id]: settings } })
  const label = RULE_LABELS[id]
  switch (id) {
    case 'view_box':
      return (
        <CommitField
          label="Size"
          value={String(rules.view_box.size)}
          onCommit={(v) => set({ size: Number(v) })}
        />
      )
    case 'stroke_width':
      return (
        <CommitField
          label="Widths"
          value={rules.stroke_width.allowed.join(', ')}
          onCommit={(v) => set({ allowed: numbers(v) })}
        />
      )
    case 'caps_joins':
      return (
        <span className="flex flex-wrap gap-2">
          <Select
            aria-label={`${label}: cap`}
            value={rules.caps_joins.cap}
            onValueChange={(cap) => set({ cap })}
            options={LINE_CAPS.map((v) => ({ value: v, label: `${v} caps` }))}
          />
          <Select
            aria-label={`${label}: join`}
            value={rules.caps_joins.join}
            onValueChange={(join) => set({ join })}
            options={LINE_JOINS.map((v) => ({ value: v, label: `${v} joins` }))}
          />
        </span>
      )
    case 'fill':
      return (
        <span className="flex flex-wrap gap-2">
          <Select
            aria-label={`${label}: policy`}
            value={rules.fill.policy}
            onValueChange={(policy) => set({ policy })}
            options={FILL_POLICIES.map((v) => ({ value: v, label: FILL_LABELS[v] }))}
          />
          {rules.fill.policy === 'palette' ? (
            <CommitField
              label="Colours"
              value={rules.fill.palette.join(', ')}
              onCommit={(v) => set({ palette: v.split(/[\s,]+/).filter(Boolean) })}
            />
          ) : null}
        </span>
      )
    case 'precision':
      return (
        <CommitField
          label="Decimals"
          value={String(rules.precision.max_decimals)}
          onCommit={(v) => set({ max_decimals: Number(v) })}
        />
      )
    case 'max_elements':
      return (
        <CommitField
          label="At most"
          value={String(rules.max_elements.max)}
          onCommit={(v) => set({ max: Number(v) })}
        />
      )
    case 'live_area':
      return (
        <CommitField
          label="Padding"
          value={String(rules.live_area.padding)}
          onCommit={(v) => set({ padding: Number(v) })}
        />
      )
    default:
      return null
  }
}

export function ReviewRulesSection({ workspaceId, role }: { workspaceId: string; role: Role }) {
  const { data } = useReviewRules(workspaceId)
  const update = useUpdateReviewRules(workspaceId)
  const presetId = useId()
  const editable = can(role, 'workspace:review-rules')
  if (!data) return <p className="text-sm text-muted">Loading review rules…</p>
  const change = (u: ReviewRulesUpdate) => update.mutate(u)
  const preset: PresetChoice = data.preset ?? 'none'
  return (
    <section
      aria-labelledby={`${presetId}-title`}
      className="flex flex-col gap-3 rounded-lg border border-line p-3"
      data-testid="review-rules"
    >
      <div>
        <h3 id={`${presetId}-title`} className="text-sm font-medium">
          Review rules
        </h3>
        <p className="text-xs text-muted">Every drawing is checked against the rules switched on.</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={presetId}>Preset</Label>
        <Select<PresetChoice>
          id={presetId}
          value={preset}
          disabled={!editable || update.isPending}
          onValueChange={(v) => change({ preset: v === 'none' ? null : (v as ReviewPreset) })}
          options={PRESETS}
        />
      </div>
      <ul className="flex flex-col gap-2">
        {REVIEW_RULE_IDS.map((id) => (
          <li
            key={`${id}-${JSON.stringify(data.rules[id])}`}
            className="flex flex-wrap items-center gap-x-3 gap-y-1"
          >
            {editable ? (
              <Switch
                aria-label={RULE_LABELS[id]}
                checked={data.rules[id].enabled}
                onCheckedChange={(enabled) => change({ rules: { [id]: { enabled } } })}
              />
            ) : null}
            <span className="min-w-32 text-sm">{RULE_LABELS[id]}</span>
            {editable && data.rules[id].enabled ? (
              <RuleSettings id={id} rules={data.rules} change={change} />
            ) : (
              <span className="text-xs text-muted">
                {data.rules[id].enabled ? summary(id, data.rules) : 'off'}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
