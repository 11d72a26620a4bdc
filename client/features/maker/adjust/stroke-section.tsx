// Stroke width, in grid units, for icons drawn with strokes.
import { useEffect, useMemo, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { setStrokeWidth, strokeInfo } from '../ops/stroke.ts'
import { type Apply, NumberField, Section } from './section.tsx'

export function StrokeSection({ svg, apply }: { svg: string; apply: Apply }) {
  const info = useMemo(() => {
    try {
      return strokeInfo(svg)
    } catch {
      return { stroked: false, width: null }
    }
  }, [svg])
  const [width, setWidth] = useState(info.width ?? 2)
  useEffect(() => setWidth(info.width ?? 2), [info.width])
  return (
    <Section title="Stroke">
      {info.stroked ? (
        <>
          <NumberField
            label="Stroke width"
            value={width}
            min={0.25}
            max={8}
            step={0.25}
            onChange={setWidth}
          />
          <Button
            variant="secondary"
            disabled={!(width > 0) || width === info.width}
            onClick={() => apply((current) => setStrokeWidth(current, width))}
          >
            Set stroke width
          </Button>
        </>
      ) : (
        <p className="text-xs text-muted">This icon has no strokes.</p>
      )}
    </Section>
  )
}
