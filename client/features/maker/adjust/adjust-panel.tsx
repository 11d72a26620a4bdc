// The adjustments: each one is an op on the current SVG whose result becomes a new undo step.
import { useCallback } from 'react'
import { errorMessage } from '../../../lib/api.ts'
import { toast } from '../../../lib/toast.ts'
import { ColorSection } from './color-section.tsx'
import { GridSection } from './grid-section.tsx'
import { OrientSection } from './orient-section.tsx'
import type { Apply } from './section.tsx'
import { StrokeSection } from './stroke-section.tsx'

export function AdjustPanel({ svg, onEdit }: { svg: string; onEdit(svg: string): void }) {
  const apply = useCallback<Apply>(
    (edit) => {
      Promise.resolve()
        .then(() => edit(svg))
        .then(onEdit, (error: unknown) => toast(errorMessage(error)))
    },
    [svg, onEdit],
  )
  return (
    <div className="flex flex-col gap-4" data-testid="adjust-panel">
      <GridSection svg={svg} apply={apply} />
      <StrokeSection svg={svg} apply={apply} />
      <ColorSection svg={svg} apply={apply} />
      <OrientSection apply={apply} />
    </div>
  )
}
