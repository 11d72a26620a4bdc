// Colour: currentColor (follows the text colour where the icon is used) or one fixed colour.
import { useMemo, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { CURRENT_COLOR, paintsOf, setColor } from '../ops/color.ts'
import { type Apply, Section } from './section.tsx'

/** A paint as a person reads it: a colour as written, a reference (url(#…)) by what it is. */
const readable = (paint: string) => (/^url\(/i.test(paint) ? 'gradient or pattern' : paint)

export function ColorSection({ svg, apply }: { svg: string; apply: Apply }) {
  const [fixed, setFixed] = useState('#5b5bd6')
  const paints = useMemo(() => {
    try {
      return [...new Set(paintsOf(svg).map(readable))]
    } catch {
      return []
    }
  }, [svg])
  return (
    <Section title="Colour">
      <p className="text-xs text-muted" data-testid="current-paints">
        Now:{' '}
        {paints.length
          ? paints.map((paint, i) => (
              <span key={paint} className="inline-flex items-center gap-1">
                {i > 0 ? ', ' : null}
                {paint.startsWith('#') ? (
                  <span
                    aria-hidden
                    className="inline-block size-3 rounded-sm border border-line"
                    style={{ backgroundColor: paint }}
                  />
                ) : null}
                {paint}
              </span>
            ))
          : 'default (black)'}
      </p>
      <Button variant="secondary" onClick={() => apply((current) => setColor(current, CURRENT_COLOR))}>
        Use currentColor
      </Button>
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={fixed}
          onChange={(e) => setFixed(e.target.value)}
          aria-label="Fixed colour"
          className="h-9 w-12 cursor-pointer rounded border border-line bg-raised"
        />
        <Button
          variant="secondary"
          className="flex-1"
          onClick={() => apply((current) => setColor(current, fixed))}
        >
          Use {fixed}
        </Button>
      </div>
    </Section>
  )
}
