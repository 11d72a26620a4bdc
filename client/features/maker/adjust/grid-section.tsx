// Fit to the icon grid (16, 20, 24, 32 or 48; 24 by default) with padding on every side.
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Select } from '../../../components/ui/select.tsx'
import { DEFAULT_GRID, fitToGrid, GRID_SIZES, type GridSize } from '../ops/fit.ts'
import { type Apply, NumberField, Section } from './section.tsx'

const OPTIONS = GRID_SIZES.map((size) => ({ value: String(size), label: `${size} × ${size}` }))

export function GridSection({ apply }: { apply: Apply }) {
  const [size, setSize] = useState<GridSize>(DEFAULT_GRID)
  const [padding, setPadding] = useState(2)
  const valid = Number.isFinite(padding) && padding >= 0 && padding * 2 < size
  return (
    <Section title="Icon grid">
      <div className="flex items-center justify-between gap-2 text-sm text-fg">
        <span aria-hidden>Grid</span>
        <Select
          value={String(size)}
          onValueChange={(v) => setSize(Number(v) as GridSize)}
          options={OPTIONS}
          aria-label="Grid size"
        />
      </div>
      <NumberField
        label="Padding"
        value={padding}
        min={0}
        max={size / 2 - 1}
        step={0.5}
        onChange={setPadding}
      />
      <Button
        variant="secondary"
        disabled={!valid}
        onClick={() => apply((svg) => fitToGrid(svg, { size, padding }))}
      >
        Fit to grid
      </Button>
    </Section>
  )
}
