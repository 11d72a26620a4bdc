// Fit to the icon grid (16, 20, 24, 32 or 48) with padding on every side. The icon's own grid (its
// viewBox) is shown, and chosen when it is one of the sizes; 24 otherwise.
import { useEffect, useMemo, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Select } from '../../../components/ui/select.tsx'
import { DEFAULT_GRID, fitToGrid, GRID_SIZES, type GridSize } from '../ops/fit.ts'
import { num } from '../ops/matrix.ts'
import { readTree, type ViewBox, viewBoxOf } from '../ops/tree.ts'
import { type Apply, NumberField, Section } from './section.tsx'

const OPTIONS = GRID_SIZES.map((size) => ({ value: String(size), label: `${size} × ${size}` }))

function ownGrid(svg: string): ViewBox | null {
  try {
    return viewBoxOf(readTree(svg))
  } catch {
    return null
  }
}

const asGridSize = (vb: ViewBox | null): GridSize =>
  vb && vb.width === vb.height && (GRID_SIZES as readonly number[]).includes(vb.width)
    ? (vb.width as GridSize)
    : DEFAULT_GRID

export function GridSection({ svg, apply }: { svg: string; apply: Apply }) {
  const vb = useMemo(() => ownGrid(svg), [svg])
  const [size, setSize] = useState<GridSize>(() => asGridSize(vb))
  const own = asGridSize(vb)
  // A new icon size picks its grid again; other edits keep the choice.
  useEffect(() => setSize(own), [own])
  const [padding, setPadding] = useState(2)
  const valid = Number.isFinite(padding) && padding >= 0 && padding * 2 < size
  return (
    <Section title="Icon grid">
      {vb ? (
        <p className="text-xs text-muted" data-testid="icon-grid-now">
          This icon: {num(vb.width)} × {num(vb.height)}
        </p>
      ) : null}
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
