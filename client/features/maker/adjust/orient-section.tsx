// Rotate by quarter turns, flip, and optimise (svgo through the pipeline).
import { FlipHorizontal2, FlipVertical2, RotateCcw, RotateCw, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { optimize, optimizeReport } from '../ops/optimize.ts'
import { flip, rotate } from '../ops/orient.ts'
import { type Apply, Section } from './section.tsx'

export function OrientSection({ apply }: { apply: Apply }) {
  const [report, setReport] = useState<string | null>(null)
  const tools = [
    { label: 'Rotate 90° clockwise', icon: RotateCw, edit: (s: string) => rotate(s, 90) },
    { label: 'Rotate 180°', icon: RotateCw, edit: (s: string) => rotate(s, 180), text: '180°' },
    { label: 'Rotate 90° counter-clockwise', icon: RotateCcw, edit: (s: string) => rotate(s, 270) },
    { label: 'Flip horizontally', icon: FlipHorizontal2, edit: (s: string) => flip(s, 'horizontal') },
    { label: 'Flip vertically', icon: FlipVertical2, edit: (s: string) => flip(s, 'vertical') },
  ]
  return (
    <Section title="Rotate, flip, optimise">
      <div className="flex flex-wrap gap-1">
        {tools.map((tool) => (
          <Button
            key={tool.label}
            variant="secondary"
            size={tool.text ? 'sm' : 'icon'}
            className={tool.text ? 'h-8' : undefined}
            aria-label={tool.label}
            title={tool.label}
            onClick={() => apply(tool.edit)}
          >
            {tool.text ?? <tool.icon className="size-4" aria-hidden />}
          </Button>
        ))}
      </div>
      <Button
        variant="secondary"
        onClick={() =>
          apply(async (before) => {
            const after = await optimize(before)
            setReport(optimizeReport(before, after))
            return after
          })
        }
      >
        <Sparkles className="size-4" aria-hidden />
        Optimise
      </Button>
      <p role="status" className="text-xs text-muted" data-testid="optimize-report">
        {report}
      </p>
    </Section>
  )
}
