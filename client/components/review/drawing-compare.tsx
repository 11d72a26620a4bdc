// Two drawings of one icon compared (ADR 0407, 0413): side by side, or overlaid (the earlier one in
// red, the later in blue, a slider fading from one to the other), or a third view the caller gives
// (the review's pixel diff). Used by the version history's compare dialog and the review's diff.
// Drawings are <img> of data URIs, like every preview.
import { reviewMessages } from '@common/messages.ts'
import { type ReactNode, useState } from 'react'
import { ICON_INK, iconDataUri } from '../../lib/icon-image.ts'
import { useTheme } from '../../lib/theme.ts'
import { SegmentedToggle } from '../ui/segmented-toggle.tsx'

/** The overlay's two inks: the earlier drawing in a warm red, the later in the accent blue. */
export const THEN_INK = '#e11d48'
export const NOW_INK = '#2563eb'

interface ComparedDrawing {
  svg: string
  /** Its short name ("v3", "Now"), at the slider's ends and as the caption's title. */
  title: string
  /** What the caption adds after the title (the version's icon name). */
  detail?: string
  /** The image's text alternative. */
  alt: string
}

interface DrawingCompareProps {
  then: ComparedDrawing
  now: ComparedDrawing
  /** The slider's name and its value as words. */
  fadeLabel: string
  fadeText(fade: number): string
  /** A third view (its toggle's label and what it shows). */
  extra?: { label: string; view: ReactNode }
  /** The prefix of the views' test ids (`${testIds}-side`, -then, -now, -overlay, -fade). */
  testIds: string
  /** The chosen view, for the caller's container (data-mode). */
  onModeChange?(mode: CompareMode): void
}

export type CompareMode = 'side' | 'overlay' | 'extra'

function Pane({ drawing, ink, testId }: { drawing: ComparedDrawing; ink: string; testId: string }) {
  return (
    <figure className="flex min-w-0 flex-col gap-1">
      <div className="grid aspect-square place-items-center rounded-lg border border-line bg-bg p-[14%]">
        <img
          src={iconDataUri(drawing.svg, ink)}
          alt={drawing.alt}
          className="size-full object-contain"
          data-testid={testId}
        />
      </div>
      <figcaption className="truncate text-center text-sm">
        <span className="font-medium text-fg">{drawing.title}</span>
        {drawing.detail ? <span className="text-muted"> {drawing.detail}</span> : null}
      </figcaption>
    </figure>
  )
}

export function DrawingCompare({
  then,
  now,
  fadeLabel,
  fadeText,
  extra,
  testIds,
  onModeChange,
}: DrawingCompareProps) {
  const [mode, setMode] = useState<CompareMode>('side')
  const [fade, setFade] = useState(50)
  const ink = ICON_INK[useTheme()]
  const options = [
    { value: 'side' as const, label: reviewMessages.diffSide },
    { value: 'overlay' as const, label: reviewMessages.diffOverlay },
    ...(extra ? [{ value: 'extra' as const, label: extra.label }] : []),
  ]
  const choose = (next: CompareMode) => {
    setMode(next)
    onModeChange?.(next)
  }
  return (
    <>
      <SegmentedToggle legend="Compare as" options={options} value={mode} onChange={choose} />
      {mode === 'side' ? (
        <div className="grid grid-cols-2 gap-3" data-testid={`${testIds}-side`}>
          <Pane drawing={then} ink={ink} testId={`${testIds}-then`} />
          <Pane drawing={now} ink={ink} testId={`${testIds}-now`} />
        </div>
      ) : mode === 'overlay' ? (
        <div className="flex flex-col gap-2" data-testid={`${testIds}-overlay`}>
          <div className="relative mx-auto aspect-square w-full max-w-64 rounded-lg border border-line bg-bg">
            <div className="absolute inset-[14%]" style={{ opacity: (100 - fade) / 100 }}>
              <img
                src={iconDataUri(then.svg, THEN_INK)}
                alt={then.alt}
                className="size-full object-contain"
              />
            </div>
            <div className="absolute inset-[14%]" style={{ opacity: fade / 100 }}>
              <img src={iconDataUri(now.svg, NOW_INK)} alt={now.alt} className="size-full object-contain" />
            </div>
          </div>
          <div className="flex items-center gap-3 text-sm">
            <span className="font-medium" style={{ color: THEN_INK }}>
              {then.title}
            </span>
            <input
              type="range"
              min={0}
              max={100}
              step={5}
              value={fade}
              onChange={(e) => setFade(Number(e.target.value))}
              aria-label={fadeLabel}
              aria-valuetext={fadeText(fade)}
              className="h-8 flex-1 accent-accent"
              data-testid={`${testIds}-fade`}
            />
            <span className="font-medium" style={{ color: NOW_INK }}>
              {now.title}
            </span>
          </div>
        </div>
      ) : (
        extra?.view
      )}
    </>
  )
}
